import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
// React's own useId: Mantine's swaps its id in a layout effect, which renders the whole frame a second time as the page
// starts.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand.tsx';
import { SkipLink, mainContentId } from './skip-link.tsx';

interface PortalShellProps {
  /** The accessible name of the navigation landmark ("Side menu", "Staff console"). */
  navLabel: string;
  /** Where the portal's name in the header leads. */
  homeTo: string;
  headerEnd: ReactNode;
  /** Stays in the header on a phone too, beside the name (the cart), where headerEnd moves into the menu. */
  headerAside?: ReactNode;
  /** The menu; `close` folds it away again on small screens after a choice. */
  nav: (close: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * Header, a side navigation (a drawer behind a burger on small screens) and the main landmark,
 * after a "Skip to content" link. Escape folds the open menu away and gives the focus back to its
 * button, as a disclosure does.
 */
export function PortalShell({ navLabel, homeTo, headerEnd, headerAside, nav, children }: PortalShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const navId = useId();
  const burger = useRef<HTMLButtonElement>(null);
  // Below 36em the header holds only the menu button and the name: what sat at its end moves to
  // the top of the menu, so the header never grows wider than a phone.
  const compact = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              ref={burger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-expanded={opened}
              aria-controls={navId}
              aria-label={opened ? `Close ${navLabel.toLowerCase()}` : `Open ${navLabel.toLowerCase()}`}
            />
            <Anchor component={Link} to={homeTo} c="inherit" underline="never">
              <BrandMark />
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {compact ? null : headerEnd}
            {headerAside}
          </Group>
        </Group>
      </AppShell.Header>
      {/* The staff console's menu is taller than a laptop screen: the menu scrolls on its own. */}
      <AppShell.Navbar p="sm" aria-label={navLabel} id={navId} style={{ overflowY: 'auto' }}>
        {compact ? (
          <Group gap="xs" pb="sm" style={{ overflowWrap: 'anywhere' }}>
            {headerEnd}
          </Group>
        ) : null}
        {nav(close)}
      </AppShell.Navbar>
      <AppShell.Main id={mainContentId} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
