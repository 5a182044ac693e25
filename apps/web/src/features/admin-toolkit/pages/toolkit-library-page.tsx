import { Button, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { toolkitMessages, type StaffToolkitDocument } from '@portal/domain/content/toolkit.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { outlineQuery, useDeleteContainer, useMoveContainer } from '../api/toolkit-library.ts';
import type { ContainerEdit } from '../components/container-form.tsx';
import { DocumentsSection } from '../components/documents-section.tsx';
import { MemberFlagsFinder } from '../components/member-flags-finder.tsx';
import { CategoriesTable, GroupingsTable } from '../components/outline-tables.tsx';

// The forms (Mantine form, file and place pickers) load when staff open the drawer.
const ContainerForm = lazy(() =>
  import('../components/container-form.tsx').then((m) => ({ default: m.ContainerForm })),
);
const DocumentForm = lazy(() => import('../components/document-form.tsx').then((m) => ({ default: m.DocumentForm })));

export const toolkitLibraryLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(outlineQuery);
  return null;
};

type Editing =
  { what: 'container'; edit: ContainerEdit } | { what: 'document'; document: StaffToolkitDocument | null } | null;

/**
 * /admin/toolkit: the Treasure Chest as staff arrange it — categories and nested groupings, ordered
 * with Up and Down and aimed at flags — and the PDF documents inside them.
 */
export function ToolkitLibraryPage() {
  const outline = useQuery(outlineQuery);
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteContainer();
  const move = useMoveContainer();
  const close = () => setEditing(null);

  const onMove = (kind: 'categories' | 'groupings') => (row: { id: string }, direction: 'up' | 'down') =>
    move.mutate(
      { kind, id: row.id, direction },
      { onSuccess: () => notifications.show({ color: 'green', message: toolkitMessages.moved }), onError: notifyError },
    );
  const confirmDelete =
    (kind: 'categories' | 'groupings') => (row: { id: string; documentCount: number }, name: string) =>
      openConfirmModal({
        title: `Delete ${name}?`,
        children: (
          <Text size="sm">Only an empty {kind === 'categories' ? 'category' : 'grouping'} can be deleted.</Text>
        ),
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red.9' },
        onConfirm: () =>
          remove.mutate(
            { kind, id: row.id },
            {
              onSuccess: () => notifications.show({ color: 'green', message: toolkitMessages.deleted }),
              onError: notifyError,
            },
          ),
      });

  const drawerTitle =
    editing?.what === 'document'
      ? editing.document
        ? `Edit ${editing.document.title}`
        : 'Upload a document'
      : editing?.what === 'container'
        ? `${editing.edit.id ? 'Edit' : 'New'} ${editing.edit.kind === 'categories' ? 'category' : 'grouping'}`
        : '';

  return (
    <Stack gap="xl">
      <Stack gap="2xs">
        <Title order={1}>Toolkit library</Title>
        <Text size="sm">
          Members with toolkit access see the Treasure Chest in this order. Each category and grouping is shown to every
          toolkit member, or only to those holding a flag you tick; a grouping hidden from a member hides everything
          inside it. Set a member&apos;s flags from Users.
        </Text>
      </Stack>
      {outline.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the library">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : outline.isError ? (
        <ErrorState
          title="Could not load the library"
          message={errorMessage(outline.error)}
          onRetry={() => void outline.refetch()}
        />
      ) : (
        <>
          <Stack component="section" gap="sm" aria-labelledby="toolkit-categories">
            <Group justify="space-between">
              <Title order={2} id="toolkit-categories">
                Categories
              </Title>
              <Button
                onClick={() =>
                  setEditing({ what: 'container', edit: { kind: 'categories', id: null, name: '', audience: [] } })
                }
              >
                New category
              </Button>
            </Group>
            {outline.data.categories.length === 0 ? (
              <EmptyState message="No categories yet" />
            ) : (
              <CategoriesTable
                categories={outline.data.categories}
                busy={move.isPending}
                onMove={onMove('categories')}
                onEdit={(c) =>
                  setEditing({
                    what: 'container',
                    edit: { kind: 'categories', id: c.id, name: c.name, audience: c.audience },
                  })
                }
                onDelete={(c) => confirmDelete('categories')(c, c.name)}
              />
            )}
          </Stack>
          <Stack component="section" gap="sm" aria-labelledby="toolkit-groupings">
            <Group justify="space-between">
              <Title order={2} id="toolkit-groupings">
                Groupings
              </Title>
              <Button
                onClick={() =>
                  setEditing({
                    what: 'container',
                    edit: { kind: 'groupings', id: null, name: '', parentId: null, audience: [] },
                  })
                }
              >
                New grouping
              </Button>
            </Group>
            {outline.data.groupings.length === 0 ? (
              <EmptyState message="No groupings yet" />
            ) : (
              <GroupingsTable
                outline={outline.data}
                busy={move.isPending}
                onMove={onMove('groupings')}
                onEdit={(g) =>
                  setEditing({
                    what: 'container',
                    edit: { kind: 'groupings', id: g.id, name: g.title, parentId: g.parentId, audience: g.audience },
                  })
                }
                onDelete={(g) => confirmDelete('groupings')(g, g.path)}
              />
            )}
          </Stack>
        </>
      )}
      <DocumentsSection
        outline={outline.data}
        onUpload={() => setEditing({ what: 'document', document: null })}
        onEdit={(document) => setEditing({ what: 'document', document })}
      />
      <MemberFlagsFinder />
      <Drawer
        opened={editing !== null}
        onClose={close}
        title={drawerTitle}
        position="right"
        size="md"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          {editing?.what === 'container' && outline.data ? (
            <ContainerForm key={editing.edit.id ?? 'new'} edit={editing.edit} outline={outline.data} onDone={close} />
          ) : null}
          {editing?.what === 'document' && outline.data ? (
            <DocumentForm
              key={editing.document?.id ?? 'new'}
              document={editing.document}
              outline={outline.data}
              onDone={close}
            />
          ) : null}
        </Suspense>
      </Drawer>
    </Stack>
  );
}
