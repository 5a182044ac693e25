import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { CataloguePage } from '../features/catalogue/pages/catalogue-page.tsx';
import { ProfilePage } from '../features/profile/pages/profile-page.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { MembersFrame } from './members-layout.tsx';
import { Providers } from './providers.tsx';

/**
 * Screens whose markup is rendered at build time (vite.config.ts) and sent in their index.html, so a
 * phone paints the page's first screen from the HTML instead of after the scripts have loaded and
 * run. Only what looks the same for every visitor: the sign-in screen, and for the pages most
 * sign-ins land on, the members frame with the page's heading and its loaders (no one's data, no
 * name, the menu every member has). The app replaces it with the visitor's own page, or sends a
 * visitor who is not signed in to sign in.
 */
const screens: Record<string, () => ReactNode> = {
  '/auth/login': () => <LoginPage />,
  '/members/profile': () => (
    <MembersFrame user={null}>
      <ProfilePage />
    </MembersFrame>
  ),
  '/members/events': () => (
    <MembersFrame user={null}>
      <CataloguePage />
    </MembersFrame>
  ),
};

function render(path: string, screen: ReactNode): string {
  return renderToString(
    <Providers queryClient={createQueryClient()}>
      <StaticRouter location={path}>{screen}</StaticRouter>
    </Providers>,
  );
}

/** Each prerendered path with its screen's markup, for the server to place in #root. */
export function prerenderScreens(): Record<string, string> {
  return Object.fromEntries(Object.entries(screens).map(([path, screen]) => [path, render(path, screen())]));
}
