import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  DistrictApprovalPage,
  DistrictFundEntryPage,
  DistrictFundSummary,
  DistrictFundSummaryPage,
  DistrictSchoolPage,
  DistrictSpendingPage,
} from '@portal/domain/organizations/district-funds.ts';
import type { SeatBlockPage, SeatGiftInput, SeatsAheadCart } from '@portal/domain/organizations/seat-blocks.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

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
/** The district's schools for a picker: the first hundred by name (a district rarely has more). */
export const schoolOptionsQuery = (districtId: string) =>
  queryOptions({
    queryKey: [...districtFundKeys.district(districtId), 'school-options'] as const,
    queryFn: ({ signal }) =>
      api.get<DistrictSchoolPage>(withQuery(`${base(districtId)}/schools`, { page: 1, pageSize: 100 }), signal),
  });
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

export const seatBlocksQuery = (districtId: string, page: number) =>
  districtList<SeatBlockPage>(districtId, 'seat-blocks', page);

/** GET …/seat-blocks/cart: the administrator's cart as it would be bought ahead, and why it cannot be. */
export const seatsAheadCartQuery = (districtId: string) =>
  queryOptions({
    queryKey: [...districtFundKeys.district(districtId), 'seats-ahead-cart'] as const,
    queryFn: ({ signal }) => api.get<SeatsAheadCart>(`${base(districtId)}/seat-blocks/cart`, signal),
    staleTime: 0,
  });

interface SeatsMoved {
  message: string;
  seatsLeft: number;
}

/** POST …/seat-blocks: the cart bought ahead; the cart (and its count in the header) is read again too. */
export function useBuySeatsAhead(districtId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ blocks: number; seats: number; totalCents: number }>(`${base(districtId)}/seat-blocks`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: districtFundKeys.district(districtId) }),
        queryClient.invalidateQueries({ queryKey: commerceKeys.cart }),
      ]),
  });
}

/**
 * A move of a block's seats to a school or back on sale, with one Idempotency-Key per dialog: a double click or a
 * retry after a lost answer moves them once.
 */
function useSeatMove<Body>(districtId: string, move: 'gifts' | 'returns') {
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useDistrictMutation(districtId, ({ blockId, body }: { blockId: string; body: Body }) =>
    api.post<SeatsMoved>(`${base(districtId)}/seat-blocks/${encodeURIComponent(blockId)}/${move}`, body, {
      'Idempotency-Key': idempotencyKey,
    }),
  );
}

export const useGiveSeats = (districtId: string) => useSeatMove<SeatGiftInput>(districtId, 'gifts');
export const useReturnSeats = (districtId: string) => useSeatMove<{ seats: number }>(districtId, 'returns');
