import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInvoicePage,
  ReceivablesPage,
  RecordInvoicePaymentInput,
  RecordInvoicePaymentReply,
} from '@portal/domain/commerce/invoices.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

export const invoiceFilters = ['UNPAID', 'OVERDUE', 'OPEN', 'PAID', 'ALL'] as const;
export type InvoiceFilter = (typeof invoiceFilters)[number];

export interface InvoiceListParams extends ListParams {
  status: InvoiceFilter;
}

/** The list the URL asks for: ?search=&page=&status= (unpaid ones unless told). */
export function invoiceListParams(searchParams: URLSearchParams): InvoiceListParams {
  const status = searchParams.get('status');
  return {
    ...listParams(searchParams),
    status: invoiceFilters.includes(status as InvoiceFilter) ? (status as InvoiceFilter) : 'UNPAID',
  };
}

export const adminInvoiceKeys = {
  all: ['admin', 'invoices'] as const,
  list: (params: InvoiceListParams) => [...adminInvoiceKeys.all, 'list', params] as const,
  receivables: (groupBy: string, page: number) => [...adminInvoiceKeys.all, 'receivables', groupBy, page] as const,
};

/** GET /api/admin/invoices. */
export function adminInvoicesQuery(params: InvoiceListParams) {
  return queryOptions({
    queryKey: adminInvoiceKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminInvoicePage>(
        withQuery('/api/admin/invoices', {
          status: params.status,
          search: params.search,
          page: params.page,
          pageSize: commercePageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/invoices/receivables. */
export function receivablesQuery(groupBy: 'organization' | 'district', page: number) {
  return queryOptions({
    queryKey: adminInvoiceKeys.receivables(groupBy, page),
    queryFn: ({ signal }) =>
      api.get<ReceivablesPage>(
        withQuery('/api/admin/invoices/receivables', { groupBy, page, pageSize: commercePageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const invoiceFileUrl = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}/file`;

/** POST /api/admin/invoices/{id}/payments, the key made once per form so a second click records nothing more. */
export function useRecordInvoicePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, payment }: { id: string; key: string; payment: RecordInvoicePaymentInput }) =>
      api.post<RecordInvoicePaymentReply>(`/api/admin/invoices/${encodeURIComponent(id)}/payments`, payment, {
        'idempotency-key': key,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminInvoiceKeys.all }),
  });
}
