import { schemaResolver } from '@mantine/form';
import { newOrganization } from '@portal/domain/organizations/affiliations.ts';
import { maskedPhoneError, phoneDigits } from '@portal/domain/contact.ts';
import { defaultCountry } from '@portal/domain/lookups.ts';
import type { NewOrganizationRequest } from './api.ts';

/** The 'Create a New Organization' form as typed: the phone masked, the district named one of three ways. */
export type NewOrganizationValues = Omit<NewOrganizationRequest, 'addressLine2' | 'districtId' | 'districtName'> & {
  addressLine2: string;
  districtId: string;
  districtName: string;
};

export const newOrganizationInitialValues: NewOrganizationValues = {
  organizationTypeId: '',
  organizationName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateProvince: '',
  country: defaultCountry,
  zipPostal: '',
  phone: '',
  positionId: '',
  gradeIds: [],
  isUnaffiliatedToDistrict: false,
  districtId: '',
  districtName: '',
};

/** What the server receives: the phone's digits, and one way of naming the district (or none). */
export function toNewOrganizationRequest(values: NewOrganizationValues): NewOrganizationRequest {
  const noDistrict = values.isUnaffiliatedToDistrict;
  return {
    ...values,
    addressLine2: values.addressLine2.trim() || null,
    phone: phoneDigits(values.phone),
    districtId: noDistrict ? null : values.districtId || null,
    districtName: noDistrict || values.districtId ? null : values.districtName.trim() || null,
  };
}

const validateRequest = schemaResolver(newOrganization, { sync: true });

/** The domain's rules on what will be sent, with the mask's own rule for the phone as typed. */
export function validateNewOrganization(values: NewOrganizationValues) {
  const { phone: _digitsError, ...errors } = validateRequest(toNewOrganizationRequest(values));
  const phone = maskedPhoneError(values.phone);
  return phone ? { ...errors, phone } : errors;
}
