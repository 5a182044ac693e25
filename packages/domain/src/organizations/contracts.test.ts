import { describe, expect, it } from 'vitest';
import {
  adminOrganizationRoleChange,
  billingContact,
  organizationAddress,
  organizationMessages,
  organizationName,
  organizationPermissions,
  ticketRecipient,
} from './contracts.ts';

const address = {
  addressLine1: '1 Main St',
  city: 'Albany',
  stateProvince: 'NY',
  country: 'United States',
  zipPostal: '12207',
  phone: '5185550100',
};

function issueOn(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('organization address', () => {
  it('needs every field but line 2, which becomes null when blank', () => {
    expect(organizationAddress.parse({ ...address, addressLine2: ' ' }).addressLine2).toBeNull();
  });

  it.each([
    ['addressLine1', organizationMessages.addressLine1Required],
    ['city', organizationMessages.cityRequired],
    ['stateProvince', organizationMessages.stateProvinceRequired],
    ['country', organizationMessages.countryRequired],
    ['zipPostal', organizationMessages.zipPostalRequired],
    ['phone', 'Phone is required'],
  ])('%s blank → %s', (field, message) => {
    expect(issueOn(organizationAddress.safeParse({ ...address, [field]: '  ' }), field)).toBe(message);
  });

  it.each([
    ['1234567890', undefined],
    ['12345678901', organizationMessages.zipPostalTooLong],
  ])('zip %j → %s', (zipPostal, message) => {
    expect(issueOn(organizationAddress.safeParse({ ...address, zipPostal }), 'zipPostal')).toBe(message);
  });

  it.each([
    ['123456', 'Phone is invalid'],
    ['1234567', undefined],
    ['(518) 555-0100', 'Phone is invalid'],
    ['1'.repeat(20), undefined],
    ['1'.repeat(21), 'Phone is invalid'],
  ])('phone %j → %s', (phone, message) => {
    expect(issueOn(organizationAddress.safeParse({ ...address, phone }), 'phone')).toBe(message);
  });
});

describe('organization name, billing contact, ticket recipient', () => {
  it('needs a name', () => {
    expect(issueOn(organizationName.safeParse({ name: ' ' }), 'name')).toBe(organizationMessages.nameRequired);
  });

  it.each([
    [{ firstName: '', lastName: 'L', email: 'a@b.test' }, 'firstName', organizationMessages.firstNameRequired],
    [{ firstName: 'F', lastName: '', email: 'a@b.test' }, 'lastName', organizationMessages.lastNameRequired],
    [{ firstName: 'F', lastName: 'L', email: 'nope' }, 'email', organizationMessages.emailInvalid],
    [
      { firstName: 'F', lastName: 'L', email: 'a@b.test', zipPostal: '12345678901' },
      'zipPostal',
      organizationMessages.zipPostalTooLong,
    ],
  ])('billing contact %j is refused on %s', (input, field, message) => {
    expect(issueOn(billingContact.safeParse(input), field)).toBe(message);
  });

  it('lowercases a billing contact email', () => {
    expect(billingContact.parse({ firstName: 'F', lastName: 'L', email: ' Pay@School.TEST' }).email).toBe(
      'pay@school.test',
    );
  });

  it.each(['', 'not-a-uuid'])('ticket recipient %j → required', (membershipId) => {
    expect(issueOn(ticketRecipient.safeParse({ membershipId }), 'membershipId')).toBe(
      organizationMessages.ticketRecipientRequired,
    );
  });
});

describe('organization permissions', () => {
  it.each([
    ['OWNER', true, true, true],
    ['ADMIN', true, false, false],
    ['MEMBER', false, false, false],
    [null, false, false, false],
  ] as const)('%s: manage %s, edit name %s, change admins %s', (role, manage, editName, changeAdmins) => {
    expect(organizationPermissions.manage(role)).toBe(manage);
    expect(organizationPermissions.editName(role)).toBe(editName);
    expect(organizationPermissions.changeAdmins(role)).toBe(changeAdmins);
  });

  it.each([
    ['OWNER', true],
    ['ADMIN', true],
    ['MEMBER', true],
    ['STAFF', false],
  ])('staff console role %s → valid %s', (role, ok) => {
    expect(adminOrganizationRoleChange.safeParse({ role }).success).toBe(ok);
  });
});
