// The district choices' group and checkbox need these family styles beyond the shell's (styles.ts).
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/InlineInput.css';
import { Button, Checkbox, Fieldset, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { showSubmitError } from '../../lib/form-errors.ts';
import type { Lookups } from '../../lib/lookups.ts';
import { AddressFields, organizationAddressFields } from '../../ui/address-fields.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useCreateOrganization } from './api.ts';
import {
  newOrganizationInitialValues as initialValues,
  toNewOrganizationRequest as toRequest,
  validateNewOrganization as validate,
  type NewOrganizationValues,
} from './new-organization-values.ts';
import { gradeOptions, inGradeOrder, positionOptions } from './options.ts';
import { RemoteSearchSelect, type PickedOption } from './remote-search-select.tsx';

/**
 * 'Create a New Organization': the organization, its district, and the member's affiliation with it.
 */
export function NewOrganizationForm({ lookups, onCreated }: { lookups: Lookups; onCreated: () => void }) {
  const create = useCreateOrganization();
  const [district, setDistrict] = useState<PickedOption | null>(null);
  const form = useForm<NewOrganizationValues>({ mode: 'controlled', initialValues, validate });
  const { isUnaffiliatedToDistrict } = form.values;
  const clearDistrictError = () => {
    if (form.errors.districtId) form.clearFieldError('districtId');
  };

  const submit = form.onSubmit((values) =>
    create.mutate(toRequest({ ...values, gradeIds: inGradeOrder(lookups, values.gradeIds) }), {
      onSuccess: (reply) => {
        notifications.show({ color: 'green', message: reply.message });
        onCreated();
      },
      onError: (error) => showSubmitError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Organization type"
          withAsterisk
          data={lookups.organizationTypes.map((type) => ({ value: type.id, label: type.name }))}
          key={form.key('organizationTypeId')}
          {...form.getInputProps('organizationTypeId')}
        />
        <TextInput
          label="Organization name"
          withAsterisk
          key={form.key('organizationName')}
          {...form.getInputProps('organizationName')}
        />
        <AddressFields
          form={form}
          lookups={lookups}
          names={organizationAddressFields}
          required={{ line1: true, city: true, country: true, stateProvince: true, zipPostal: true }}
        />
        <PhoneInput label="Phone" withAsterisk {...form.getInputProps('phone')} />
        <Select
          label="Position"
          withAsterisk
          data={positionOptions(lookups)}
          key={form.key('positionId')}
          {...form.getInputProps('positionId')}
        />
        <MultiSelect
          label="Grades"
          searchable
          withAsterisk
          data={gradeOptions(lookups)}
          key={form.key('gradeIds')}
          {...form.getInputProps('gradeIds')}
        />
        <Fieldset legend="District" variant="unstyled">
          <Stack gap="sm">
            <RemoteSearchSelect
              kind="districts"
              label="Existing district"
              noResults="No districts found"
              selected={district}
              disabled={isUnaffiliatedToDistrict}
              onChange={(option) => {
                setDistrict(option);
                form.setFieldValue('districtId', option?.value ?? '');
                if (option) form.setFieldValue('districtName', '');
              }}
              error={form.errors.districtId}
            />
            <TextInput
              label="New district name"
              description="When your district is not listed"
              disabled={isUnaffiliatedToDistrict || district !== null}
              key={form.key('districtName')}
              {...form.getInputProps('districtName')}
              onChange={(event) => {
                form.setFieldValue('districtName', event.currentTarget.value, { forceUpdate: false });
                clearDistrictError();
              }}
            />
            <Checkbox
              label="Not part of a district"
              key={form.key('isUnaffiliatedToDistrict')}
              {...form.getInputProps('isUnaffiliatedToDistrict', { type: 'checkbox' })}
              onChange={(event) => {
                form.setFieldValue('isUnaffiliatedToDistrict', event.currentTarget.checked);
                clearDistrictError();
              }}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create organization
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
