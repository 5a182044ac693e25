import { queryOptions } from '@tanstack/react-query';
import type { MyTicketsReply } from '@portal/domain/tickets/allocation.ts';
import { api } from '../../../lib/api.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

/** GET /api/my-tickets: the tickets the signed-in member holds (allocated to them). */
export const myTicketsQuery = queryOptions({
  queryKey: commerceKeys.myTickets,
  queryFn: ({ signal }) => api.get<MyTicketsReply>('/api/my-tickets', signal),
});
