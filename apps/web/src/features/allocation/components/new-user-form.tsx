import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { allocationMessages, type AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { newPendingUser, type NewPendingUser } from '@portal/domain/tickets/pending-users.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useCreatePendingUser } from '../api/assignable-users.ts';

export interface OrganizationOption {
  value: string;
  label: string;
}

interface NewUserFormProps {
  organizations: OrganizationOption[];
  /** The payment's organization, chosen to begin with. */
  organizationId: string | null;
  onCreated: (user: AssignableUser) => void;
  onCancel: () => void;
}

/** The '+ Add New User' form (events.md §3, §5): a pending user of the chosen organization. */
export function NewUserForm({ organizations, organizationId, onCreated, onCancel }: NewUserFormProps) {
  const create = useCreatePendingUser();
  const form = useForm<NewPendingUser>({
    mode: 'uncontrolled',
    initialValues: { firstName: '', lastName: '', email: '', organizationId: organizationId ?? '' },
    validate: schemaResolver(newPendingUser, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    create.mutate(newPendingUser.parse(values), {
      onSuccess: (user) => {
        notifications.show({ color: 'green', message: allocationMessages.userCreated });
        form.reset();
        onCreated(user);
      },
      onError: (error) => showSubmitError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="First name"
          autoComplete="off"
          withAsterisk
          data-autofocus
          {...form.getInputProps('firstName')}
        />
        <TextInput label="Last name" autoComplete="off" withAsterisk {...form.getInputProps('lastName')} />
        <TextInput label="Email" type="email" autoComplete="off" withAsterisk {...form.getInputProps('email')} />
        <NativeSelect
          label="Organization"
          data={[{ value: '', label: 'Choose an organization' }, ...organizations]}
          withAsterisk
          {...form.getInputProps('organizationId')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
