import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { VerifyPage } from '../features/certificates/pages/verify-page.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { lazyModuleOf, preloadOf } from '../lib/routes.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { MembersFrame } from './members-layout.tsx';
import { appPages } from './preloads.ts';
import { Providers } from './providers.tsx';
import { createAppRoutes } from './router.tsx';

/** The members' frame: every page under it is prerendered in it. */
const membersLayout = 'src/app/members-layout.tsx';

function render(path: string, screen: ReactNode): string {
  return renderToString(
    <Providers queryClient={createQueryClient()}>
      <StaticRouter location={path}>
        <Routes>
          <Route path={path} element={screen} />
        </Routes>
      </StaticRouter>
    </Providers>,
  );
}

/** A page's component, from its route's lazy module as the router loads it. */
async function componentOf(route: RouteObject): Promise<ComponentType | undefined> {
  if (typeof route.lazy !== 'function') return undefined;
  return (await route.lazy()).Component ?? undefined;
}

/**
 * A members page as its first screen before anyone is known: the frame with no name and the menu every member has,
 * and the page as it looks while its reads are on their way (its heading and loaders, no one's data). A page that
 * cannot be drawn without the browser gets the frame and a loader.
 */
function membersScreen(path: string, Page: ComponentType | undefined): string {
  const framed = (page: ReactNode) => render(path, <MembersFrame user={null}>{page}</MembersFrame>);
  if (Page) {
    try {
      return framed(<Page />);
    } catch {
      // Drawn below without the page.
    }
  }
  return framed(<PageLoader />);
}

/**
 * The screens that look the same whatever the address's query: sign-in's `intended` and the others' parameters
 * change nothing they draw. A members page reads its query (a search, filters, a page of its list) into what it
 * draws, so its screen, drawn at the bare address, is sent only for an address without one: drawn for
 * `/members/events?kind=INSTITUTE` it would show "All kinds" until the app replaced it, and a reload would have the
 * browser restore the fields' old values into it.
 */
export const screensForAnyQuery = ['/auth/login', '/auth/forgot-password', '/verify/:code'];

/**
 * Screens whose markup is rendered at build time (vite.config.ts) and sent in their index.html, so a
 * phone paints the page's first screen from the HTML instead of after the scripts have loaded and
 * run: the public pages a stranger opens from a link (sign-in, a forgotten password, a certificate's
 * check, which is its frame and loader until its read answers), and every page in the members' frame
 * (by its address pattern, the same markup for every address it matches). Only what looks the same
 * for every visitor. The app replaces it with the visitor's own page, or sends a visitor who is not
 * signed in to sign in.
 */
export async function prerenderScreens(): Promise<Record<string, string>> {
  const screens: Record<string, string> = {
    '/auth/login': render('/auth/login', <LoginPage />),
    '/auth/forgot-password': render('/auth/forgot-password', <ForgotPasswordPage />),
    '/verify/:code': render('/verify/:code', <VerifyPage />),
  };
  for (const { path, route, above } of appPages(createAppRoutes(createQueryClient()))) {
    if (!above.some((layout) => lazyModuleOf(layout) === membersLayout)) continue;
    const drawn = preloadOf(route)?.firstScreen === 'loader' ? undefined : await componentOf(route);
    screens[path] = membersScreen(path, drawn);
  }
  return screens;
}
