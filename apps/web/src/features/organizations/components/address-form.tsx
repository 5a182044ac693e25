import { Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatPhone, maskedPhoneError, phoneDigits, type AddressReply } from '@portal/domain/contact.ts';
import { defaultCountry } from '@portal/domain/lookups.ts';
import { organizationAddress } from '@portal/domain/organizations/contracts.ts';
import type { Lookups } from '../../../lib/lookups.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { AddressFields, organizationAddressFields } from '../../../ui/address-fields.tsx';
import { PhoneInput } from '../../../ui/phone-input.tsx';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { FormActions } from './form-actions.tsx';

type AddressValues = Record<keyof AddressReply, string>;

const resolveAddress = schemaResolver(organizationAddress, { sync: true });

/** The schema reads the phone as digits; the mask's own rule says whether the number is complete. */
function validate(values: AddressValues) {
  const errors = resolveAddress({ ...values, phone: phoneDigits(values.phone) });
  const phoneError = maskedPhoneError(values.phone);
  return phoneError ? { ...errors, phone: phoneError } : errors;
}

interface AddressFormProps {
  organizationId: string;
  kind: 'mailing-address' | 'billing-address';
  address: AddressReply;
  lookups: Lookups;
  onDone: () => void;
}

/** A mailing or billing address: every field required but line 2 (organizations.md §5); digits of the phone sent. */
export function AddressForm({ organizationId, kind, address, lookups, onDone }: AddressFormProps) {
  const update = useUpdateOrganization(organizationId);
  const form = useForm<AddressValues>({
    mode: 'uncontrolled',
    initialValues: {
      addressLine1: address.addressLine1 ?? '',
      addressLine2: address.addressLine2 ?? '',
      city: address.city ?? '',
      stateProvince: address.stateProvince ?? '',
      country: address.country ?? defaultCountry,
      zipPostal: address.zipPostal ?? '',
      phone: formatPhone(address.phone),
    },
    validate,
  });

  const submit = form.onSubmit((values) => {
    const body = organizationAddress.parse({ ...values, phone: phoneDigits(values.phone) });
    update.mutate({ kind, body }, { onSuccess: onDone, onError: (error) => showSubmitError(form, error) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <AddressFields
          form={form}
          lookups={lookups}
          names={organizationAddressFields}
          required={{ line1: true, city: true, stateProvince: true, country: true, zipPostal: true }}
        />
        <PhoneInput label="Phone" withAsterisk key={form.key('phone')} {...form.getInputProps('phone')} />
        <FormActions onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
