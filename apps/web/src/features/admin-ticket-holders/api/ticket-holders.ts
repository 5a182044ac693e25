import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ticketHolderKinds,
  type TicketHolderKind,
  type TicketHolderPage,
} from '@portal/domain/tickets/ticket-holders.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';

export const ticketHolderPageSize = 25;

export interface TicketHolderParams extends ListParams {
  kind: TicketHolderKind | 'ALL';
}

/** The list the URL asks for: ?search=&page=&kind= (every kind unless told). */
export function ticketHolderParams(searchParams: URLSearchParams): TicketHolderParams {
  const kind = searchParams.get('kind');
  return {
    ...listParams(searchParams),
    kind: ticketHolderKinds.includes(kind as TicketHolderKind) ? (kind as TicketHolderKind) : 'ALL',
  };
}

/** The list's filters as the API reads them, for the list and for its export alike. */
export const ticketHolderFilters = (params: TicketHolderParams) => ({
  kind: params.kind === 'ALL' ? undefined : params.kind,
  search: params.search,
});

export const ticketHoldersPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/ticket-holders`;

/** GET /api/admin/events/{eventId}/ticket-holders: by kind, searched, 25 a page. */
export function ticketHoldersQuery(eventId: string, params: TicketHolderParams) {
  return queryOptions({
    queryKey: ['admin', 'ticket-holders', eventId, params] as const,
    queryFn: ({ signal }) =>
      api.get<TicketHolderPage>(
        withQuery(ticketHoldersPath(eventId), {
          ...ticketHolderFilters(params),
          page: params.page,
          pageSize: ticketHolderPageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
