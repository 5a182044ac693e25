import { render } from '@testing-library/react';
import { Profiler, StrictMode } from 'react';
// Not react-router/dom's RouterProvider (main.tsx's): under vitest on Node 20 it loads react-router's ESM build while
// the app's hooks get the CommonJS one, and they would not share the router's context. The bundle has one build.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createAppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

interface RenderAppOptions {
  /** Mantine's test environment (no layout checks on popovers): for pages whose tests open Select dropdowns. */
  mantineEnv?: 'default' | 'test';
  /** Called on each commit React makes of the app: for tests that count a page's commits. */
  onCommit?: () => void;
}

/** The whole app (routes, guards, lazy pages) in memory, starting at `url`, in StrictMode as in main.tsx. */
export function renderApp(url: string, { mantineEnv = 'default', onCommit }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [url] });
  const view = render(
    <StrictMode>
      <Providers queryClient={queryClient} mantineEnv={mantineEnv}>
        <Profiler id="app" onRender={() => onCommit?.()}>
          <RouterProvider router={router} />
        </Profiler>
      </Providers>
    </StrictMode>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, queryClient, location };
}
