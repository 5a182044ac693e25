import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AllocationReply, AllocationSave } from '@portal/domain/tickets/allocation.ts';
import { api } from '../../../lib/api.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

export const allocationKeys = {
  all: ['allocation'] as const,
  allocation: (eventPaymentId: string) => [...allocationKeys.all, 'payment', eventPaymentId] as const,
};

function allocationPath(eventPaymentId: string): string {
  return `/api/event-payments/${encodeURIComponent(eventPaymentId)}/allocation`;
}

/** GET /api/event-payments/{id}/allocation: the payment's events, sections and saved assignees. */
export function allocationQuery(eventPaymentId: string) {
  return queryOptions({
    queryKey: allocationKeys.allocation(eventPaymentId),
    queryFn: ({ signal }) => api.get<AllocationReply>(allocationPath(eventPaymentId), signal),
  });
}

/**
 * PUT /api/event-payments/{id}/allocation: every editable item's complete list of assignees, in one
 * transaction. The reply is the allocation as saved; the lists that count allocations read it again.
 */
export function useSaveAllocation(eventPaymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AllocationSave) => api.put<AllocationReply>(allocationPath(eventPaymentId), body),
    onSuccess: async (reply) => {
      queryClient.setQueryData(allocationKeys.allocation(eventPaymentId), reply);
      await queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.myTickets, refetchType: 'none' });
    },
  });
}
