import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoment } from '@portal/domain/dates.ts';
import {
  webhookDeliveryStatusLabels,
  webhookEventLabels,
  webhookMessages,
  type WebhookDeliveryRow,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@portal/domain/staff/webhooks.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { MachineText } from '../../../ui/machine-text.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import type { StatusTone } from '../../../ui/theme.ts';
import { deliveriesPageSize, useRedeliver, webhookDeliveriesQuery } from '../api/webhooks.ts';

const tones: Record<WebhookDeliveryStatus, StatusTone> = { DELIVERED: 'paid', PENDING: 'pending', FAILED: 'cancelled' };

const eventLabel = (type: string) => webhookEventLabels[type as WebhookEventType] ?? type;

/** How the last attempt went: the receiver's status and time, or why no answer came. */
function LastAnswer({ delivery }: { delivery: WebhookDeliveryRow }) {
  if (delivery.attempts === 0) return <Text size="sm">Not sent yet</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {delivery.lastStatusCode === null ? 'No answer' : `HTTP ${delivery.lastStatusCode}`}
        {delivery.lastDurationMs === null ? '' : ` in ${delivery.lastDurationMs} ms`}
      </Text>
      {delivery.lastError || delivery.lastResponseExcerpt ? (
        <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          <MachineText text={delivery.lastError ?? delivery.lastResponseExcerpt ?? ''} />
        </Text>
      ) : null}
    </Stack>
  );
}

/** The deliveries of one endpoint, newest first, each with its last answer and a Redeliver button. */
export function DeliveriesSection({ endpointId, endpointUrl }: { endpointId: string; endpointUrl: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useQuery(webhookDeliveriesQuery(endpointId, page));
  const redeliver = useRedeliver();
  const timeZone = useProviderTimeZone();

  const send = (delivery: WebhookDeliveryRow) =>
    redeliver.mutate(
      { endpointId, deliveryId: delivery.id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: webhookMessages.redelivered }),
        onError: notifyError,
      },
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="webhook-deliveries">
      <Title order={2} size="h3" id="webhook-deliveries">
        Deliveries
      </Title>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        To {endpointUrl}. A failed delivery is retried for 24 hours, waiting twice as long each time.
      </Text>
      {deliveries.isPending ? (
        <PageLoader label="Loading deliveries" />
      ) : deliveries.isError ? (
        <ErrorState message={errorMessage(deliveries.error)} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.items.length === 0 ? (
        <EmptyState message="No deliveries yet: events this endpoint receives show here once they happen." />
      ) : (
        <>
          <ResponsiveTable minWidth={900} striped aria-label="Deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Event</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Attempts</Table.Th>
                <Table.Th scope="col">Last answer</Table.Th>
                <Table.Th scope="col">Happened</Table.Th>
                <Table.Th scope="col">Next attempt</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.items.map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td>
                    <Text size="sm">{eventLabel(delivery.eventType)}</Text>
                    <Text size="xs" c="dimmed">
                      <MachineText text={delivery.messageId} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge tone={tones[delivery.status]}>
                      {webhookDeliveryStatusLabels[delivery.status]}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>
                    <LastAnswer delivery={delivery} />
                  </Table.Td>
                  <Table.Td>{formatMoment(delivery.createdAt, timeZone)}</Table.Td>
                  <Table.Td>{delivery.nextAttemptAt ? formatMoment(delivery.nextAttemptAt, timeZone) : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => send(delivery)}
                      loading={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
                      aria-label={`Redeliver ${eventLabel(delivery.eventType)} ${delivery.messageId}`}
                    >
                      Redeliver
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <ListFooter
            total={deliveries.data.total}
            noun={['delivery', 'deliveries']}
            totalPages={Math.ceil(deliveries.data.total / deliveriesPageSize)}
            page={page}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
