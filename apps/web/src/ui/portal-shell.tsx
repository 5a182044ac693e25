import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PortalShellProps {
  /** The accessible name of the navigation landmark ("Side menu", "Staff console"). */
  navLabel: string;
  /** Where the portal's name in the header leads. */
  homeTo: string;
  headerEnd: ReactNode;
  /** The menu; `close` folds it away again on small screens after a choice. */
  nav: (close: () => void) => ReactNode;
  children: ReactNode;
}

/** Header, a side navigation (a drawer behind a burger on small screens) and the main landmark. */
export function PortalShell({ navLabel, homeTo, headerEnd, nav, children }: PortalShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? `Close ${navLabel.toLowerCase()}` : `Open ${navLabel.toLowerCase()}`}
            />
            <Anchor component={Link} to={homeTo} fw={700} c="inherit" underline="never">
              Members Portal
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap">
            {headerEnd}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={navLabel}>
        {nav(close)}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
