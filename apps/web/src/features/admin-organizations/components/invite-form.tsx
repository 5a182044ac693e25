import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { adminInvitation, type InvitationKind } from '@portal/domain/organizations/invitations.ts';
import { organizationRoleLabels, organizationRoles, type OrganizationRole } from '@portal/domain/people/roles.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSendInvitation } from '../api/admin-invitations.ts';

interface InviteValues {
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
}

interface InviteFormProps {
  kind: InvitationKind;
  /** The organization's or the district's id, as `kind` says. */
  targetId: string;
}

const resolve = schemaResolver(adminInvitation, { sync: true });

/** "Invite someone": mails an invitation to this organization or district, with the role it gives. */
export function InviteForm({ kind, targetId }: InviteFormProps) {
  const send = useSendInvitation();
  const target = kind === 'DISTRICT' ? { districtId: targetId } : { organizationId: targetId };
  const form = useForm<InviteValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', firstName: '', lastName: '', role: 'MEMBER' },
    validate: (values) => resolve({ ...values, kind, ...target }),
  });

  const submit = form.onSubmit((values) => {
    send.mutate(adminInvitation.parse({ ...values, kind, ...target }), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Invitation sent to ${values.email.trim()}` });
        form.reset();
      },
      onError: (error) => showSubmitError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite someone">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Email" type="email" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
          <Select
            label="Role"
            withAsterisk
            allowDeselect={false}
            data={organizationRoles.map((role) => ({ value: role, label: organizationRoleLabels[role] }))}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <TextInput label="First name" withAsterisk key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
