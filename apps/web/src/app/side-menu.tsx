import { Button, Divider, Stack } from '@mantine/core';
import type { ContentAccess } from '@portal/domain/people/roles.ts';
import { visibleMenu } from '@portal/domain/navigation.ts';
import { MenuLinks } from '../ui/menu-links.tsx';
import { useEndSession } from './use-end-session.ts';

interface SideMenuProps {
  contentAccess: ContentAccess;
  onNavigate?: () => void;
}

/** The side menu of organizations.md §2, in its order, then Log Out. */
export function SideMenu({ contentAccess, onNavigate }: SideMenuProps) {
  const logOut = useEndSession('/api/auth/logout');

  return (
    <Stack gap={4} h="100%">
      <MenuLinks items={visibleMenu(contentAccess)} onNavigate={onNavigate} />
      <Divider my="sm" />
      <Button variant="default" onClick={() => logOut.mutate()} loading={logOut.isPending}>
        Log Out
      </Button>
    </Stack>
  );
}
