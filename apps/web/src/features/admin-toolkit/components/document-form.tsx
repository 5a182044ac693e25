import { Button, FileInput, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatFileSize } from '@portal/domain/content/resources.ts';
import {
  toolkitFileMaxBytes,
  toolkitMessages,
  type StaffToolkitDocument,
  type StaffToolkitOutline,
} from '@portal/domain/content/toolkit.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSaveDocument, type DocumentValues } from '../api/toolkit-library.ts';
import { placeOptions } from './outline-options.ts';

interface DocumentFormProps {
  /** The document edited, or null for a new one. */
  document: StaffToolkitDocument | null;
  outline: StaffToolkitOutline;
  onDone: () => void;
}

/** A document's title, description, place and PDF (required when new; a new one replaces the old). */
export function DocumentForm({ document, outline, onDone }: DocumentFormProps) {
  const save = useSaveDocument();
  const form = useForm<DocumentValues>({
    initialValues: {
      title: document?.title ?? '',
      description: document?.description ?? '',
      place: document
        ? document.categoryId
          ? `category:${document.categoryId}`
          : `grouping:${document.groupingId ?? ''}`
        : '',
      file: null,
    },
    validate: (values) => ({
      title: values.title.trim() ? null : toolkitMessages.titleRequired,
      place: values.place ? null : toolkitMessages.placeRequired,
      file:
        !document && !values.file
          ? toolkitMessages.fileRequired
          : values.file && values.file.size > toolkitFileMaxBytes
            ? toolkitMessages.fileTooLarge
            : null,
    }),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: document?.id ?? null, values },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: document ? toolkitMessages.documentSaved : toolkitMessages.documentCreated,
          });
          onDone();
        },
        onError: (error) => {
          showSubmitError(form, error);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={document ? `Edit ${document.title}` : 'Upload a document'}>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
        <Select
          label="Place"
          placeholder="Choose a category or grouping"
          withAsterisk
          data={placeOptions(outline)}
          searchable
          {...form.getInputProps('place')}
        />
        <FileInput
          placeholder="Choose file"
          label="PDF"
          withAsterisk={!document}
          description={
            document
              ? `Now: ${document.fileName} (${formatFileSize(document.fileSize)}). Choose a PDF to replace it; at most 10 MB.`
              : 'A PDF of at most 10 MB'
          }
          accept="application/pdf,.pdf"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear file' }}
          {...form.getInputProps('file')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {document ? 'Save document' : 'Upload document'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
