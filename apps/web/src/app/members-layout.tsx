import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { homePath } from '@portal/domain/navigation.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { PortalShell } from '../ui/portal-shell.tsx';
import { isStaff } from '../lib/guards.ts';
import { HeaderCartLink } from './cart-count.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { SideMenu } from './side-menu.tsx';

/** Only the menu items every member has, for a frame drawn before anyone is known. */
const everyMembersAccess = { toolKitAccess: false, schoolLeaderAccess: false };

/**
 * The header and side menu around every /members page. Without a user it is the frame the build
 * prerenders (apps/web/src/app/prerender.tsx): no name, and the menu every member sees.
 */
export function MembersFrame({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  return (
    <PortalShell
      navLabel="Side menu"
      homeTo={homePath}
      headerEnd={
        user ? (
          <>
            {isStaff(user) ? (
              <Anchor component={Link} to="/admin">
                Staff console
              </Anchor>
            ) : null}
            <Text>{displayName(user)}</Text>
          </>
        ) : null
      }
      headerAside={user ? <HeaderCartLink signedIn /> : null}
      nav={(close) => (
        <SideMenu
          contentAccess={user?.contentAccess ?? everyMembersAccess}
          signedIn={user !== null}
          onNavigate={close}
        />
      )}
    >
      {user?.impersonator ? <ImpersonationBanner user={user} /> : null}
      {children}
    </PortalShell>
  );
}

/** The frame of every /members page: header, side menu, impersonation banner, then the page. */
export function MembersLayout() {
  const user = useCurrentUser();

  // The route guard made sure someone is signed in; null only for the moment of signing out.
  if (!user) return <PageLoader />;

  return (
    <MembersFrame user={user}>
      <Outlet />
    </MembersFrame>
  );
}
