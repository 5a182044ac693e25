import type { NavigateFunction } from 'react-router';

/** The one way out of the single-page app; an object so tests can watch it (jsdom cannot navigate). */
export const browserWindow = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Follows a redirect the API chose (a payment provider's page, or one of ours): a path of this site
 * stays in the app; any other address is left for with a full page load.
 */
export function followRedirect(url: string, navigate: NavigateFunction): void {
  if (url.startsWith('/') && !url.startsWith('//')) {
    void navigate(url);
    return;
  }
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) void navigate(target.pathname + target.search + target.hash);
  else browserWindow.assign(target.href);
}
