import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SeatRequestStatus } from '@portal/domain/tickets/seat-requests.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import type { StatusTone } from '../../ui/theme.ts';
import { mySeatRequestsQuery } from './queries.ts';

const tones: Record<SeatRequestStatus, StatusTone> = { REQUESTED: 'pending', APPROVED: 'paid', DECLINED: 'cancelled' };

/** Manage Events: where each of her requests to her school stands. Nothing when she has made none. */
export function MySeatRequests() {
  const requests = useQuery(mySeatRequestsQuery);
  if (requests.isPending) return <Skeleton height={44} aria-label="Loading your requests" />;
  if (requests.isError)
    return <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />;
  if (requests.data.items.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="seat-requests-heading">
      <Text component="h2" fw={700} size="lg" id="seat-requests-heading">
        Requests to my school
      </Text>
      {requests.data.items.map((request) => (
        <Paper key={request.id} withBorder p="sm" radius="md" aria-label={`Request for ${request.eventName}`}>
          <Stack gap={4}>
            <Text fw={600}>
              {request.eventName}
              {request.sectionTitle ? `: ${request.sectionTitle}` : ''}
            </Text>
            <Text size="sm">
              {request.organizationName} · {formatDateRange(request.startDate, request.startDate)}
            </Text>
            <StatusBadge tone={tones[request.status]}>{request.statusLabel}</StatusBadge>
            {request.declineReason ? <Text size="sm">Reason: {request.declineReason}</Text> : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
