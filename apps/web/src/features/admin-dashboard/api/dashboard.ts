import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardReply, FailedMailPage, FailedMailRetryReply } from '@portal/domain/staff/dashboard.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  failedMailAll: ['admin', 'failed-mail'] as const,
  failedMail: (page: number) => ['admin', 'failed-mail', page] as const,
};

/** GET /api/admin/dashboard: read again on every visit (work arrives while staff look elsewhere). */
export const dashboardQuery = queryOptions({
  queryKey: adminDashboardKeys.all,
  queryFn: ({ signal }) => api.get<DashboardReply>('/api/admin/dashboard', signal),
  staleTime: 0,
});

export const failedMailPageSize = 25;

/** GET /api/admin/failed-mail: what the outbox gave up sending, latest failure first. */
export function failedMailQuery(page: number) {
  return queryOptions({
    queryKey: adminDashboardKeys.failedMail(page),
    queryFn: ({ signal }) =>
      api.get<FailedMailPage>(withQuery('/api/admin/failed-mail', { page, pageSize: failedMailPageSize }), signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * POST /api/admin/failed-mail/{mailId}/retry, or without a mail /api/admin/failed-mail/retry: back into
 * the outbox; the list and the dashboard's count are read again (the mail leaves both).
 */
export function useRetryFailedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: string | null) =>
      api.post<FailedMailRetryReply>(
        mailId ? `/api/admin/failed-mail/${encodeURIComponent(mailId)}/retry` : '/api/admin/failed-mail/retry',
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminDashboardKeys.failedMailAll });
      await queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all });
    },
  });
}
