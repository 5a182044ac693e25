import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PackageAssignmentsReply,
  PackageNotificationsReply,
  SegmentInput,
} from '@portal/domain/packages/assignments.ts';
import { api } from '../../../lib/api.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

export const packageAssignmentKeys = {
  request: (packageRequestId: string) => ['package-assignments', packageRequestId] as const,
};

const base = (packageRequestId: string) => `/api/package-requests/${encodeURIComponent(packageRequestId)}/assignments`;

/** GET /api/package-requests/:id/assignments: what the accepted request holds and who holds it. */
export const packageAssignmentsQuery = (packageRequestId: string) =>
  queryOptions({
    queryKey: packageAssignmentKeys.request(packageRequestId),
    queryFn: ({ signal }) => api.get<PackageAssignmentsReply>(base(packageRequestId), signal),
  });

/** PUT .../assignments/{segment}: the reply is the request's assignments as saved; the holders' My tickets are read again. */
export function useSavePackageAssignments(packageRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SegmentInput) =>
      api.put<PackageAssignmentsReply>(`${base(packageRequestId)}/${input.segment}`, input.body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(packageAssignmentKeys.request(packageRequestId), saved);
      await queryClient.invalidateQueries({ queryKey: commerceKeys.myTickets, refetchType: 'none' });
    },
  });
}

/** POST .../assignments/notifications ('Send Update Notifications'): each assignee emailed what they hold as saved. */
export function useSendPackageNotifications(packageRequestId: string) {
  return useMutation({
    mutationFn: () => api.post<PackageNotificationsReply>(`${base(packageRequestId)}/notifications`),
  });
}
