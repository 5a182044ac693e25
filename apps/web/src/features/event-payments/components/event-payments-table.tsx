import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { allocationMessages } from '@portal/domain/tickets/allocation.ts';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import type { PurchaseOrderStatus } from '@portal/domain/commerce/enums.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  eventPaymentStatusLabels,
  isVoidedOrCancelled,
  type EventPaymentRow,
} from '@portal/domain/commerce/payments.ts';
import { formatDateRange } from '../../../shared/commerce/format.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { eventPaymentTones, StatusBadge } from '../../../ui/status-badge.tsx';

const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  VOIDED: 'Voided',
};

function eventNames(row: EventPaymentRow): string {
  return row.events.map((event) => event.name).join(', ');
}

/** A paid cart payment that was neither voided nor cancelled: how many of its tickets are handed out says something. */
function hasTickets(row: EventPaymentRow): boolean {
  return row.applicationId === null && row.status === 'PAID' && !isVoidedOrCancelled(row);
}

/**
 * What the member can do with the payment now (the server says whether allocation is open): allocate
 * its tickets, see the application an institute seat was paid for, or upload its purchase order.
 */
function RowAction({ row }: { row: EventPaymentRow }) {
  const query = new URLSearchParams({ eventPaymentId: row.id }).toString();
  if (row.applicationId !== null) {
    return (
      <Anchor component={Link} to={applicationPaths.list} aria-label={`View application: ${eventNames(row)}`}>
        View application
      </Anchor>
    );
  }
  if (row.canAllocate) {
    return (
      <Anchor
        component={Link}
        to={`/members/event/assign-tickets?${query}`}
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
  return (
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
              <Stack gap={4}>
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
            <Table.Td>{formatUsDate(row.createdAt)}</Table.Td>
            <Table.Td>{row.numberOfTickets}</Table.Td>
            <Table.Td>
              {row.applicationId !== null ? (
                <Text size="sm">{allocationMessages.instituteSeat}</Text>
              ) : hasTickets(row) ? (
                <Text size="sm">
                  {row.allocatedTickets} of {row.numberOfTickets}
                </Text>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>{formatCents(row.total)}</Table.Td>
            <Table.Td>
              <StatusBadge tone={eventPaymentTones[row.status]}>{eventPaymentStatusLabels[row.status]}</StatusBadge>
            </Table.Td>
            <Table.Td>
              {row.purchaseOrders.length === 0 ? (
                <Text size="sm">—</Text>
              ) : (
                <Stack gap={2}>
                  {row.purchaseOrders.map((order) => (
                    <Text key={order.id} size="sm">
                      {order.number}: {purchaseOrderStatusLabels[order.status]}
                    </Text>
                  ))}
                </Stack>
              )}
            </Table.Td>
            <Table.Td>
              <RowAction row={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
