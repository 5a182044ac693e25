import { Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  invoiceMessages,
  invoiceNumberLabel,
  invoicePaymentMethodLabels,
  invoicePaymentMethods,
  invoiceStatusLabels,
  type InvoicePaymentMethod,
  type InvoiceRow,
  type InvoiceStatus,
} from '@portal/domain/commerce/invoices.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { dollarsToCents, formatCents } from '@portal/domain/money.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import type { StatusTone } from '../../../ui/theme.ts';
import {
  adminInvoicesQuery,
  invoiceFileUrl,
  invoiceFilters,
  invoiceListParams,
  useRecordInvoicePayment,
  type InvoiceFilter,
} from '../api/invoices.ts';

export const invoicesLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminInvoicesQuery(invoiceListParams(new URL(request.url).searchParams)));
    return null;
  };

const filterLabels: Record<InvoiceFilter, string> = { ...invoiceStatusLabels, UNPAID: 'Unpaid', ALL: 'All' };
const tones: Record<InvoiceStatus, StatusTone> = { OPEN: 'pending', OVERDUE: 'cancelled', PAID: 'paid' };
const today = () => new Date().toISOString().slice(0, 10);

/** The form staff record a check or transfer with; one Idempotency-Key per opening, so a double submit records once. */
function RecordPaymentModal({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const record = useRecordInvoicePayment();
  const [key] = useState(newIdempotencyKey);
  const [method, setMethod] = useState<InvoicePaymentMethod>('CHECK');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  const [amount, setAmount] = useState((invoice.openCents / 100).toFixed(2));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const amountCents = dollarsToCents(amount);
    const found: Record<string, string> = {};
    if (amountCents === null || amountCents <= 0) found.amount = invoiceMessages.amountPositive;
    if (!reference.trim()) found.reference = invoiceMessages.referenceRequired;
    setErrors(found);
    if (amountCents === null || Object.keys(found).length > 0) return;
    record.mutate(
      { id: invoice.id, key, payment: { method, reference, receivedOn, amountCents } },
      {
        onSuccess: ({ invoice: paid, payment }) => {
          notifications.show({
            color: 'green',
            message:
              payment.creditCents > 0
                ? invoiceMessages.overpaid(formatCents(payment.creditCents))
                : paid.status === 'PAID'
                  ? invoiceMessages.paidInFull
                  : invoiceMessages.recorded,
          });
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Record a payment of ${invoiceNumberLabel(invoice.number)}`}>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Text size="sm">
          {invoice.organizationName}: {formatCents(invoice.openCents)} owed of {formatCents(invoice.totalCents)}.
        </Text>
        <Select
          label="Method"
          data={invoicePaymentMethods.map((value) => ({ value, label: invoicePaymentMethodLabels[value] }))}
          value={method}
          onChange={(value) => setMethod(value ?? 'CHECK')}
          allowDeselect={false}
          withAsterisk
        />
        <TextInput
          label="Check number or transfer reference"
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={errors.reference}
          withAsterisk
        />
        <TextInput
          label="Received on"
          type="date"
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.currentTarget.value)}
          withAsterisk
        />
        <TextInput
          label="Amount ($)"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={errors.amount}
          description="Part of what is owed, or more: what is paid beyond it is a credit on the account"
          withAsterisk
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function InvoicesTable({ invoices, onRecord }: { invoices: InvoiceRow[]; onRecord: (invoice: InvoiceRow) => void }) {
  return (
    <ResponsiveTable minWidth={1000} striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Invoice</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">Purchase order</Table.Th>
          <Table.Th scope="col">Due</Table.Th>
          <Table.Th scope="col">Total</Table.Th>
          <Table.Th scope="col">Owed</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((invoice) => {
          const label = invoiceNumberLabel(invoice.number);
          return (
            <Table.Tr key={invoice.id}>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                {label}
              </Table.Th>
              <Table.Td>{invoice.organizationName}</Table.Td>
              <Table.Td>{invoice.purchaseOrderNumber}</Table.Td>
              <Table.Td>{formatUsDate(invoice.dueOn)}</Table.Td>
              <Table.Td>{formatCents(invoice.totalCents)}</Table.Td>
              <Table.Td>{formatCents(invoice.openCents)}</Table.Td>
              <Table.Td>
                <StatusBadge tone={tones[invoice.status]}>{invoiceStatusLabels[invoice.status]}</StatusBadge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Anchor href={invoiceFileUrl(invoice.id)} download size="sm" aria-label={`Download invoice ${label}`}>
                    Download
                  </Anchor>
                  {invoice.status !== 'PAID' ? (
                    <Button
                      size="compact-sm"
                      onClick={() => onRecord(invoice)}
                      aria-label={`Record payment of ${label}`}
                    >
                      Record payment
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** /admin/invoices: the invoices approved purchase orders issued, to download and record payments against. */
export function InvoicesPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = invoiceListParams(searchParams);
  const invoices = useQuery(adminInvoicesQuery(params));
  const [recording, setRecording] = useState<InvoiceRow | null>(null);

  return (
    <>
      <SearchList
        title="Invoices"
        noun={['invoice', 'invoices']}
        searchDescription="Invoice number, purchase order or organization"
        emptyMessage="No invoices"
        pageSize={commercePageSize}
        search={search}
        query={invoices}
        actions={
          <Anchor component={Link} to="/admin/invoices/receivables">
            Receivables ageing
          </Anchor>
        }
        filters={
          <Select
            label="Status"
            data={invoiceFilters.map((value) => ({ value, label: filterLabels[value] }))}
            value={params.status}
            onChange={(value) => setListFilter('status', value, 'UNPAID')}
            allowDeselect={false}
            w={220}
          />
        }
      >
        {(items) => <InvoicesTable invoices={items} onRecord={setRecording} />}
      </SearchList>
      {recording ? <RecordPaymentModal invoice={recording} onClose={() => setRecording(null)} /> : null}
    </>
  );
}
