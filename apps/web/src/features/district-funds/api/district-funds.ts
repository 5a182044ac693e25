import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DistrictApprovalPage,
  DistrictFundEntryPage,
  DistrictFundSummary,
  DistrictFundSummaryPage,
  DistrictSchoolPage,
  DistrictSpendingPage,
} from '@portal/domain/organizations/district-funds.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const districtFundsPath = '/api/district-funds';
export const districtPageSize = 25;
const base = (districtId: string) => `${districtFundsPath}/${encodeURIComponent(districtId)}`;

export const districtFundKeys = {
  all: ['district-funds'] as const,
  district: (districtId: string) => [...districtFundKeys.all, districtId] as const,
};

/** GET /api/district-funds: the districts the member administers. */
export const myDistrictsQuery = (page: number) =>
  queryOptions({
    queryKey: [...districtFundKeys.all, 'mine', page] as const,
    queryFn: ({ signal }) =>
      api.get<DistrictFundSummaryPage>(withQuery(districtFundsPath, { page, pageSize: districtPageSize }), signal),
    placeholderData: keepPreviousData,
  });

export const districtSummaryQuery = (districtId: string) =>
  queryOptions({
    queryKey: [...districtFundKeys.district(districtId), 'summary'] as const,
    queryFn: ({ signal }) => api.get<DistrictFundSummary>(base(districtId), signal),
  });

/** One paged list of the district's page: schools, approvals, entries or spending. */
function districtList<Page>(districtId: string, list: string, page: number) {
  return queryOptions({
    queryKey: [...districtFundKeys.district(districtId), list, page] as const,
    queryFn: ({ signal }) =>
      api.get<Page>(withQuery(`${base(districtId)}/${list}`, { page, pageSize: districtPageSize }), signal),
    placeholderData: keepPreviousData,
  });
}

export const schoolsQuery = (districtId: string, page: number) =>
  districtList<DistrictSchoolPage>(districtId, 'schools', page);
export const approvalsQuery = (districtId: string, page: number) =>
  districtList<DistrictApprovalPage>(districtId, 'approvals', page);
export const entriesQuery = (districtId: string, page: number) =>
  districtList<DistrictFundEntryPage>(districtId, 'entries', page);
export const spendingQuery = (districtId: string, page: number) =>
  districtList<DistrictSpendingPage>(districtId, 'spending', page);
export const spendingExportPath = (districtId: string) => `${base(districtId)}/spending/export`;

/** A change to the district's fund; every list of the district is read again after it. */
function useDistrictMutation<Input, Reply>(districtId: string, send: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: districtFundKeys.district(districtId) }),
  });
}

export const useSetAllowance = (districtId: string) =>
  useDistrictMutation(districtId, ({ organizationId, limitCents }: { organizationId: string; limitCents: number }) =>
    api.put(`${base(districtId)}/schools/${encodeURIComponent(organizationId)}/allowance`, { limitCents }),
  );

export const useRemoveAllowance = (districtId: string) =>
  useDistrictMutation(districtId, (organizationId: string) =>
    api.delete(`${base(districtId)}/schools/${encodeURIComponent(organizationId)}/allowance`),
  );

interface Decision {
  status: string;
  message: string;
}

export const useApprove = (districtId: string) =>
  useDistrictMutation(districtId, (paymentId: string) =>
    api.post<Decision>(`${base(districtId)}/approvals/${encodeURIComponent(paymentId)}/approve`),
  );

export const useDecline = (districtId: string) =>
  useDistrictMutation(districtId, ({ paymentId, reason }: { paymentId: string; reason: string }) =>
    api.post<Decision>(`${base(districtId)}/approvals/${encodeURIComponent(paymentId)}/decline`, { reason }),
  );
