import { Button, Divider, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { ContentAccess } from '@portal/domain/people/roles.ts';
import { visibleMenu } from '@portal/domain/navigation.ts';
import { useEndSession } from './use-end-session.ts';

interface SideMenuProps {
  contentAccess: ContentAccess;
  onNavigate?: () => void;
}

/** The side menu of organizations.md §2, in its order, then Log Out. */
export function SideMenu({ contentAccess, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const logOut = useEndSession('/api/auth/logout');

  return (
    <Stack gap={4} h="100%">
      {visibleMenu(contentAccess).map((item) => {
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
      })}
      <Divider my="sm" />
      <Button variant="default" onClick={() => logOut.mutate()} loading={logOut.isPending}>
        Log Out
      </Button>
    </Stack>
  );
}
