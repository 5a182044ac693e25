import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { homePath, loginPathFor, safeIntendedPath, toolkitRefusedPath } from '@portal/domain/navigation.ts';
import { hasToolkitAccess } from '@portal/domain/people/roles.ts';
import { currentUserQuery } from './current-user.ts';

/**
 * Route loaders that decide, before any screen renders, whether the visitor may see it. They all read
 * the one `currentUserQuery`, so a navigation asks the server at most once who is signed in. Loaders
 * of a parent and its child run side by side, so each guard checks the sign-in itself.
 */

function signIn(request: Request): Response {
  const url = new URL(request.url);
  return redirect(loginPathFor(url.pathname + url.search));
}

/** The staff console: provider staff only, and not while viewing the portal as someone else. */
export function isStaff(user: CurrentUser): boolean {
  return user.role === 'STAFF' && user.impersonator === null;
}

/** Every /members/* screen: signed-out visitors go to sign in and come back afterwards. */
export const membersGuard =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    return user ? null : signIn(request);
  };

/** Treasure Chest and My Saved Resources: without toolkit access, back to the profile. */
export const toolkitGuard =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (!user) return signIn(request);
    return hasToolkitAccess(user.contentAccess) ? null : redirect(toolkitRefusedPath);
  };

export const staffGuard =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (!user) return signIn(request);
    return isStaff(user) ? null : redirect(homePath);
  };

/** The sign-in page: someone already signed in goes straight where they were heading. */
export const signedOutOnly =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    return user ? redirect(safeIntendedPath(new URL(request.url).searchParams.get('intended'))) : null;
  };

/** /members without a sign-in token has nothing to show: the profile is home. */
export const membersIndexRedirect = ({ request }: LoaderFunctionArgs) =>
  new URL(request.url).searchParams.get('token') ? null : redirect(homePath);
