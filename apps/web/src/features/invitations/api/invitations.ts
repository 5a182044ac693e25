import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import type { AcceptReply, InvitationLookup } from '@portal/domain/organizations/invitations.ts';
import { api } from '../../../lib/api.ts';

export const invitationKeys = {
  all: ['invitations'] as const,
  lookup: (code: string) => [...invitationKeys.all, code] as const,
};

/** GET /api/invitations/:code (public): 400 when the code is not a UUID, 404 when unknown or cancelled. */
export function invitationQuery(code: string) {
  return queryOptions({
    queryKey: invitationKeys.lookup(code),
    queryFn: ({ signal }) => api.get<InvitationLookup>(`/api/invitations/${encodeURIComponent(code)}`, signal),
    // Lookups are rate-limited: a code the route loader already found unknown is not asked about again.
    retryOnMount: false,
  });
}

/** POST /api/invitations/:code/accept (signed in as the invitee; 403 for anyone else). */
export function useAcceptInvitation(code: string) {
  return useMutation({
    mutationFn: () => api.post<AcceptReply>(`/api/invitations/${encodeURIComponent(code)}/accept`),
  });
}

/**
 * POST /api/invitations/:code/accept-with-password (public): sets the password, accepts and signs in,
 * answering with the new session's user; 409 when the account already has a password.
 */
export function useAcceptWithPassword(code: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<CurrentUser>(`/api/invitations/${encodeURIComponent(code)}/accept-with-password`, { password }),
  });
}
