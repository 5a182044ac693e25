import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EventPaymentPage } from '@portal/domain/commerce/payments.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

export const eventPaymentsPageSize = 20;

/** The page of ?page= (1 when missing or not a positive whole number). */
export function pageOf(searchParams: URLSearchParams): number {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** GET /api/event-payments: the member's payments and those of organizations they administer, newest first. */
export function eventPaymentsQuery(page: number) {
  return queryOptions({
    queryKey: commerceKeys.eventPaymentList(page),
    queryFn: ({ signal }) =>
      api.get<EventPaymentPage>(withQuery('/api/event-payments', { page, pageSize: eventPaymentsPageSize }), signal),
    placeholderData: keepPreviousData,
  });
}
