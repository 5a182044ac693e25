import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryPage, WebhookEndpointInput, WebhookEndpointRow } from '@portal/domain/staff/webhooks.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const webhookKeys = {
  all: ['admin', 'webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string, page: number) => [...webhookKeys.all, 'deliveries', endpointId, page] as const,
};

export const deliveriesPageSize = 20;
const endpointPath = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

/** What creation and rotation answer: the endpoint, and its secret, shown this once. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpointRow;
  secret: string;
}

/** GET /api/admin/webhooks: every endpoint, newest first. */
export const webhookEndpointsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => api.get<{ items: WebhookEndpointRow[] }>('/api/admin/webhooks', signal),
  });

/** GET /api/admin/webhooks/{id}/deliveries: newest first; read again while it shows (deliveries retry). */
export const webhookDeliveriesQuery = (endpointId: string, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId, page),
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveryPage>(
        withQuery(`${endpointPath(endpointId)}/deliveries`, { page, pageSize: deliveriesPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 10_000,
  });

function useWebhookMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateEndpoint = () =>
  useWebhookMutation((input: WebhookEndpointInput) => api.post<EndpointWithSecret>('/api/admin/webhooks', input));

export const useSetEndpointEnabled = () =>
  useWebhookMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    api.patch<WebhookEndpointRow>(endpointPath(id), { enabled }),
  );

export const useDeleteEndpoint = () => useWebhookMutation((id: string) => api.delete<void>(endpointPath(id)));

export const useRotateSecret = () =>
  useWebhookMutation((id: string) => api.post<EndpointWithSecret>(`${endpointPath(id)}/rotate-secret`));

export const useRedeliver = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    api.post<void>(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
  );
