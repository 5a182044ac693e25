import { Button, Select, Table, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  creditNoteNumberLabel,
  refundMethodLabels,
  refundMethods,
  refundStatusLabels,
  refundStatuses,
  type AdminRefundRow,
} from '@portal/domain/commerce/refunds.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import {
  refundsFilters,
  refundsPageSize,
  refundsParams,
  refundsPath,
  refundsQuery,
  settleRefund,
} from '../api/refunds.ts';

export const refundsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(refundsQuery(refundsParams(new URL(request.url).searchParams)));
    return null;
  };

const statusOptions = [
  { value: 'ALL', label: 'All' },
  ...refundStatuses.map((status) => ({ value: status, label: refundStatusLabels[status] })),
];
const methodOptions = [
  { value: 'ALL', label: 'All' },
  ...refundMethods.map((method) => ({ value: method, label: refundMethodLabels[method] })),
];

/** Mark settled, after a confirmation: the finance office has paid the refund owed. */
function SettleButton({ refund }: { refund: AdminRefundRow }) {
  const queryClient = useQueryClient();
  const settle = useMutation({
    mutationFn: () => settleRefund(refund.id),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `Refund of ${formatCents(refund.amountCents)} marked settled.` });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  return (
    <Button
      size="xs"
      loading={settle.isPending}
      onClick={() =>
        openConfirmModal({
          title: 'Mark this refund settled?',
          children: (
            <Text size="sm">
              {formatCents(refund.amountCents)} to {refund.buyerName}: only once the finance office has paid it.
            </Text>
          ),
          labels: { confirm: 'Mark settled', cancel: 'Cancel' },
          onConfirm: () => settle.mutate(),
        })
      }
    >
      Mark settled
    </Button>
  );
}

function RefundsTable({ refunds }: { refunds: AdminRefundRow[] }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={960} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Created</Table.Th>
          <Table.Th scope="col">Buyer</Table.Th>
          <Table.Th scope="col">Events</Table.Th>
          <Table.Th scope="col">Amount</Table.Th>
          <Table.Th scope="col">Method</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Credit note</Table.Th>
          <Table.Th scope="col">Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {refunds.map((refund) => (
          <Table.Tr key={refund.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(refund.createdAt, timeZone)}</Table.Td>
            <Table.Td>
              <Text size="sm">{refund.buyerName}</Text>
              <Text size="xs" c="dimmed">
                <EmailAddress email={refund.buyerEmail} />
              </Text>
            </Table.Td>
            <Table.Td>{refund.events.join(', ')}</Table.Td>
            <Table.Td>{formatCents(refund.amountCents)}</Table.Td>
            <Table.Td>{refundMethodLabels[refund.method]}</Table.Td>
            <Table.Td>{refundStatusLabels[refund.status]}</Table.Td>
            <Table.Td>
              {refund.creditNoteNumber === null ? '' : creditNoteNumberLabel(refund.creditNoteNumber)}
            </Table.Td>
            <Table.Td>{refund.status === 'OWED' ? <SettleButton refund={refund} /> : null}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** /admin/refunds: every refund, newest first, filtered by status and method; refunds owed are settled here. */
export function RefundsPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = refundsParams(searchParams);
  const refunds = useQuery(refundsQuery(params));
  return (
    <SearchList
      title="Refunds"
      noun={['refund', 'refunds']}
      searchDescription="The buyer: name or email"
      emptyMessage="No refunds match"
      pageSize={refundsPageSize}
      search={search}
      query={refunds}
      actions={<ExportMenu path={`${refundsPath}/export`} filters={refundsFilters(params)} noun="refunds" />}
      filters={
        <>
          <Select
            label="Status"
            data={statusOptions}
            value={params.status}
            onChange={(value) => setListFilter('status', value, 'ALL')}
            allowDeselect={false}
            w={220}
          />
          <Select
            label="Method"
            data={methodOptions}
            value={params.method}
            onChange={(value) => setListFilter('method', value, 'ALL')}
            allowDeselect={false}
            w={260}
          />
        </>
      }
    >
      {(items) => <RefundsTable refunds={items} />}
    </SearchList>
  );
}
