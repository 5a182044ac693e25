import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  savedMessage,
  type AllocationReply,
  type AllocationSave,
  type AllocationSection,
} from '@portal/domain/tickets/allocation.ts';
import { api } from '../../lib/api.ts';
import { notifyError } from '../../lib/errors.ts';
import { commerceKeys } from './queries.ts';

/*
 * A payment's ticket allocation, read and saved by the allocation screen and by the checkout's
 * success page ('Assign to me' there).
 */

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

/**
 * 'Assign to me' saved at once (the checkout's success page, where there is no draft): the line's
 * holders as last read, the viewer added after them, through the same save and its rules; the
 * toast is the save's own.
 */
export function useAssignToMe(eventPaymentId: string) {
  const save = useSaveAllocation(eventPaymentId);
  return {
    isPending: save.isPending,
    pendingItemId: save.isPending ? (save.variables.items[0]?.itemId ?? null) : null,
    assign: (line: AllocationSection, me: string) =>
      save.mutate(
        {
          items: [{ itemId: line.itemId, assignedUsers: [...line.assignedUsers.map((user) => user.id), me] }],
        },
        {
          onSuccess: (reply) => notifications.show({ color: 'green', message: savedMessage(reply.kind) }),
          onError: notifyError,
        },
      ),
  };
}
