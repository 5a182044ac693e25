import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  organizationResourceFileMaxBytes,
  organizationResourceMessages,
  type StaffOrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { LinkOrFileFields, linkOrFileFormProblems } from '../../../ui/link-or-file-fields.tsx';
import { useSaveResource, type ResourceFormValues } from '../api/content.ts';

interface Props {
  organizationId: string;
  schoolYearId: string;
  /** The resource edited, or null for a new one. */
  resource: StaffOrganizationResourceRow | null;
  onDone: () => void;
}

/** A resource's title, grades, description, and a link or a PDF (the server checks the PDF by content). */
export function OrganizationResourceForm({ organizationId, schoolYearId, resource, onDone }: Props) {
  const save = useSaveResource(organizationId, schoolYearId);
  const form = useForm<ResourceFormValues>({
    initialValues: {
      title: resource?.title ?? '',
      grades: resource?.grades ?? '',
      description: resource?.description ?? '',
      url: resource?.url ?? '',
      file: null,
    },
    validate: (values) =>
      linkOrFileFormProblems(values, resource?.file != null, {
        maxBytes: organizationResourceFileMaxBytes,
        messages: organizationResourceMessages,
      }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: resource?.id ?? null, values },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: resource ? organizationResourceMessages.saved : organizationResourceMessages.created,
          });
          onDone();
        },
        onError: (error) => void showSubmitError(form, error),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={resource ? `Edit ${resource.title}` : 'New resource'}>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <TextInput
          label="Grades"
          description="As members should read it, e.g. Grades K–2"
          {...form.getInputProps('grades')}
        />
        <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
        <LinkOrFileFields
          form={form}
          noun="PDF"
          fileDescription={
            resource?.file ? `Now: ${resource.file.name}. Choose a PDF to replace it (at most 10 MB).` : 'At most 10 MB'
          }
          accept="application/pdf,.pdf"
          hasStoredFile={resource?.file != null}
        />
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
