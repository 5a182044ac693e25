import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DistrictFundEntryInput,
  DistrictFundEntryPage,
  DistrictFundSummary,
  DistrictFundSummaryPage,
} from '@portal/domain/organizations/district-funds.ts';
import type { SeatBlockPage } from '@portal/domain/organizations/seat-blocks.ts';
import { api, withQuery } from '../../../lib/api.ts';
import type { ListParams } from '../../../lib/list-search.ts';

export const adminFundsPageSize = 20;
const path = '/api/admin/district-funds';
const base = (districtId: string) => `${path}/${encodeURIComponent(districtId)}`;
const keys = {
  all: ['admin', 'district-funds'] as const,
  district: (districtId: string) => [...keys.all, districtId] as const,
};

/** GET /api/admin/district-funds: every district's fund by name, searched, 20 a page. */
export const adminFundsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [...keys.all, 'list', params] as const,
    queryFn: ({ signal }) =>
      api.get<DistrictFundSummaryPage>(
        withQuery(path, { search: params.search, page: params.page, pageSize: adminFundsPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const adminFundQuery = (districtId: string) =>
  queryOptions({
    queryKey: [...keys.district(districtId), 'summary'] as const,
    queryFn: ({ signal }) => api.get<DistrictFundSummary>(base(districtId), signal),
  });

export const adminFundEntriesQuery = (districtId: string, page: number) =>
  queryOptions({
    queryKey: [...keys.district(districtId), 'entries', page] as const,
    queryFn: ({ signal }) =>
      api.get<DistrictFundEntryPage>(withQuery(`${base(districtId)}/entries`, { page, pageSize: 25 }), signal),
    placeholderData: keepPreviousData,
  });

export const adminSeatBlocksQuery = (districtId: string, page: number) =>
  queryOptions({
    queryKey: [...keys.district(districtId), 'seat-blocks', page] as const,
    queryFn: ({ signal }) =>
      api.get<SeatBlockPage>(withQuery(`${base(districtId)}/seat-blocks`, { page, pageSize: 25 }), signal),
    placeholderData: keepPreviousData,
  });

/** POST …/entries: a deposit or an adjustment, then the fund and its ledger are read again. */
export function useRecordEntry(districtId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DistrictFundEntryInput) => api.post<DistrictFundSummary>(`${base(districtId)}/entries`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
