import { Button, Group, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  resourceContentTypes,
  resourceExtensions,
  resourceFileMaxBytes,
  resourceMessages,
  type ResourceRow,
} from '@portal/domain/content/resources.ts';
import { notifyError } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { LinkOrFileFields, linkOrFileFormProblems } from '../../../ui/link-or-file-fields.tsx';
import { useSaveResource, type ResourceFormValues } from '../api/resources.ts';

const accept = [...Object.values(resourceContentTypes), ...Object.values(resourceExtensions).flat()].join(',');

interface ResourceFormProps {
  eventId: string;
  /** The resource edited, or null for a new one. */
  resource: ResourceRow | null;
  sections: { value: string; label: string }[];
  onDone: () => void;
}

/**
 * A resource's title, description, link or file, and target sections. The link-or-file rule is the
 * domain's (linkOrFileProblems), as on the server; the file type is checked there by content.
 */
export function ResourceForm({ eventId, resource, sections, onDone }: ResourceFormProps) {
  const save = useSaveResource(eventId);
  const form = useForm<ResourceFormValues>({
    initialValues: {
      title: resource?.title ?? '',
      description: resource?.description ?? '',
      url: resource?.url ?? '',
      sectionIds: resource?.sections.map((section) => section.id) ?? [],
      file: null,
    },
    validate: (values) =>
      linkOrFileFormProblems(values, resource?.file != null, {
        maxBytes: resourceFileMaxBytes,
        messages: resourceMessages,
      }),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: resource?.id ?? null, values },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: resource ? resourceMessages.saved : resourceMessages.created });
          onDone();
        },
        onError: (error) => {
          if (showSubmitError(form, error)) notifyError(error);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={resource ? `Edit ${resource.title}` : 'New resource'}>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
        <LinkOrFileFields
          form={form}
          noun="file"
          fileDescription={
            resource?.file
              ? `Now: ${resource.file.name}. Choose a file to replace it. PDF, Word, PowerPoint, Excel, PNG or JPG, at most 10 MB.`
              : 'PDF, Word, PowerPoint, Excel, PNG or JPG, at most 10 MB'
          }
          accept={accept}
          hasStoredFile={resource?.file != null}
        >
          <MultiSelect
            label="Sections"
            description={
              sections.length > 0
                ? 'Leave empty for everyone attending the event'
                : 'This event has no sections: the resource is for everyone attending it'
            }
            data={sections}
            disabled={sections.length === 0}
            searchable
            clearable
            {...form.getInputProps('sectionIds')}
          />
        </LinkOrFileFields>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {resource ? 'Save resource' : 'Create resource'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
