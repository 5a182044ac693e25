import { Anchor, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { displayName } from '@portal/domain/people.ts';
import { homePath } from '@portal/domain/navigation.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { PortalShell } from '../ui/portal-shell.tsx';
import { isStaff } from './guards.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { SideMenu } from './side-menu.tsx';

/** The frame of every /members page: header, side menu, impersonation banner, then the page. */
export function MembersLayout() {
  const user = useCurrentUser();

  // The route guard made sure someone is signed in; null only for the moment of signing out.
  if (!user) return <PageLoader />;

  return (
    <PortalShell
      navLabel="Side menu"
      homeTo={homePath}
      headerEnd={
        <>
          {isStaff(user) ? (
            <Anchor component={Link} to="/admin">
              Staff console
            </Anchor>
          ) : null}
          <Text>{displayName(user)}</Text>
        </>
      }
      nav={(close) => <SideMenu contentAccess={user.contentAccess} onNavigate={close} />}
    >
      {user.impersonator ? <ImpersonationBanner user={user} /> : null}
      <Outlet />
    </PortalShell>
  );
}
