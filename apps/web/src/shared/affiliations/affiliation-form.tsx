import { Button, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { affiliationMessages } from '@portal/domain/organizations/messages.ts';
import type { Affiliation } from '@portal/domain/organizations/affiliations.ts';
import { showSubmitError } from '../../lib/form-errors.ts';
import type { Lookups } from '../../lib/lookups.ts';
import { useSaveAffiliation, type AffiliationRequest } from './api.ts';
import { gradeOptions, inGradeOrder, positionOptions } from './options.ts';
import { RemoteSearchSelect, type PickedOption } from './remote-search-select.tsx';

interface AffiliationFormProps {
  /** The affiliation being edited; null adds a new one. */
  affiliation: Affiliation | null;
  lookups: Lookups;
  onSaved: () => void;
  onCreateOrganization: () => void;
}

/** Organization (server search), position and grades; 'Create a New Organization' when it is not found. */
export function AffiliationForm({ affiliation, lookups, onSaved, onCreateOrganization }: AffiliationFormProps) {
  const save = useSaveAffiliation(affiliation?.membershipId ?? null);
  const [organization, setOrganization] = useState<PickedOption | null>(
    affiliation ? { value: affiliation.organizationId, label: affiliation.organizationName } : null,
  );
  const form = useForm<AffiliationRequest>({
    mode: 'controlled',
    initialValues: {
      organizationId: affiliation?.organizationId ?? '',
      positionId: affiliation?.positionId ?? '',
      gradeIds: affiliation?.gradeIds ?? [],
    },
    // Three required choices: checked without zod, so the editor stays small where zod is not loaded
    // yet (the application wizard); the server validates with affiliationInput.
    validate: {
      organizationId: (value) => (value ? null : affiliationMessages.organizationRequired),
      positionId: (value) => (value ? null : affiliationMessages.positionRequired),
      gradeIds: (value) => (value.length > 0 ? null : affiliationMessages.gradesRequired),
    },
  });

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: affiliationMessages.saved });
        onSaved();
      },
      onError: (error) => showSubmitError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RemoteSearchSelect
          kind="organizations"
          label="Organization"
          withAsterisk
          noResults="No organizations found"
          selected={organization}
          onChange={(option) => {
            setOrganization(option);
            form.setFieldValue('organizationId', option?.value ?? '');
          }}
          error={form.errors.organizationId}
        />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onCreateOrganization}>
            {affiliationMessages.createNew}
          </Button>
        </Group>
        <Select
          label="Position"
          withAsterisk
          data={positionOptions(lookups)}
          {...form.getInputProps('positionId')}
          value={form.values.positionId || null}
          onChange={(value: string | null) => form.setFieldValue('positionId', value ?? '')}
        />
        <MultiSelect
          label="Grades"
          searchable
          withAsterisk
          data={gradeOptions(lookups)}
          {...form.getInputProps('gradeIds')}
          onChange={(ids) => form.setFieldValue('gradeIds', inGradeOrder(lookups, ids))}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
