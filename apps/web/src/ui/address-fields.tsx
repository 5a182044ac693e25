import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { isUnitedStates } from '@portal/domain/contact.ts';
import { defaultCountry } from '@portal/domain/lookups.ts';
import type { Lookups } from '../lib/lookups.ts';

/** Which of the form's fields hold each part of the address (profile: address1, organization: addressLine1). */
export interface AddressFieldNames {
  line1: string;
  line2: string;
  city: string;
  stateProvince: string;
  zipPostal: string;
  country: string;
}

export const userAddressFields: AddressFieldNames = {
  line1: 'address1',
  line2: 'address2',
  city: 'city',
  stateProvince: 'stateProvince',
  zipPostal: 'zipPostal',
  country: 'country',
};

export const organizationAddressFields: AddressFieldNames = {
  line1: 'addressLine1',
  line2: 'addressLine2',
  city: 'city',
  stateProvince: 'stateProvince',
  zipPostal: 'zipPostal',
  country: 'country',
};

/** The part of a Mantine form (either mode) this needs. */
export interface AddressForm {
  key: (path: string) => string;
  getInputProps: (path: string) => GetInputPropsReturnType;
  setFieldValue: (path: string, value: string, options?: { forceUpdate: boolean }) => void;
  /** Re-renders these fields, and only them, when the country changes. */
  useWatchValue: (path: string) => unknown;
}

interface AddressFieldsProps {
  form: AddressForm;
  lookups: Pick<Lookups, 'countries' | 'usStates'>;
  names?: AddressFieldNames;
  /** Fields that must be filled (shown with an asterisk); the form's schema decides. */
  required?: Partial<Record<keyof AddressFieldNames, boolean>>;
  /** The country may be cleared (and the form then says it is required) instead of falling back to the default. */
  clearableCountry?: boolean;
}

/**
 * Address lines, city, country, state and zip. The state is a select of US states when the country is
 * the United States and free text elsewhere; choosing another country clears the state
 * (organizations.md §5).
 */
export function AddressFields({
  form,
  lookups,
  names = userAddressFields,
  required = {},
  clearableCountry = false,
}: AddressFieldsProps) {
  const watched = form.useWatchValue(names.country);
  const country = typeof watched === 'string' && watched ? watched : defaultCountry;
  const countryNames = lookups.countries.map((entry) => entry.name);
  if (!countryNames.includes(country)) countryNames.push(country);

  return (
    <>
      <TextInput
        label="Address 1"
        autoComplete="address-line1"
        withAsterisk={required.line1}
        key={form.key(names.line1)}
        {...form.getInputProps(names.line1)}
      />
      <TextInput
        label="Address 2"
        autoComplete="address-line2"
        withAsterisk={required.line2}
        key={form.key(names.line2)}
        {...form.getInputProps(names.line2)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="City"
          autoComplete="address-level2"
          withAsterisk={required.city}
          key={form.key(names.city)}
          {...form.getInputProps(names.city)}
        />
        <Select
          label="Country"
          data={countryNames}
          searchable
          allowDeselect={false}
          clearable={clearableCountry}
          withAsterisk={required.country}
          {...form.getInputProps(names.country)}
          onChange={(next: string | null) => {
            const chosen = next ?? (clearableCountry ? '' : defaultCountry);
            if (chosen === watched) return;
            // The country select keeps its focus. The state field is rebuilt, empty, only when the
            // country it belongs to changes: an emptied country still shows the default's states.
            form.setFieldValue(names.country, chosen, { forceUpdate: false });
            if ((chosen || defaultCountry) !== country) form.setFieldValue(names.stateProvince, '');
          }}
        />
        {isUnitedStates(country) ? (
          <Select
            label="State / Province"
            data={lookups.usStates.map((state) => ({ value: state.code, label: state.name }))}
            searchable
            withAsterisk={required.stateProvince}
            key={`${form.key(names.stateProvince)}-us`}
            {...form.getInputProps(names.stateProvince)}
            onChange={(next: string | null) =>
              form.setFieldValue(names.stateProvince, next ?? '', { forceUpdate: false })
            }
          />
        ) : (
          <TextInput
            label="State / Province"
            autoComplete="address-level1"
            withAsterisk={required.stateProvince}
            key={`${form.key(names.stateProvince)}-other`}
            {...form.getInputProps(names.stateProvince)}
          />
        )}
        <TextInput
          label="Zip / Postal code"
          autoComplete="postal-code"
          withAsterisk={required.zipPostal}
          key={form.key(names.zipPostal)}
          {...form.getInputProps(names.zipPostal)}
        />
      </SimpleGrid>
    </>
  );
}
