import './styles.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loginPathFor } from '@portal/domain/navigation.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { currentUserQuery } from './lib/current-user.ts';
import { createQueryClient } from './lib/query-client.ts';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Ends the current task. Starting the app is split at these points into pieces the browser can
 * paint and answer input between: a page painted from prerendered HTML is already on screen, and
 * one long task would keep it from responding.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the first route's module and loaders are in. Rendering only then replaces what
 * index.html shows (the loading line, or a prerendered screen) with the page itself in one commit,
 * instead of with the route loader first.
 */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Loads the browser's locale data on another thread while the app's modules load (lib/intl-warmup.ts), so the
 * first date or price a page draws does not load it inside the render's task.
 */
function warmUpFormatters(): void {
  try {
    new Worker(new URL('./lib/intl-warmup.ts', import.meta.url), { type: 'module' });
  } catch {
    // A browser that cannot start the worker loads the data on the first date it formats, as it did before.
  }
}

async function start(root: HTMLElement) {
  const queryClient = createQueryClient({
    // The session ended while a page was open (expired or revoked): sign in again, then come back.
    onUnauthorized: () => {
      // A navigation under way has route guards of its own, which send the visitor to sign in.
      if (router.state.navigation.state !== 'idle') return;
      const { pathname, search } = router.state.location;
      if (pathname.startsWith('/auth/')) return;
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      void router.navigate(loginPathFor(pathname + search), { replace: true });
    },
  });
  await nextTask();
  const router = createAppRouter(queryClient);
  await nextTask();
  router.initialize();
  await routerReady(router);
  await nextTask();
  // A transition renders the first screen in slices that let the browser paint and answer input between them.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
warmUpFormatters();
void start(root);
