import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatPhone, phoneDigits } from '@portal/domain/contact.ts';
import { defaultCountry } from '@portal/domain/lookups.ts';
import { billingContact, type OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import type { Lookups } from '../../../lib/lookups.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { AddressFields, organizationAddressFields } from '../../../ui/address-fields.tsx';
import { PhoneInput } from '../../../ui/phone-input.tsx';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { FormActions } from './form-actions.tsx';

export type BillingContact = OrganizationDetail['billingContacts'][number];
type ContactValues = Record<Exclude<keyof BillingContact, 'id'>, string>;

const resolveContact = schemaResolver(billingContact, { sync: true });

/** Optional parts left empty are sent as null; the phone as its digits, or null when none were typed. */
function toBody(values: ContactValues) {
  const digits = phoneDigits(values.phone);
  const entries = Object.entries({ ...values, phone: digits }).map(([key, value]) => [
    key,
    value.trim() ? value : null,
  ]);
  return Object.fromEntries(entries) as Record<keyof ContactValues, string | null>;
}

function validate(values: ContactValues) {
  // The required parts are checked as typed: left empty they are missing (their own message), not null.
  const { firstName, lastName, email } = values;
  const errors = resolveContact({ ...toBody(values), firstName, lastName, email });
  // The phone is optional, but a number begun must be finished.
  const digits = phoneDigits(values.phone);
  return digits && values.phone.includes('_') ? { ...errors, phone: 'Phone is invalid' } : errors;
}

interface BillingContactFormProps {
  organizationId: string;
  /** The contact edited; none when adding one. */
  contact?: BillingContact;
  lookups: Lookups;
  onDone: () => void;
}

/** A billing contact: first and last name and a valid email required (organizations.md §5). */
export function BillingContactForm({ organizationId, contact, lookups, onDone }: BillingContactFormProps) {
  const update = useUpdateOrganization(organizationId);
  const form = useForm<ContactValues>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      email: contact?.email ?? '',
      addressLine1: contact?.addressLine1 ?? '',
      addressLine2: contact?.addressLine2 ?? '',
      city: contact?.city ?? '',
      stateProvince: contact?.stateProvince ?? '',
      country: contact?.country ?? defaultCountry,
      zipPostal: contact?.zipPostal ?? '',
      phone: formatPhone(contact?.phone),
    },
    validate,
  });

  const submit = form.onSubmit((values) => {
    const body = billingContact.parse(toBody(values));
    update.mutate(
      contact ? { kind: 'billing-contact', contactId: contact.id, body } : { kind: 'new-billing-contact', body },
      {
        onSuccess: onDone,
        onError: (error) => showSubmitError(form, error),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={contact ? 'Edit billing contact' : 'New billing contact'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            withAsterisk
            autoFocus
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Last name" withAsterisk key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
        <AddressFields form={form} lookups={lookups} names={organizationAddressFields} />
        <PhoneInput label="Phone" key={form.key('phone')} {...form.getInputProps('phone')} />
        <FormActions onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
