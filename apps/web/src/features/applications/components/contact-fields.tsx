import type { Lookups } from '../../../lib/lookups.ts';
import { AddressFields } from '../../../ui/address-fields.tsx';
import { PhoneInput } from '../../../ui/phone-input.tsx';
import type { GeneralInformationForm } from './general-information-values.ts';

/** Address (US states as a list, free text elsewhere) and phone of the general-information step. */
export function ContactFields({ form, lookups }: { form: GeneralInformationForm; lookups: Lookups }) {
  return (
    <>
      <AddressFields
        form={form}
        lookups={lookups}
        required={{ line1: true, city: true, stateProvince: true, country: true }}
        clearableCountry
      />
      <PhoneInput label="Phone" withAsterisk {...form.getInputProps('phone')} />
    </>
  );
}
