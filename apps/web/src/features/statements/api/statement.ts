import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StatementReply } from '@portal/domain/commerce/invoices.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const statementPageSize = 20;

/** GET /api/statements/{organizationId}: the totals and one page of invoices with their payments. */
export function statementQuery(organizationId: string, page: number) {
  return queryOptions({
    queryKey: ['statements', organizationId, page] as const,
    queryFn: ({ signal }) =>
      api.get<StatementReply>(
        withQuery(`/api/statements/${encodeURIComponent(organizationId)}`, { page, pageSize: statementPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const base = (organizationId: string) => `/api/statements/${encodeURIComponent(organizationId)}`;
export const statementFileUrl = (organizationId: string, format: 'pdf' | 'csv') =>
  `${base(organizationId)}/file?format=${format}`;
export const invoiceFileUrl = (organizationId: string, invoiceId: string) =>
  `${base(organizationId)}/invoices/${encodeURIComponent(invoiceId)}/file`;
