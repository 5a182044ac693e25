import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { allocationMessages } from '@portal/domain/tickets/allocation.ts';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { registrationRequestMessages, registrationRequestPaths } from '@portal/domain/registrations/messages.ts';
import { purchaseOrderStatusLabels } from '@portal/domain/commerce/purchase-orders.ts';
import { formatDateRange, formatMomentDay } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { invoiceNumberLabel } from '@portal/domain/commerce/invoices.ts';
import { districtFundMessages } from '@portal/domain/organizations/district-funds.ts';
import {
  eventPaymentStatusLabels,
  isVoidedOrCancelled,
  type EventPaymentRow,
} from '@portal/domain/commerce/payments.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { ReceiptDownload } from '../../../shared/commerce/receipt-download.tsx';
import { CreditNoteDownload } from '../../../shared/cancellations/credit-note-download.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { eventPaymentTones, StatusBadge } from '../../../ui/status-badge.tsx';
import { invoiceFileUrl, useWithdrawRequest } from '../api/event-payments.ts';

// The cancel dialog (its ticket choice and refund preview) is fetched when a pointer or the focus reaches its button.
const loadCancelDialog = () => import('./cancel-tickets-dialog.tsx');
const CancelTicketsDialog = lazy(() => loadCancelDialog().then((module) => ({ default: module.CancelTicketsDialog })));
const preloadCancelDialog = { onPointerEnter: () => void loadCancelDialog(), onFocus: () => void loadCancelDialog() };

function eventNames(row: EventPaymentRow): string {
  return row.events.map((event) => event.name).join(', ');
}

/** A paid cart payment that was neither voided nor cancelled: how many of its tickets are handed out says something. */
function hasTickets(row: EventPaymentRow): boolean {
  return (
    row.applicationId === null &&
    row.registrationRequestId === null &&
    row.status === 'PAID' &&
    !isVoidedOrCancelled(row)
  );
}

/** Where a payment's tickets stand: an institute seat, a request's named attendees, or tickets handed out. */
function Allocated({ row }: { row: EventPaymentRow }) {
  if (row.applicationId !== null) return <Text size="sm">{allocationMessages.instituteSeat}</Text>;
  if (row.registrationRequestId !== null) {
    return (
      <Text size="sm">
        {row.attendeesNamed ?? 0} of {row.numberOfTickets} attendees named
      </Text>
    );
  }
  if (hasTickets(row)) {
    return (
      <Text size="sm">
        {row.allocatedTickets} of {row.numberOfTickets}
      </Text>
    );
  }
  return '—';
}

/**
 * What the member can do with the payment now (the server says whether allocation is open): allocate
 * its tickets, see the application an institute seat was paid for or the registration request whose
 * attendees hold its seats, or upload its purchase order. Small, as the receipt and cancel links under
 * it are: one row's actions read as one list.
 */
function RowAction({ row }: { row: EventPaymentRow }) {
  const query = new URLSearchParams({ eventPaymentId: row.id }).toString();
  if (row.applicationId !== null) {
    return (
      <Anchor component={Link} to={applicationPaths.list} size="sm" aria-label={`View application: ${eventNames(row)}`}>
        View application
      </Anchor>
    );
  }
  if (row.registrationRequestId !== null) {
    return (
      <Anchor
        component={Link}
        to={registrationRequestPaths.detail(row.registrationRequestId)}
        size="sm"
        aria-label={`${registrationRequestMessages.viewRequest}: ${eventNames(row)}`}
      >
        {registrationRequestMessages.viewRequest}
      </Anchor>
    );
  }
  if (row.canAllocate) {
    return (
      <Anchor
        component={Link}
        to={`/members/event/assign-tickets?${query}`}
        size="sm"
        aria-label={`Allocate tickets: ${eventNames(row)}`}
      >
        Allocate tickets
      </Anchor>
    );
  }
  if (row.status === 'AWAITING_PO') {
    return (
      <Anchor
        component={Link}
        to={`/members/event-cart/checkout/purchase-order?${query}`}
        size="sm"
        aria-label={`Upload purchase order: ${eventNames(row)}`}
      >
        Upload purchase order
      </Anchor>
    );
  }
  return null;
}

/** One row per event payment: events and dates, who for, tickets, total, status, purchase orders. */
export function EventPaymentsTable({ rows }: { rows: EventPaymentRow[] }) {
  const timeZone = useProviderTimeZone();
  const withdraw = useWithdrawRequest();
  const confirmWithdraw = (row: EventPaymentRow) =>
    openConfirmModal({
      title: districtFundMessages.withdrawConfirmTitle,
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {eventNames(row)}: {formatCents(row.total)}
          </Text>
          <Text size="sm">{districtFundMessages.withdrawConfirmBody}</Text>
        </Stack>
      ),
      labels: { confirm: districtFundMessages.withdrawConfirm, cancel: districtFundMessages.withdrawKeep },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(row.id, {
          onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
          onError: notifyError,
        }),
    });
  const [cancelling, setCancelling] = useState<{ id: string; title: string } | null>(null);
  // Mounted from the first opening, and kept, so the dialog closes with its animation.
  const [opened, setOpened] = useState(false);
  if (cancelling && !opened) setOpened(true);
  return (
    <>
      {opened ? (
        <Suspense fallback={null}>
          <CancelTicketsDialog payment={cancelling} onClose={() => setCancelling(null)} />
        </Suspense>
      ) : null}
      <ResponsiveTable minWidth={960} withTableBorder striped verticalSpacing="sm" aria-label="Event payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Events</Table.Th>
            <Table.Th scope="col">Organization</Table.Th>
            <Table.Th scope="col">Ordered</Table.Th>
            <Table.Th scope="col">Tickets</Table.Th>
            <Table.Th scope="col">Allocated</Table.Th>
            <Table.Th scope="col">Total</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Purchase orders</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Stack gap="2xs">
                  {row.events.map((event) => (
                    <div key={event.id}>
                      <Text fw={600} size="sm">
                        {event.name}
                      </Text>
                      <Text size="sm">{formatDateRange(event.startDate, event.endDate)}</Text>
                    </div>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.organizationName ?? '—'}</Text>
                <Text size="sm">by {row.buyerName}</Text>
              </Table.Td>
              <Table.Td>{formatMomentDay(row.createdAt, timeZone)}</Table.Td>
              <Table.Td>{row.numberOfTickets}</Table.Td>
              <Table.Td>
                <Allocated row={row} />
              </Table.Td>
              <Table.Td>
                {formatCents(row.total)}
                {row.refundedCents > 0 ? <Text size="sm">{formatCents(row.refundedCents)} refunded</Text> : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge tone={eventPaymentTones[row.status]}>{eventPaymentStatusLabels[row.status]}</StatusBadge>
              </Table.Td>
              <Table.Td>
                {row.purchaseOrders.length === 0 ? (
                  <Text size="sm">—</Text>
                ) : (
                  <Stack gap="3xs">
                    {row.purchaseOrders.map((order) => (
                      <Text key={order.id} size="sm">
                        {order.number}: {purchaseOrderStatusLabels[order.status]}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              {/* Each action on one line: "Download receipt" broke in two in the 1280 px table. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap="3xs" align="flex-start">
                  <RowAction row={row} />
                  {row.receiptNumber !== null ? (
                    <ReceiptDownload eventPaymentId={row.id} receiptNumber={row.receiptNumber} />
                  ) : null}
                  {row.invoice ? (
                    <Anchor
                      href={invoiceFileUrl(row.invoice)}
                      download
                      size="sm"
                      aria-label={`Download invoice ${invoiceNumberLabel(row.invoice.number)}`}
                    >
                      Download invoice
                    </Anchor>
                  ) : null}
                  {row.creditNotes.map((note) => (
                    <CreditNoteDownload
                      key={note.refundId}
                      eventPaymentId={row.id}
                      refundId={note.refundId}
                      number={note.number}
                    />
                  ))}
                  {row.mayCancel ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      aria-label={`Cancel tickets: ${eventNames(row)}`}
                      onClick={() => setCancelling({ id: row.id, title: eventNames(row) })}
                      {...preloadCancelDialog}
                    >
                      Cancel tickets
                    </Anchor>
                  ) : null}
                  {row.mayWithdraw ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      disabled={withdraw.isPending}
                      aria-label={`${districtFundMessages.withdrawAction}: ${eventNames(row)}`}
                      onClick={() => confirmWithdraw(row)}
                    >
                      {districtFundMessages.withdrawAction}
                    </Anchor>
                  ) : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </>
  );
}
