import { Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ticketRecipient, type OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { describeRecipient } from './ticket-recipient-section.tsx';
import { FormActions } from './form-actions.tsx';

interface TicketRecipientFormProps {
  organization: OrganizationDetail;
  onDone: () => void;
}

/** Chooses the ticket recipient among the organization's active members; one is required. */
export function TicketRecipientForm({ organization, onDone }: TicketRecipientFormProps) {
  const update = useUpdateOrganization(organization.id);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { membershipId: organization.ticketRecipient?.membershipId ?? '' },
    validate: schemaResolver(ticketRecipient, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { kind: 'ticket-recipient', body: ticketRecipient.parse(values) },
      { onSuccess: onDone, onError: (error) => showSubmitError(form, error) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label="Ticket recipient"
          placeholder="Choose a member"
          withAsterisk
          data={organization.ticketRecipientOptions.map((option) => ({
            value: option.membershipId,
            label: describeRecipient(option),
          }))}
          searchable
          nothingFoundMessage="No member matches"
          key={form.key('membershipId')}
          {...form.getInputProps('membershipId')}
          onChange={(value: string | null) => form.setFieldValue('membershipId', value ?? '', { forceUpdate: false })}
        />
        <FormActions onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
