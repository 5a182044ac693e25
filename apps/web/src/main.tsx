import './styles.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loginPathFor } from '@portal/domain/navigation.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { currentUserQuery } from './lib/current-user.ts';
import { createQueryClient } from './lib/query-client.ts';

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
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Resolves once the first route's module and loaders are in. Rendering only then replaces what
 * index.html shows (the loading line, or a prerendered screen) with the page itself in one commit,
 * instead of with the route loader first.
 */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void routerReady().then(() => {
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
});
