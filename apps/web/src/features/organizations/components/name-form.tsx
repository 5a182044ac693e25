import { Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { organizationName, type OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { FormActions } from './form-actions.tsx';

/** The organization's name, required (organizations.md §5 'Organization forms'). */
export function NameForm({ organization, onDone }: { organization: OrganizationDetail; onDone: () => void }) {
  const update = useUpdateOrganization(organization.id);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: organization.name },
    validate: schemaResolver(organizationName, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { kind: 'name', body: organizationName.parse(values) },
      { onSuccess: onDone, onError: (error) => showSubmitError(form, error) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk autoFocus key={form.key('name')} {...form.getInputProps('name')} />
        <FormActions onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
