import { Anchor, Stack, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { displayName } from '@portal/domain/people/names.ts';
import { homePath } from '@portal/domain/navigation.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { MenuLinks } from '../ui/menu-links.tsx';
import { PortalShell } from '../ui/portal-shell.tsx';

const staffMenu = [
  { label: 'Users', path: '/admin/users' },
  { label: 'Organizations', path: '/admin/organizations' },
  { label: 'Districts', path: '/admin/districts' },
  { label: 'Purchase orders', path: '/admin/purchase-orders' },
  { label: 'Event payments', path: '/admin/event-payments' },
  { label: 'Events', path: '/admin/events' },
  { label: 'Coupons', path: '/admin/coupons' },
  { label: 'Applications', path: '/admin/applications' },
  { label: 'Registration requests', path: '/admin/registration-requests' },
  { label: 'Packages', path: '/admin/packages' },
  { label: 'Toolkit library', path: '/admin/toolkit' },
  { label: 'Organization resources', path: '/admin/organization-resources' },
  { label: 'Video collections', path: '/admin/video-collections' },
  { label: 'School years', path: '/admin/school-years' },
] as const;

/** The staff console's frame: its own menu, and a way back to the members portal. */
export function AdminLayout() {
  const user = useCurrentUser();

  return (
    <PortalShell
      navLabel="Staff console"
      homeTo="/admin"
      headerEnd={
        <>
          <Anchor component={Link} to={homePath}>
            Members portal
          </Anchor>
          {user ? <Text>{displayName(user)}</Text> : null}
        </>
      }
      nav={(close) => (
        <Stack gap={4}>
          <MenuLinks items={staffMenu} onNavigate={close} />
        </Stack>
      )}
    >
      <Outlet />
    </PortalShell>
  );
}
