import { queryOptions } from '@tanstack/react-query';
import type { GroupRegistrationOfferReply } from '@portal/domain/registrations/requests.ts';
import { api } from '../../lib/api.ts';

/**
 * Query keys of group registration, shared by the event page ('Request seats') and the requests
 * pages: a new request marks the list out of date.
 */
export const registrationKeys = {
  all: ['registration-requests'] as const,
  lists: ['registration-requests', 'list'] as const,
  list: (page: number) => ['registration-requests', 'list', page] as const,
  detail: (requestId: string) => ['registration-requests', 'detail', requestId] as const,
  offer: (eventId: string) => ['registration-requests', 'offer', eventId] as const,
};

/** GET /api/catalogue/events/{id}/group-registration: the offer, or null when the event is not open to group registration. */
export function groupOfferQuery(eventId: string) {
  return queryOptions({
    queryKey: registrationKeys.offer(eventId),
    queryFn: ({ signal }) =>
      api.get<GroupRegistrationOfferReply>(
        `/api/catalogue/events/${encodeURIComponent(eventId)}/group-registration`,
        signal,
      ),
  });
}
