import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffContractInput, StaffContractList } from '@portal/domain/packages/admin-contracts.ts';
import { api, apiRequest } from '../../../lib/api.ts';

const enc = encodeURIComponent;
export const contractKeys = { organization: (organizationId: string) => ['admin-contracts', organizationId] as const };
const listPath = (organizationId: string) => `/api/admin/organizations/${enc(organizationId)}/contracts`;
export const signedPdfPath = (contractId: string) => `/api/admin/contracts/${enc(contractId)}/signed-pdf`;

/** GET: the organization's contracts and the accepted requests a new one may be for. */
export const contractsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: contractKeys.organization(organizationId),
    queryFn: ({ signal }) => api.get<StaffContractList>(listPath(organizationId), signal),
  });

function useReplace(organizationId: string) {
  const queryClient = useQueryClient();
  return (list: StaffContractList) => queryClient.setQueryData(contractKeys.organization(organizationId), list);
}

export function useCreateContract(organizationId: string) {
  const replace = useReplace(organizationId);
  return useMutation({
    mutationFn: (input: StaffContractInput) => api.post<StaffContractList>(listPath(organizationId), input),
    onSuccess: replace,
  });
}

/** PUT multipart/form-data with the signed PDF as `file`: the server checks it is a PDF by its content. */
export function useUploadSignedPdf(organizationId: string) {
  const replace = useReplace(organizationId);
  return useMutation({
    mutationFn: ({ contractId, file }: { contractId: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<StaffContractList>('PUT', signedPdfPath(contractId), { body });
    },
    onSuccess: replace,
  });
}
