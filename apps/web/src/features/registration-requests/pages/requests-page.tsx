import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { formatDateRange, formatMoment } from '@portal/domain/dates.ts';
import {
  registrationRequestMessages as messages,
  registrationRequestPaths,
  type RegistrationRequestRow,
} from '@portal/domain/registrations/requests.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { requestsPageSize, requestsQuery } from '../api/requests.ts';
import { paymentStatusLabel, requestStatusLabels } from '../components/labels.ts';
import { ListPagination } from '../../../ui/list-pagination.tsx';
import { eventPaymentTones, StatusBadge } from '../../../ui/status-badge.tsx';

function pageOf(searchParams: URLSearchParams): number {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export const requestsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(requestsQuery(pageOf(new URL(request.url).searchParams)));
    return null;
  };

function RequestCard({ row }: { row: RegistrationRequestRow }) {
  const timeZone = useProviderTimeZone();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`request-${row.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap="2xs" style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id={`request-${row.id}`}>
            {row.event.name}
          </Title>
          <Text size="sm">{formatDateRange(row.event.startDate, row.event.endDate)}</Text>
          <Text size="sm">Requested {formatMoment(row.createdAt, timeZone)}</Text>
          <Text size="sm">
            {row.seatsRequested} {row.seatsRequested === 1 ? 'seat' : 'seats'}, {row.attendeesAssigned} assigned ·{' '}
            {formatCents(row.total)}
          </Text>
          <Group gap="xs">
            {row.status === 'CANCELLED' ? (
              <StatusBadge tone="cancelled">{requestStatusLabels.CANCELLED}</StatusBadge>
            ) : null}
            <StatusBadge tone={eventPaymentTones[row.paymentStatus ?? 'PENDING']}>
              {paymentStatusLabel(row.paymentStatus)}
            </StatusBadge>
          </Group>
        </Stack>
        <Button
          component={Link}
          to={registrationRequestPaths.detail(row.id)}
          variant="default"
          aria-label={`${messages.view} ${row.event.name}`}
        >
          {messages.view}
        </Button>
      </Group>
    </Paper>
  );
}

function Requests() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const requests = useQuery(requestsQuery(page));
  if (requests.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading your registration requests">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={110} />
        ))}
      </Stack>
    );
  }
  if (requests.isError)
    return <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />;
  if (requests.data.total === 0) return <EmptyState message={messages.empty} />;
  return (
    <Stack gap="sm">
      {requests.data.items.map((row) => (
        <RequestCard key={row.id} row={row} />
      ))}
      <Group justify="flex-end">
        <ListPagination
          total={Math.max(1, Math.ceil(requests.data.total / requestsPageSize))}
          value={page}
          onChange={(next) => setSearchParams({ page: String(next) })}
          hideWithOnePage
          aria-label="Registration request pages"
        />
      </Group>
    </Stack>
  );
}

/** /members/events/registration/requests ('My Event Registrations'): each request with a View button. */
export function RequestsPage() {
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="baseline">
        <Title order={1}>{messages.listTitle}</Title>
        <Anchor component={Link} to="/members/events" size="sm">
          Browse PD Services
        </Anchor>
      </Group>
      <Requests />
    </Stack>
  );
}
