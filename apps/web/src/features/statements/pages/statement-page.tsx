import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  balanceWords,
  creditFromLabel,
  invoiceMessages,
  invoiceNumberLabel,
  invoicePaymentMethodLabels,
  invoiceStatusLabels,
  type InvoiceStatus,
} from '@portal/domain/commerce/invoices.ts';
import { receiptNumberLabel } from '@portal/domain/commerce/receipts.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ReceiptDownload } from '../../../shared/commerce/receipt-download.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Fact } from '../../../ui/fact.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import type { StatusTone } from '../../../ui/theme.ts';
import { invoiceFileUrl, statementFileUrl, statementPageSize, statementQuery } from '../api/statement.ts';

export const statementLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(statementQuery(params.organizationId ?? '', 1));
    return null;
  };

const tones: Record<InvoiceStatus, StatusTone> = { OPEN: 'pending', OVERDUE: 'cancelled', PAID: 'paid' };

/** /members/organization/{id}/statement: what the organization was invoiced, what it paid, and its balance. */
export function StatementPage() {
  const organizationId = useParams().organizationId ?? '';
  const [page, setPage] = useState(1);
  const statement = useQuery(statementQuery(organizationId, page));

  if (isApiError(statement.error, 404)) return <NotFound />;

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={`/members/organization/${organizationId}`} size="sm">
        Back to the organization
      </Anchor>
      <Title order={1}>Statement of account</Title>
      {statement.isPending ? (
        <PageLoader label="Loading the statement" />
      ) : statement.isError ? (
        <ErrorState message={errorMessage(statement.error)} onRetry={() => void statement.refetch()} />
      ) : (
        <>
          <Text fw={600}>{statement.data.organizationName}</Text>
          <Group gap="xl" wrap="wrap">
            <Fact label="Invoiced">{formatCents(statement.data.totals.invoicedCents)}</Fact>
            <Fact label="Paid">{formatCents(statement.data.totals.appliedCents)}</Fact>
            <Fact label="Credit">{formatCents(statement.data.totals.creditCents)}</Fact>
            <Fact label="Open invoices">{String(statement.data.totals.openInvoiceCount)}</Fact>
          </Group>
          <Text fw={700} size="lg">
            {balanceWords(statement.data.totals.balanceCents, formatCents)}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Button component="a" href={statementFileUrl(organizationId, 'pdf')} download variant="default">
              Download statement (PDF)
            </Button>
            <Button component="a" href={statementFileUrl(organizationId, 'csv')} download variant="default">
              Download statement (CSV)
            </Button>
          </Group>
          {statement.data.invoices.items.length === 0 ? (
            <Text>{invoiceMessages.noInvoices}</Text>
          ) : (
            <>
              <ResponsiveTable minWidth={900} striped withTableBorder verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Invoice</Table.Th>
                    <Table.Th scope="col">Purchase order</Table.Th>
                    <Table.Th scope="col">Due</Table.Th>
                    <Table.Th scope="col">Total</Table.Th>
                    <Table.Th scope="col">Owed</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Payments</Table.Th>
                    <Table.Th scope="col">Documents</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {statement.data.invoices.items.map((invoice) => {
                    const label = invoiceNumberLabel(invoice.number);
                    const payments = statement.data.payments.filter((payment) => payment.invoiceId === invoice.id);
                    const credits = statement.data.credits.filter((credit) => credit.invoiceId === invoice.id);
                    return (
                      <Table.Tr key={invoice.id}>
                        <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                          {label}
                        </Table.Th>
                        <Table.Td>{invoice.purchaseOrderNumber}</Table.Td>
                        <Table.Td>{formatUsDate(invoice.dueOn)}</Table.Td>
                        <Table.Td>{formatCents(invoice.totalCents)}</Table.Td>
                        <Table.Td>{formatCents(invoice.openCents)}</Table.Td>
                        <Table.Td>
                          <StatusBadge tone={tones[invoice.status]}>{invoiceStatusLabels[invoice.status]}</StatusBadge>
                        </Table.Td>
                        <Table.Td>
                          {payments.length === 0 && credits.length === 0 ? (
                            <Text size="sm">None yet</Text>
                          ) : (
                            <Stack gap={0}>
                              {credits.map((credit) => (
                                <Text size="sm" key={credit.id}>
                                  {creditFromLabel(credit.sourceInvoiceNumber)}, {formatUsDate(credit.appliedOn)}:{' '}
                                  {formatCents(credit.amountCents)}
                                </Text>
                              ))}
                              {payments.map((payment) => (
                                <Text size="sm" key={payment.id}>
                                  {invoicePaymentMethodLabels[payment.method]} {payment.reference},{' '}
                                  {formatUsDate(payment.receivedOn)}: {formatCents(payment.amountCents)}
                                </Text>
                              ))}
                            </Stack>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Stack gap={4}>
                            <Anchor
                              href={invoiceFileUrl(organizationId, invoice.id)}
                              download
                              size="sm"
                              aria-label={`Download invoice ${label}`}
                            >
                              Download invoice
                            </Anchor>
                            {invoice.receiptNumber !== null && invoice.eventPaymentId ? (
                              <ReceiptDownload
                                eventPaymentId={invoice.eventPaymentId}
                                receiptNumber={invoice.receiptNumber}
                              />
                            ) : null}
                            {invoice.receiptNumber !== null ? (
                              <Text size="xs" c="dimmed">
                                Receipt {receiptNumberLabel(invoice.receiptNumber)}
                              </Text>
                            ) : null}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </ResponsiveTable>
              <ListFooter
                total={statement.data.invoices.total}
                noun={['invoice', 'invoices']}
                totalPages={Math.ceil(statement.data.invoices.total / statementPageSize)}
                page={page}
                onPage={setPage}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
