import { NavLink } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

export interface MenuLinkItem {
  path: string;
  label: string;
  /** One Tabler icon per item (decision 0096): the eye finds a place by its shape before reading. */
  icon?: TablerIcon;
  /** Beside the label, such as the number of tickets in the cart. */
  rightSection?: ReactNode;
  /** Current on its own page only, not on the pages below it (a console's opening page). */
  exact?: boolean;
  /** The id of what describes the link beyond its label (a count beside it), so its name stays the label. */
  describedBy?: string;
}

interface MenuLinksProps {
  items: readonly MenuLinkItem[];
  /** Called on every click (a phone's drawer closes). */
  onNavigate?: (() => void) | undefined;
}

/** A menu's links: the one whose page (or a page below it) is open is marked current. */
export function MenuLinks({ items, onNavigate }: MenuLinksProps) {
  const { pathname } = useLocation();
  return items.map((item) => {
    const active = pathname === item.path || (!item.exact && pathname.startsWith(`${item.path}/`));
    const Icon = item.icon;
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={item.path}
        label={item.label}
        leftSection={Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : undefined}
        rightSection={item.rightSection}
        active={active}
        aria-current={active ? 'page' : undefined}
        aria-describedby={item.describedBy}
        onClick={onNavigate}
      />
    );
  });
}
