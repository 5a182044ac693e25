import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { refundMethodLabels, refundStatusLabels } from '@portal/domain/commerce/refunds.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { CreditNoteDownload } from '../../../shared/cancellations/credit-note-download.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { adminCancellationViewQuery } from '../api/event-payments.ts';

/** The payment's refunds, each with its credit note: what staff and the buyer see was given back. */
export function PaymentRefunds({ paymentId }: { paymentId: string }) {
  const view = useQuery(adminCancellationViewQuery(paymentId));
  const timeZone = useProviderTimeZone();
  if (view.isPending) return <PageLoader label="Loading refunds" />;
  if (view.isError) return <ErrorState message={errorMessage(view.error)} onRetry={() => void view.refetch()} />;
  if (view.data.refunds.length === 0) return <Text size="sm">No refunds yet.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {formatCents(view.data.refundedCents)} of {formatCents(view.data.totalCents)} refunded.
      </Text>
      <ResponsiveTable minWidth={640} withTableBorder verticalSpacing="xs" aria-label="Refunds of this payment">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Method</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col">Credit note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.data.refunds.map((refund) => (
            <Table.Tr key={refund.id}>
              <Table.Td>{formatMoment(refund.createdAt, timeZone)}</Table.Td>
              <Table.Td>{formatCents(refund.amountCents)}</Table.Td>
              <Table.Td>{refundMethodLabels[refund.method]}</Table.Td>
              <Table.Td>{refundStatusLabels[refund.status]}</Table.Td>
              <Table.Td>{refund.reason}</Table.Td>
              <Table.Td>
                {refund.creditNoteNumber === null ? (
                  '—'
                ) : (
                  <CreditNoteDownload
                    eventPaymentId={paymentId}
                    refundId={refund.id}
                    number={refund.creditNoteNumber}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </Stack>
  );
}
