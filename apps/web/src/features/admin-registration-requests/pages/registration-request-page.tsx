import { Anchor, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import { formatDateRange, formatMoment } from '@portal/domain/dates.ts';
import type { RegistrationRequestDetail } from '@portal/domain/registrations/requests.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminRequestQuery } from '../api/registration.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

export const registrationRequestLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminRequestQuery(params.requestId ?? ''));
    return null;
  };

function Details({ detail }: { detail: RegistrationRequestDetail }) {
  const { price } = detail;
  const timeZone = useProviderTimeZone();
  return (
    <>
      <Stack gap="2xs">
        <Title order={1}>{detail.event.name}</Title>
        <Text>
          {formatDateRange(detail.event.startDate, detail.event.endDate)} · requested{' '}
          {formatMoment(detail.createdAt, timeZone)} by{' '}
          {`${detail.requester.firstName} ${detail.requester.lastName}`.trim()} ({detail.requester.email})
        </Text>
        <Text size="sm">Organization: {detail.organization?.name ?? 'none'}</Text>
        <Group gap="xs">
          {detail.status === 'CANCELLED' ? (
            <Badge color="gray" variant="light" c="dark">
              Cancelled
            </Badge>
          ) : null}
          <Badge variant="light" color="blue" c="dark">
            Payment: {eventPaymentStatusLabels[detail.paymentStatus ?? 'PENDING']}
          </Badge>
          {detail.payment ? (
            <Anchor component={Link} to={`/admin/event-payments/${encodeURIComponent(detail.payment.id)}`} size="sm">
              Open the event payment
            </Anchor>
          ) : null}
        </Group>
      </Stack>
      <DetailSection title="Price">
        <Text size="sm">
          {price.seats} × {formatCents(price.attendeeCost)} = {formatCents(price.grossTotal)}
          {price.freeSeats > 0 ? `, ${price.freeSeats} free (−${formatCents(price.offerDiscount)})` : ''}
          {detail.coupon ? `, coupon ${detail.coupon.code} (−${formatCents(price.couponDiscount)})` : ''}; total{' '}
          {formatCents(price.total)}
        </Text>
        {detail.requestedSections.length > 0 ? (
          <List size="sm">
            {detail.requestedSections.map((section) => (
              <List.Item key={section.id}>{section.title}</List.Item>
            ))}
          </List>
        ) : null}
      </DetailSection>
      <DetailSection title="Seats">
        <ResponsiveTable minWidth={480} withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Seat</Table.Th>
              <Table.Th scope="col">Attendee</Table.Th>
              <Table.Th scope="col">Account</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.seats.map((seat) => (
              <Table.Tr key={seat.position}>
                <Table.Th scope="row">
                  {seat.position}
                  {seat.free ? ' (free)' : ''}
                </Table.Th>
                <Table.Td>{seat.attendee?.email ?? 'Not named yet'}</Table.Td>
                <Table.Td>{seat.attendee ? (seat.attendee.isPending ? 'Invited' : 'Active') : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      </DetailSection>
    </>
  );
}

/** /admin/registration-requests/{id}: a request as staff read it (seats, attendees, price, payment). */
export function RegistrationRequestPage() {
  const requestId = useParams().requestId ?? '';
  const request = useQuery(adminRequestQuery(requestId));
  if (isApiError(request.error) && request.error.status < 500 && request.error.status !== 401) return <NotFound />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/registration-requests" size="sm">
        Back to registration requests
      </Anchor>
      {request.isPending ? (
        <PageLoader label="Loading the registration request" />
      ) : request.isError ? (
        <ErrorState message={errorMessage(request.error)} onRetry={() => void request.refetch()} />
      ) : (
        <Details detail={request.data} />
      )}
    </Stack>
  );
}
