import { Anchor, Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { EventPaymentStatus, PurchaseOrderStatus } from '@portal/domain/commerce-enums.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { eventPaymentStatusLabels, isVoidedOrCancelled, type EventPaymentRow } from '@portal/domain/payments.ts';
import { formatDateRange } from '../../../shared/commerce/format.ts';

const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  VOIDED: 'Voided',
};

const statusColors: Record<EventPaymentStatus, string> = {
  PENDING: 'yellow',
  AWAITING_PO: 'yellow',
  PO_SUBMITTED: 'blue',
  PAID: 'green',
  CANCELLED: 'red',
  EXPIRED: 'gray',
  REFUND_NEEDED: 'orange',
};

function eventNames(row: EventPaymentRow): string {
  return row.events.map((event) => event.name).join(', ');
}

/** A paid payment that was neither voided nor cancelled: its tickets can be handed out. */
function allocates(row: EventPaymentRow): boolean {
  return row.status === 'PAID' && !isVoidedOrCancelled(row);
}

/** What the member can do with the payment now: allocate its tickets, or upload its purchase order. */
function RowAction({ row }: { row: EventPaymentRow }) {
  const query = new URLSearchParams({ eventPaymentId: row.id }).toString();
  if (allocates(row)) {
    return (
      <Anchor component={Link} to={`/members/event/assign-tickets?${query}`} aria-label={`Allocate tickets: ${eventNames(row)}`}>
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
    <Table.ScrollContainer minWidth={960}>
      <Table withTableBorder striped verticalSpacing="sm" aria-label="Event payments">
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
                {allocates(row) ? (
                  <Text size="sm">
                    {row.allocatedTickets} of {row.numberOfTickets}
                  </Text>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{formatCents(row.total)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={statusColors[row.status]} c="dark">
                  {eventPaymentStatusLabels[row.status]}
                </Badge>
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
      </Table>
    </Table.ScrollContainer>
  );
}
