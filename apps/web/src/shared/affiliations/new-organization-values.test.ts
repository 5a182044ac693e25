import { describe, expect, it } from 'vitest';
import {
  newOrganizationInitialValues,
  toNewOrganizationRequest,
  validateNewOrganization,
  type NewOrganizationValues,
} from './new-organization-values.ts';
import { ids } from './test-ids.ts';

const filled: NewOrganizationValues = {
  ...newOrganizationInitialValues,
  organizationTypeId: ids.school,
  organizationName: ' Harbor Learning Academy ',
  addressLine1: '12 Harbor Road',
  city: 'Albany',
  stateProvince: 'NY',
  zipPostal: '12207',
  phone: '(518) 555-0188',
  positionId: ids.teacher,
  gradeIds: [ids.gradeK],
};

describe('new organization values', () => {
  it('sends the phone as digits and an empty address line 2 as null', () => {
    expect(toNewOrganizationRequest(filled)).toMatchObject({
      phone: '5185550188',
      addressLine2: null,
      country: 'United States',
    });
  });

  it.each([
    ['an existing district', { districtId: ids.springfield }, { districtId: ids.springfield, districtName: null }],
    [
      'a new district by name',
      { districtName: ' Harbor District ' },
      { districtId: null, districtName: 'Harbor District' },
    ],
    [
      'the search choice over a typed name',
      { districtId: ids.springfield, districtName: 'Harbor' },
      { districtId: ids.springfield, districtName: null },
    ],
    [
      'no district',
      { isUnaffiliatedToDistrict: true, districtId: ids.springfield, districtName: 'Harbor' },
      { districtId: null, districtName: null },
    ],
  ])('names %s', (_case, district, expected) => {
    expect(toNewOrganizationRequest({ ...filled, ...district })).toMatchObject(expected);
  });

  it('needs a district unless the organization is not part of one', () => {
    expect(validateNewOrganization(filled)).toEqual({ districtId: 'District is required' });
    expect(validateNewOrganization({ ...filled, districtName: 'Harbor District' })).toEqual({});
    expect(validateNewOrganization({ ...filled, isUnaffiliatedToDistrict: true })).toEqual({});
  });

  it.each([
    ['', 'Phone is required'],
    ['(___) ___-____', 'Phone is required'],
    ['(518) 555-____', 'Phone is invalid'],
    ['(518) 555-018_', 'Phone is invalid'],
    ['(518) 555-0188', undefined],
  ])('reads the masked phone %j as %s', (phone, message) => {
    expect(validateNewOrganization({ ...filled, isUnaffiliatedToDistrict: true, phone }).phone).toBe(message);
  });

  it('says what each empty field needs', () => {
    expect(validateNewOrganization(newOrganizationInitialValues)).toEqual({
      organizationTypeId: 'Selection required',
      organizationName: 'Required',
      addressLine1: 'Address 1 is required',
      city: 'City is required',
      stateProvince: 'State / Province is required',
      zipPostal: 'Zip / Postal code is required',
      phone: 'Phone is required',
      positionId: 'Selection required',
      gradeIds: 'Selection required',
      districtId: 'District is required',
    });
  });
});
