import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  groupingParentProblem,
  toolkitMessages,
  type StaffToolkitOutline,
  type ToolkitAudience,
} from '@portal/domain/content/toolkit.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSaveContainer, type ContainerValues } from '../api/toolkit-library.ts';
import { AudienceField } from './audience-field.tsx';
import { groupingRows } from './outline-options.ts';

export type ContainerEdit =
  | { kind: 'categories'; id: string | null; name: string; audience: ToolkitAudience[] }
  | { kind: 'groupings'; id: string | null; name: string; parentId: string | null; audience: ToolkitAudience[] };

interface ContainerFormProps {
  edit: ContainerEdit;
  outline: StaffToolkitOutline;
  onDone: () => void;
}

/** A category's name, or a grouping's title and parent, and whom either is shown to. */
export function ContainerForm({ edit, outline, onDone }: ContainerFormProps) {
  const save = useSaveContainer();
  const isGrouping = edit.kind === 'groupings';
  const form = useForm<ContainerValues>({
    initialValues: {
      name: edit.name,
      parentId: edit.kind === 'groupings' ? edit.parentId : null,
      audience: edit.audience,
    },
    validate: (values) => ({
      name: values.name.trim() ? null : isGrouping ? toolkitMessages.titleRequired : toolkitMessages.nameRequired,
      parentId: isGrouping ? groupingParentProblem(outline.groupings, edit.id, values.parentId) : null,
    }),
  });
  // A grouping cannot go inside itself or its own groupings: those are not offered.
  const parents = groupingRows(outline.groupings)
    .filter((g) => edit.id === null || groupingParentProblem(outline.groupings, edit.id, g.id) === null)
    .map((g) => ({ value: g.id, label: g.path }));

  const submit = form.onSubmit((values) =>
    save.mutate(
      { kind: edit.kind, id: edit.id, values },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: isGrouping ? toolkitMessages.groupingSaved : toolkitMessages.categorySaved,
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
    <form onSubmit={submit} noValidate aria-label={isGrouping ? 'Grouping' : 'Category'}>
      <Stack gap="sm">
        <TextInput label={isGrouping ? 'Title' : 'Name'} withAsterisk {...form.getInputProps('name')} />
        {isGrouping ? (
          <Select
            label="Inside"
            placeholder="At the top"
            data={parents}
            clearable
            searchable
            {...form.getInputProps('parentId')}
          />
        ) : null}
        <AudienceField value={form.values.audience} onChange={(audience) => form.setFieldValue('audience', audience)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
