import { Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoment } from '@portal/domain/dates.ts';
import { webhookEventLabels, webhookMessages, type WebhookEndpointRow } from '@portal/domain/staff/webhooks.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import {
  useDeleteEndpoint,
  useRotateSecret,
  useSetEndpointEnabled,
  webhookEndpointsQuery,
  type EndpointWithSecret,
} from '../api/webhooks.ts';
import { DeliveriesSection } from '../components/deliveries-section.tsx';
import { EndpointFormModal } from '../components/endpoint-form-modal.tsx';
import { SecretModal, type ShownSecret } from '../components/secret-modal.tsx';

export const webhooksLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(webhookEndpointsQuery());
  return null;
};

interface EndpointActions {
  selectedId: string | null;
  onDeliveries: (endpoint: WebhookEndpointRow) => void;
  onToggle: (endpoint: WebhookEndpointRow, enabled: boolean) => void;
  onRotate: (endpoint: WebhookEndpointRow) => void;
  onDelete: (endpoint: WebhookEndpointRow) => void;
}

function EndpointsTable({ endpoints, actions }: { endpoints: WebhookEndpointRow[]; actions: EndpointActions }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={900} striped aria-label="Webhook endpoints">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Endpoint</Table.Th>
          <Table.Th scope="col">Events</Table.Th>
          <Table.Th scope="col">Failing</Table.Th>
          <Table.Th scope="col">Enabled</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {endpoints.map((endpoint) => (
          <Table.Tr key={endpoint.id} aria-selected={actions.selectedId === endpoint.id}>
            <Table.Td>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Text>
              {endpoint.description ? (
                <Text size="xs" c="dimmed">
                  {endpoint.description}
                </Text>
              ) : null}
              {endpoint.previousSecretExpiresAt ? (
                <Text size="xs" c="dimmed">
                  Old secret also signs until {formatMoment(endpoint.previousSecretExpiresAt, timeZone)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{endpoint.eventTypes.map((type) => webhookEventLabels[type]).join(', ')}</Text>
            </Table.Td>
            <Table.Td>{endpoint.failingDeliveries}</Table.Td>
            <Table.Td>
              <Switch
                checked={endpoint.enabled}
                onChange={(event) => actions.onToggle(endpoint, event.currentTarget.checked)}
                aria-label={`Enabled: ${endpoint.url}`}
              />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="wrap">
                <Button size="xs" variant="light" onClick={() => actions.onDeliveries(endpoint)}>
                  Deliveries
                </Button>
                <Button size="xs" variant="default" onClick={() => actions.onRotate(endpoint)}>
                  Rotate secret
                </Button>
                <Button size="xs" variant="default" color="red.9" onClick={() => actions.onDelete(endpoint)}>
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** /admin/webhooks: the endpoints the portal posts its events to, signed (Standard Webhooks), and their deliveries. */
export function WebhooksPage() {
  const endpoints = useQuery(webhookEndpointsQuery());
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const setEnabled = useSetEndpointEnabled();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const timeZone = useProviderTimeZone();

  const selectedId = searchParams.get('endpoint');
  const selected = endpoints.data?.items.find((endpoint) => endpoint.id === selectedId) ?? null;
  const select = (id: string | null) =>
    setSearchParams(
      (params) => {
        if (id) params.set('endpoint', id);
        else params.delete('endpoint');
        return params;
      },
      { replace: true },
    );

  const showSecret = (notice: string, { endpoint, secret }: EndpointWithSecret) =>
    setShown({ notice, url: endpoint.url, secret });

  const actions: EndpointActions = {
    selectedId,
    onDeliveries: (endpoint) => select(endpoint.id),
    onToggle: (endpoint, enabled) =>
      setEnabled.mutate(
        { id: endpoint.id, enabled },
        {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: enabled ? webhookMessages.enabled : webhookMessages.disabled,
            }),
          onError: notifyError,
        },
      ),
    onRotate: (endpoint) =>
      openConfirmModal({
        title: 'Rotate the signing secret?',
        children: <Text size="sm">{webhookMessages.rotateConfirm}</Text>,
        labels: { confirm: 'Rotate secret', cancel: 'Cancel' },
        onConfirm: () =>
          rotate.mutate(endpoint.id, {
            onSuccess: (rotated) => {
              const until = rotated.endpoint.previousSecretExpiresAt;
              const overlap = until ? ` ${webhookMessages.overlapUntil(formatMoment(until, timeZone))}` : '';
              showSecret(`${webhookMessages.rotated}.${overlap}`, rotated);
            },
            onError: notifyError,
          }),
      }),
    onDelete: (endpoint) =>
      openConfirmModal({
        title: 'Delete this webhook endpoint?',
        children: (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}: {webhookMessages.deleteConfirm}
          </Text>
        ),
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red.9' },
        onConfirm: () =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: webhookMessages.deleted });
              if (selectedId === endpoint.id) select(null);
            },
            onError: notifyError,
          }),
      }),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Webhooks</Title>
          <Text size="sm" c="dimmed" maw={640}>
            The portal posts the events you choose to your other systems, signed as the Standard Webhooks specification
            defines.
          </Text>
        </Stack>
        <Button onClick={() => setAdding(true)}>Add endpoint</Button>
      </Group>
      {endpoints.isPending ? (
        <PageLoader label="Loading webhook endpoints" />
      ) : endpoints.isError ? (
        <ErrorState message={errorMessage(endpoints.error)} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.items.length === 0 ? (
        <EmptyState message="No webhook endpoints yet" />
      ) : (
        <EndpointsTable endpoints={endpoints.data.items} actions={actions} />
      )}
      {selected ? <DeliveriesSection key={selected.id} endpointId={selected.id} endpointUrl={selected.url} /> : null}
      <EndpointFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(created) => {
          setAdding(false);
          showSecret(webhookMessages.created, created);
          select(created.endpoint.id);
        }}
      />
      <SecretModal shown={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
