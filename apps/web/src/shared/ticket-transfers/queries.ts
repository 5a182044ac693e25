import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TicketTransferInput,
  TicketTransferOptions,
  TicketTransferReply,
} from '@portal/domain/tickets/ticket-transfers.ts';
import { api } from '../../lib/api.ts';
import { commerceKeys } from '../commerce/queries.ts';

/** Passing a ticket on (issue 38): the holder's choices, the colleagues she may pick, the pass itself. */
const base = '/api/ticket-transfers';

export const ticketTransferKeys = {
  options: (ticketId: string) => ['ticket-transfers', ticketId] as const,
};

export function recipientsPath(ticketId: string): string {
  return `${base}/${encodeURIComponent(ticketId)}/recipients`;
}

/** GET /api/ticket-transfers/{ticketId}: whom the holder may pass the ticket to, or why not. */
export function transferOptionsQuery(ticketId: string) {
  return queryOptions({
    queryKey: ticketTransferKeys.options(ticketId),
    queryFn: ({ signal }) => api.get<TicketTransferOptions>(`${base}/${encodeURIComponent(ticketId)}`, signal),
    // Whether it can still be passed on is read again each time the dialog opens.
    staleTime: 0,
  });
}

/** POST /api/ticket-transfers: once passed, the ticket leaves My tickets. */
export function usePassOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketTransferInput) => api.post<TicketTransferReply>(base, input),
    onSuccess: async (_reply, input) => {
      queryClient.removeQueries({ queryKey: ticketTransferKeys.options(input.ticketId) });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.myTickets });
    },
  });
}
