import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';

/**
 * Screens whose markup is rendered at build time (vite.config.ts) and sent in their index.html, so a
 * phone paints the page's first screen from the HTML instead of after the scripts have loaded and
 * run. Only screens that look the same for every visitor and need no data before they show.
 */
const screens: Record<string, () => ReactNode> = {
  '/auth/login': () => <LoginPage />,
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
