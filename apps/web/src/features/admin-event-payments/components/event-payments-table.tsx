import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { refundReasonLabels, type AdminEventPaymentRow } from '@portal/domain/commerce/payments.ts';
import { EventPaymentStatusBadge } from './event-payment-status-badge.tsx';
import { eventPaymentMethodLabels } from '@portal/domain/commerce/payments.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';

/** The first 8 characters of a payment id: enough to tell payments apart and to search for one. */
export const shortPaymentId = (id: string) => id.slice(0, 8);

/** Event payments as staff find them: who bought what for which organization, and how far it is allocated. */
export function EventPaymentsTable({ payments }: { payments: readonly AdminEventPaymentRow[] }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={1000} striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Payment</Table.Th>
          <Table.Th scope="col">Buyer</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">Events</Table.Th>
          <Table.Th scope="col">Allocated</Table.Th>
          <Table.Th scope="col">Total</Table.Th>
          <Table.Th scope="col">Method</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Created</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Th scope="row">
              <Anchor
                component={Link}
                to={`/admin/event-payments/${payment.id}`}
                aria-label={`Payment ${shortPaymentId(payment.id)} by ${payment.buyerName}`}
                ff="monospace"
                size="sm"
              >
                {shortPaymentId(payment.id)}
              </Anchor>
            </Table.Th>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm">{payment.buyerName}</Text>
                <Text size="sm" c="dimmed">
                  <EmailAddress email={payment.buyerEmail} />
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>{payment.organizationName ?? '—'}</Table.Td>
            <Table.Td>
              <Stack gap={0}>
                {payment.events.map((name) => (
                  <Text size="sm" key={name}>
                    {name}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {payment.registrationRequestId !== null
                ? `${payment.attendeesNamed ?? 0} / ${payment.numberOfTickets} named`
                : `${payment.allocatedTickets} / ${payment.numberOfTickets}`}
            </Table.Td>
            <Table.Td>{formatCents(payment.total)}</Table.Td>
            <Table.Td>{eventPaymentMethodLabels[payment.method]}</Table.Td>
            <Table.Td>
              <Stack gap="2xs" align="flex-start">
                <EventPaymentStatusBadge status={payment.status} />
                {payment.refundReason ? (
                  <Text size="xs" maw={220}>
                    {refundReasonLabels[payment.refundReason]}
                  </Text>
                ) : null}
              </Stack>
            </Table.Td>
            <Table.Td>{formatMomentDay(payment.createdAt, timeZone)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
