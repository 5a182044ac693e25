import { Button, Checkbox, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { defaultCountry } from '@portal/domain/lookups.ts';
import { addStaffMember } from '@portal/domain/organizations/roster.ts';
import type { Lookups } from '../../../lib/lookups.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { AddressFields } from '../../../ui/address-fields.tsx';
import { useInviteStaff } from '../api/invite-staff.ts';

interface AddStaffValues {
  email: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  stateProvince: string;
  zipPostal: string;
  country: string;
  positionId: string;
  gradeIds: string[];
  toolkitAccess: boolean;
  dateOfBirth: string;
  /** NumberInput gives '' while empty. */
  ssnLastFour: number | string;
}

const emptyValues: AddStaffValues = {
  email: '',
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  stateProvince: '',
  zipPostal: '',
  country: defaultCountry,
  positionId: '',
  gradeIds: [],
  toolkitAccess: false,
  dateOfBirth: '',
  ssnLastFour: '',
};

function toInput(values: AddStaffValues) {
  return { ...values, ssnLastFour: values.ssnLastFour === '' ? null : Number(values.ssnLastFour) };
}

const resolve = schemaResolver(addStaffMember, { sync: true });

interface AddStaffFormProps {
  organizationId: string;
  lookups: Lookups;
  onDone: () => void;
}

/** The add staff member form of organizations.md §3, with the rules of §5 (`addStaffMember`). */
export function AddStaffForm({ organizationId, lookups, onDone }: AddStaffFormProps) {
  const invite = useInviteStaff(organizationId);
  const form = useForm<AddStaffValues>({
    mode: 'uncontrolled',
    initialValues: emptyValues,
    validate: (values) => resolve(toInput(values)),
  });

  const submit = form.onSubmit((values) => {
    invite.mutate(addStaffMember.parse(toInput(values)), {
      onSuccess: ({ message }) => {
        notifications.show({ color: 'green', message });
        form.reset();
        onDone();
      },
      onError: (error) => showSubmitError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" withAsterisk key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <AddressFields form={form} lookups={lookups} required={{ country: true }} />
        <Select
          label="Position"
          withAsterisk
          data={lookups.positions.map((position) => ({ value: position.id, label: position.label }))}
          key={form.key('positionId')}
          {...form.getInputProps('positionId')}
          onChange={(value: string | null) => form.setFieldValue('positionId', value ?? '', { forceUpdate: false })}
        />
        <MultiSelect
          label="Grades"
          withAsterisk
          data={lookups.grades.map((grade) => ({ value: grade.id, label: grade.name }))}
          key={form.key('gradeIds')}
          {...form.getInputProps('gradeIds')}
        />
        <Checkbox
          label="Toolkit access"
          key={form.key('toolkitAccess')}
          {...form.getInputProps('toolkitAccess', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Date of birth"
            placeholder="MM/DD/YYYY"
            key={form.key('dateOfBirth')}
            {...form.getInputProps('dateOfBirth')}
          />
          <NumberInput
            label="SSN last four"
            hideControls
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            key={form.key('ssnLastFour')}
            {...form.getInputProps('ssnLastFour')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
