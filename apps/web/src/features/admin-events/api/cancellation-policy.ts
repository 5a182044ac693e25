import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancellationPolicy } from '@portal/domain/commerce/refunds.ts';
import { api } from '../../../lib/api.ts';
import { adminEventKeys } from './events.ts';

const policyPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/cancellation-policy`;
const policyKey = (eventId: string) => [...adminEventKeys.detail(eventId), 'cancellation-policy'] as const;

/** GET /api/admin/events/{id}/cancellation-policy. */
export function cancellationPolicyQuery(eventId: string) {
  return queryOptions({
    queryKey: policyKey(eventId),
    queryFn: ({ signal }) => api.get<CancellationPolicy>(policyPath(eventId), signal),
  });
}

/** PUT /api/admin/events/{id}/cancellation-policy: what buyers may cancel from now on. */
export function useSaveCancellationPolicy(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: CancellationPolicy) => api.put<CancellationPolicy>(policyPath(eventId), policy),
    onSuccess: (saved) => {
      queryClient.setQueryData(policyKey(eventId), saved);
      notifications.show({ color: 'green', message: 'Cancellation policy saved.' });
    },
  });
}
