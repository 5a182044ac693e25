import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditableStep } from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { api } from '../../../lib/api.ts';

export const packageRequestKeys = {
  detail: (id: string) => ['package-request', id] as const,
};

const base = (id: string) => `/api/package-requests/${encodeURIComponent(id)}`;

/** GET /api/package-requests/:id (§7 'package request by id'), with its totals computed by the server. */
export const packageRequestQuery = (id: string) =>
  queryOptions({
    queryKey: packageRequestKeys.detail(id),
    queryFn: ({ signal }) => api.get<PackageRequestDetail>(base(id), signal),
  });

/** One step's save, or SUBMIT: the server answers the request as saved, which replaces the cached one. */
export function useSavePackageStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body }: { step: EditableStep | 'submit'; body: unknown }) =>
      step === 'submit'
        ? api.post<PackageRequestDetail>(`${base(id)}/submit`, body)
        : api.put<PackageRequestDetail>(`${base(id)}/${step}`, body),
    onSuccess: (saved) => queryClient.setQueryData(packageRequestKeys.detail(id), saved),
  });
}
