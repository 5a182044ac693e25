import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import type { RegistrationRequestRow } from '@portal/domain/registrations/requests.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

export const adminRequestPath = (requestId: string) => `/admin/registration-requests/${encodeURIComponent(requestId)}`;

/**
 * Registration requests as staff find them: who asked for how many seats of which event and for
 * which organization, what it costs and where its payment stands.
 */
export function RequestsTable({ requests }: { requests: readonly RegistrationRequestRow[] }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={1000} striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Requested</Table.Th>
          <Table.Th scope="col">Member</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">Event</Table.Th>
          <Table.Th scope="col">Seats</Table.Th>
          <Table.Th scope="col">Total</Table.Th>
          <Table.Th scope="col">Payment</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requests.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Th scope="row">
              <Anchor component={Link} to={adminRequestPath(row.id)} size="sm">
                {formatMoment(row.createdAt, timeZone)}
              </Anchor>
            </Table.Th>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm">{`${row.requester.firstName} ${row.requester.lastName}`.trim()}</Text>
                <Text size="sm">
                  <EmailAddress email={row.requester.email} />
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>{row.organization?.name ?? '—'}</Table.Td>
            <Table.Td>{row.event.name}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {row.attendeesAssigned} / {row.seatsRequested} named
            </Table.Td>
            <Table.Td>{formatCents(row.total)}</Table.Td>
            <Table.Td>
              <Stack gap="2xs" align="flex-start">
                {row.status === 'CANCELLED' ? (
                  <Badge color="gray" variant="light" c="dark">
                    Cancelled
                  </Badge>
                ) : null}
                <Text size="sm">{eventPaymentStatusLabels[row.paymentStatus ?? 'PENDING']}</Text>
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
