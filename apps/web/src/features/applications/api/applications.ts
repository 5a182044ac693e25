import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationDetail,
  ApplicationPage,
  ApplicationPayReply,
  LegacyApplicationPage,
} from '@portal/domain/applications/contracts.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const applicationsPageSize = 10;

/**
 * Every event-application key starts with 'event-applications' (the wizard's too), so a change made
 * here marks the whole family out of date.
 */
export const applicationListKeys = {
  all: ['event-applications'] as const,
  list: (page: number) => [...applicationListKeys.all, 'list', page] as const,
  legacy: (page: number) => [...applicationListKeys.all, 'legacy', page] as const,
};

const applicationPath = (applicationId: string) => `/api/event-applications/${encodeURIComponent(applicationId)}`;

/**
 * GET /api/event-applications: the member's applications, newest first. Read again whenever the page
 * shows it: staff decisions and payment providers change it outside this tab.
 */
export function applicationsQuery(page: number) {
  return queryOptions({
    queryKey: applicationListKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<ApplicationPage>(withQuery('/api/event-applications', { page, pageSize: applicationsPageSize }), signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/legacy-event-applications: applications imported from the previous system, with their payment here. */
export function legacyApplicationsQuery(page: number) {
  return queryOptions({
    queryKey: applicationListKeys.legacy(page),
    queryFn: ({ signal }) =>
      api.get<LegacyApplicationPage>(
        withQuery('/api/legacy-event-applications', { page, pageSize: applicationsPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A change that answers the application: the lists (and the wizard's copy) are read again. */
function useApplicationMutation<Variables>(request: (variables: Variables) => Promise<ApplicationDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationListKeys.all }),
  });
}

/** PUT /api/event-applications/{id}/payment-method: an open unpaid payment is cancelled by the server. */
export function useChangePaymentMethod() {
  return useApplicationMutation(
    ({ applicationId, paymentOptionId }: { applicationId: string; paymentOptionId: string }) =>
      api.put<ApplicationDetail>(`${applicationPath(applicationId)}/payment-method`, { paymentOptionId }),
  );
}

/** POST /api/event-applications/{id}/coupon: an empty code removes the coupon (events.md §7). */
export function useApplicationCoupon() {
  return useApplicationMutation(({ applicationId, code }: { applicationId: string; code: string }) =>
    api.post<ApplicationDetail>(`${applicationPath(applicationId)}/coupon`, { code }),
  );
}

/** POST /api/event-applications/{id}/withdraw: the server frees its place and cancels an unpaid payment. */
export function useWithdrawApplication() {
  return useApplicationMutation(({ applicationId }: { applicationId: string }) =>
    api.post<ApplicationDetail>(`${applicationPath(applicationId)}/withdraw`, {}),
  );
}

/** What Pay pays: a current application, or one imported from the previous system (events.md §9). */
export type PayKind = 'application' | 'legacy';

const payPaths: Record<PayKind, (id: string) => string> = {
  application: (id) => `${applicationPath(id)}/pay`,
  legacy: (id) => `/api/legacy-event-applications/${encodeURIComponent(id)}/pay`,
};

/**
 * POST /api/event-applications/{id}/pay (or /api/legacy-event-applications/{id}/pay) with the attempt's
 * Idempotency-Key: the same key again answers the same payment, so a retry after a lost answer never pays twice.
 */
export function usePayApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, idempotencyKey }: { kind: PayKind; id: string; idempotencyKey: string }) =>
      api.post<ApplicationPayReply>(payPaths[kind](id), {}, { 'Idempotency-Key': idempotencyKey }),
    // The page is about to be left: mark the lists stale without reading them now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationListKeys.all, refetchType: 'none' }),
  });
}
