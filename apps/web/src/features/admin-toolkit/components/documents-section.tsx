import { Button, Group, NativeSelect, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  toolkitDocumentPageSize,
  toolkitMessages,
  type StaffToolkitDocument,
  type StaffToolkitOutline,
} from '@portal/domain/content/toolkit.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { documentsQuery, useDeleteDocument, useMoveDocument } from '../api/toolkit-library.ts';
import { DocumentsTable } from './documents-table.tsx';
import { placeOptions } from './outline-options.ts';

interface DocumentsSectionProps {
  outline: StaffToolkitOutline | undefined;
  onUpload: () => void;
  onEdit: (document: StaffToolkitDocument) => void;
}

/** Every document, searched by title or file name, or one place's documents in their order (?place=). */
export function DocumentsSection({ outline, onUpload, onEdit }: DocumentsSectionProps) {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const place = searchParams.get('place') ?? '';
  const documents = useQuery(documentsQuery({ ...search.params, place }));
  const remove = useDeleteDocument();
  const move = useMoveDocument();
  const totalPages = documents.data ? Math.max(1, Math.ceil(documents.data.total / toolkitDocumentPageSize)) : 1;

  const confirmDelete = (document: StaffToolkitDocument) =>
    openConfirmModal({
      title: `Delete ${document.title}?`,
      children: (
        <Text size="sm">Members will no longer see it, and it leaves every member&apos;s saved resources.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        remove.mutate(document.id, {
          onSuccess: () => notifications.show({ color: 'green', message: toolkitMessages.documentDeleted }),
          onError: notifyError,
        }),
    });

  return (
    <Stack component="section" gap="sm" aria-labelledby="toolkit-documents">
      <Group justify="space-between">
        <Title order={2} id="toolkit-documents">
          Documents
        </Title>
        <Button onClick={onUpload}>Upload document</Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search documents"
          description="Title or file name"
          type="search"
          value={search.input}
          onChange={(e) => search.setInput(e.currentTarget.value)}
          w={280}
          maw="100%"
        />
        {/* A native select keeps the combobox out of this page's chunk (60 kB route budget). */}
        <NativeSelect
          label="Place"
          data={[{ value: '', label: 'Every place' }, ...placeOptions(outline)]}
          value={place}
          w={280}
          maw="100%"
          onChange={(event) => setListFilter('place', event.currentTarget.value)}
        />
      </Group>
      {documents.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading documents">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : documents.isError ? (
        <ErrorState
          title="Could not load documents"
          message={errorMessage(documents.error)}
          onRetry={() => void documents.refetch()}
        />
      ) : documents.data.items.length === 0 ? (
        <EmptyState message="No documents found" />
      ) : (
        <>
          <DocumentsTable
            documents={documents.data.items}
            outline={outline}
            ordered={place !== '' && !search.params.search && documents.data.total <= toolkitDocumentPageSize}
            busy={move.isPending}
            onMove={(document, direction) =>
              move.mutate(
                { id: document.id, direction },
                {
                  onSuccess: () => notifications.show({ color: 'green', message: toolkitMessages.moved }),
                  onError: notifyError,
                },
              )
            }
            onEdit={onEdit}
            onDelete={confirmDelete}
          />
          <ListFooter
            total={documents.data.total}
            noun={['document', 'documents']}
            totalPages={totalPages}
            page={search.params.page}
            onPage={search.goToPage}
            announce
          />
        </>
      )}
    </Stack>
  );
}
