import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MySeatRequests,
  OrganizationSeatRequestPage,
  SeatRequestDecision,
  SeatRequestRow,
} from '@portal/domain/tickets/seat-requests.ts';
import { api } from '../../lib/api.ts';
import { notifyError } from '../../lib/errors.ts';
import { commerceKeys } from '../commerce/queries.ts';

/** "Ask my school" (issue 40): the member's requests, an organization's, asking and deciding. */
const base = '/api/seat-requests';

export const seatRequestKeys = {
  all: ['seat-requests'] as const,
  mine: ['seat-requests', 'mine'] as const,
  organization: (organizationId: string) => ['seat-requests', 'organization', organizationId] as const,
};

export const mySeatRequestsQuery = queryOptions({
  queryKey: seatRequestKeys.mine,
  queryFn: ({ signal }) => api.get<MySeatRequests>(`${base}/mine`, signal),
});

export function organizationSeatRequestsQuery(organizationId: string) {
  return queryOptions({
    queryKey: seatRequestKeys.organization(organizationId),
    queryFn: ({ signal }) =>
      api.get<OrganizationSeatRequestPage>(
        `${base}/organizations/${encodeURIComponent(organizationId)}?pageSize=100`,
        signal,
      ),
  });
}

export interface AskBody {
  eventId: string;
  organizationId: string;
  sectionId: string | null;
  note: string;
}

export function useAskForSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AskBody) => api.post<SeatRequestRow>(base, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seatRequestKeys.all }),
  });
}

/**
 * The toast is the hook's, not the card's: a decided request leaves the list, its card unmounts, and a
 * callback given to mutate() would never run.
 */
export function useDecideSeatRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: string; decision: SeatRequestDecision }) =>
      api.post<{ request: SeatRequestRow; message: string }>(
        `${base}/${encodeURIComponent(requestId)}/decision`,
        decision,
      ),
    onSuccess: async (reply) => {
      notifications.show({ color: 'green', message: reply.message });
      await queryClient.invalidateQueries({ queryKey: seatRequestKeys.all });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.myTickets });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
    },
    onError: notifyError,
  });
}
