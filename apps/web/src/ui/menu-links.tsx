import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';

interface MenuLinksProps {
  items: readonly { path: string; label: string }[];
  /** Called on every click (a phone's drawer closes). */
  onNavigate?: (() => void) | undefined;
}

/** A menu's links: the one whose page (or a page below it) is open is marked current. */
export function MenuLinks({ items, onNavigate }: MenuLinksProps) {
  const { pathname } = useLocation();
  return items.map((item) => {
    const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={item.path}
        label={item.label}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  });
}
