import { Anchor, Button, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { resourceMessages, type ResourceRow } from '@portal/domain/content/resources.ts';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminResourceEventQuery, adminResourcesQuery, useDeleteResource, useMoveResource } from '../api/resources.ts';
import { ResourcesTable } from '../components/resources-table.tsx';

// The form (file and section pickers, Mantine form) loads when staff open the drawer.
const ResourceForm = lazy(() => import('../components/resource-form.tsx').then((m) => ({ default: m.ResourceForm })));

export const adminResourcesLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const eventId = params.eventId ?? '';
    await Promise.all([
      queryClient.prefetchQuery(adminResourcesQuery(eventId)),
      queryClient.prefetchQuery(adminResourceEventQuery(eventId)),
    ]);
    return null;
  };

/** Every section of the event as a picker option, named with its grouping. */
function sectionOptions(event: StaffEventDetail | undefined) {
  return (event?.paths ?? []).flatMap((path) =>
    path.groupings.flatMap((grouping) =>
      grouping.sections.map((section) => ({ value: section.id, label: `${section.title} (${grouping.name})` })),
    ),
  );
}

/** What the drawer edits: a new resource (null) or an existing one; closed when undefined. */
type Editing = ResourceRow | null | undefined;

/** /admin/events/{id}/resources: the event's resources, created, edited, ordered and targeted by staff. */
export function AdminResourcesPage() {
  const eventId = useParams().eventId ?? '';
  const resources = useQuery(adminResourcesQuery(eventId));
  const event = useQuery(adminResourceEventQuery(eventId));
  const [editing, setEditing] = useState<Editing>(undefined);
  const remove = useDeleteResource(eventId);
  const move = useMoveResource(eventId);

  if (isApiError(resources.error, 404)) return <NotFound />;

  const confirmDelete = (resource: ResourceRow) =>
    openConfirmModal({
      title: `Delete ${resource.title}?`,
      children: <Text size="sm">{resourceMessages.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        remove.mutate(resource.id, {
          onSuccess: () => notifications.show({ color: 'green', message: resourceMessages.deleted }),
          onError: notifyError,
        }),
    });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}`} size="sm">
        Back to the event
      </Anchor>
      <Group justify="space-between" align="center">
        <Stack gap="2xs">
          <Title order={1}>Resources</Title>
          {event.data ? <Text>{event.data.name}</Text> : null}
        </Stack>
        <Button onClick={() => setEditing(null)}>New resource</Button>
      </Group>
      <Text size="sm">
        Members see a resource when they hold a ticket for the event or were accepted to it. A resource aimed at
        sections is shown only to those sections&apos; attendees.
      </Text>
      {resources.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading resources">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : resources.isError ? (
        <ErrorState message={errorMessage(resources.error)} onRetry={() => void resources.refetch()} />
      ) : resources.data.items.length === 0 ? (
        <EmptyState message={resourceMessages.empty} />
      ) : (
        <ResourcesTable
          eventId={eventId}
          resources={resources.data.items}
          onEdit={setEditing}
          onDelete={confirmDelete}
          moving={move.isPending}
          onMove={(resource, direction) =>
            move.mutate(
              { id: resource.id, direction },
              {
                onSuccess: () => notifications.show({ color: 'green', message: resourceMessages.moved }),
                onError: notifyError,
              },
            )
          }
        />
      )}
      <Drawer
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Edit ${editing.title}` : 'New resource'}
        position="right"
        size="md"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          {editing !== undefined ? (
            <ResourceForm
              key={editing?.id ?? 'new'}
              eventId={eventId}
              resource={editing}
              sections={sectionOptions(event.data)}
              onDone={() => setEditing(undefined)}
            />
          ) : null}
        </Suspense>
      </Drawer>
    </Stack>
  );
}
