import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';
import type {
  RegistrationPayReply,
  RegistrationRequestDetail,
  RegistrationRequestPage,
  SaveAttendeesInput,
} from '@portal/domain/registrations/requests.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { registrationKeys } from '../../../shared/registration/queries.ts';

export const requestsPageSize = 10;

const requestPath = (requestId: string) => `/api/event-registration-requests/${encodeURIComponent(requestId)}`;

/** GET /api/event-registration-requests: the member's requests, newest first ('My Event Registrations'). */
export function requestsQuery(page: number) {
  return queryOptions({
    queryKey: registrationKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<RegistrationRequestPage>(
        withQuery('/api/event-registration-requests', { page, pageSize: requestsPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
    // Payments settle outside this tab (providers, staff approving a purchase order).
    staleTime: 0,
  });
}

/** GET /api/event-registration-requests/{id} (404 for anyone but the member who made it). */
export function requestQuery(requestId: string) {
  return queryOptions({
    queryKey: registrationKeys.detail(requestId),
    queryFn: ({ signal }) => api.get<RegistrationRequestDetail>(requestPath(requestId), signal),
    staleTime: 0,
  });
}

/** A change that answers the request: it becomes the page's copy, and the list is read again. */
function useRequestMutation<Variables>(request: (variables: Variables) => Promise<RegistrationRequestDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (detail) => {
      queryClient.setQueryData(registrationKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: registrationKeys.lists });
    },
  });
}

export function useUpdateSeats(requestId: string) {
  return useRequestMutation((seatsRequested: number) =>
    api.put<RegistrationRequestDetail>(`${requestPath(requestId)}/seats`, { seatsRequested }),
  );
}

export type AttendeeName = NonNullable<SaveAttendeesInput['names']>[number];

export function useSaveAttendees(requestId: string) {
  return useRequestMutation((input: SaveAttendeesInput) =>
    api.put<RegistrationRequestDetail>(`${requestPath(requestId)}/attendees`, input),
  );
}

/** An empty code removes the coupon (events.md §7). */
export function useRequestCoupon(requestId: string) {
  return useRequestMutation((code: string) =>
    api.post<RegistrationRequestDetail>(`${requestPath(requestId)}/coupon`, { code }),
  );
}

export function useCancelRequest(requestId: string) {
  return useRequestMutation(() => api.post<RegistrationRequestDetail>(`${requestPath(requestId)}/cancel`));
}

/** POST /api/event-registration-requests/{id}/pay with the attempt's Idempotency-Key: a retry answers the same payment. */
export function usePayRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, idempotencyKey }: { method: EventPaymentMethod; idempotencyKey: string }) =>
      api.post<RegistrationPayReply>(
        `${requestPath(requestId)}/pay`,
        { method },
        { 'Idempotency-Key': idempotencyKey },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all, refetchType: 'none' }),
  });
}
