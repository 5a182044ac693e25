import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';
import { addressReply, phoneNumber } from '../contact.ts';
import { invitationStatuses } from './invitations.ts';
import { packageRequestStatuses } from '../packages/rules.ts';
import { organizationRoles, type OrganizationRole } from '../people/roles.ts';

export const organizationMessages = {
  nameRequired: 'Required',
  addressLine1Required: 'Address 1 is required',
  cityRequired: 'City is required',
  stateProvinceRequired: 'State / Province is required',
  countryRequired: 'Country is required',
  zipPostalRequired: 'Zip / Postal code is required',
  zipPostalTooLong: 'Zip Postal must be at most 10 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Invalid email',
  ticketRecipientRequired: 'Ticket recipient is required',
  ticketRecipientNotMember: 'The ticket recipient must be a member of this organization.',
  nameTaken: 'Another organization of this district already has this name.',
  ownerOnly: 'Only the owner of this organization can do this.',
  notSet: 'Not set',
  noPackages: 'No packages found',
  updated: 'Organization updated',
} as const;

const required = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

/** Every address field is required except line 2 (organizations.md §5 'Organization forms'). */
export const organizationAddress = z.object({
  addressLine1: required(organizationMessages.addressLine1Required),
  addressLine2: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  city: required(organizationMessages.cityRequired, 100),
  stateProvince: required(organizationMessages.stateProvinceRequired, 100),
  country: required(organizationMessages.countryRequired, 100),
  // Not required(…, 10): its own max would report first, with zod's default wording.
  zipPostal: z
    .string()
    .trim()
    .min(1, organizationMessages.zipPostalRequired)
    .max(10, organizationMessages.zipPostalTooLong),
  /** Digits only: the form strips the mask before sending. */
  phone: phoneNumber,
});
export type OrganizationAddress = z.input<typeof organizationAddress>;

export const organizationName = z.object({ name: required(organizationMessages.nameRequired) });

export const billingContact = z.object({
  firstName: required(organizationMessages.firstNameRequired, 100),
  lastName: required(organizationMessages.lastNameRequired, 100),
  email: z.string().trim().toLowerCase().pipe(z.email(organizationMessages.emailInvalid)),
  addressLine1: z.string().trim().max(200).nullable().optional(),
  addressLine2: z.string().trim().max(200).nullable().optional(),
  city: z.string().trim().max(100).nullable().optional(),
  stateProvince: z.string().trim().max(100).nullable().optional(),
  country: z.string().trim().max(100).nullable().optional(),
  zipPostal: z.string().trim().max(10, organizationMessages.zipPostalTooLong).nullable().optional(),
  phone: z.string().trim().max(20).nullable().optional(),
});

export const ticketRecipient = z.object({
  membershipId: z.uuid(organizationMessages.ticketRecipientRequired),
});

export const organizationSummary = z.object({
  id: z.string(),
  name: z.string(),
  districtName: z.string().nullable(),
  role: z.enum(organizationRoles),
});
export type OrganizationSummary = z.infer<typeof organizationSummary>;

export const organizationDetail = z.object({
  id: z.string(),
  name: z.string(),
  districtName: z.string().nullable(),
  organizationType: z.string().nullable(),
  mailingAddress: addressReply,
  billingAddress: addressReply,
  billingContacts: z.array(billingContact.extend({ id: z.string() }).required()),
  ticketRecipient: z.object({ membershipId: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** Members who can be made ticket recipient (active memberships). */
  ticketRecipientOptions: z.array(z.object({ membershipId: z.string(), name: z.string(), email: z.string() })),
  packageRequests: z.array(
    z.object({ id: z.string(), packageName: z.string(), status: z.enum(packageRequestStatuses) }),
  ),
  organizationMemberRole: z.enum(organizationRoles),
});
export type OrganizationDetail = z.infer<typeof organizationDetail>;

/** Who may do what in an organization (organizations.md §2 and §6). */
export const organizationPermissions = {
  manage: (role: OrganizationRole | null | undefined) => role === 'OWNER' || role === 'ADMIN',
  editName: (role: OrganizationRole | null | undefined) => role === 'OWNER',
  changeAdmins: (role: OrganizationRole | null | undefined) => role === 'OWNER',
} as const;

/* Staff console (/admin): organizations and districts with their memberships and invitations. */

export const adminOrganizationSearch = pageQuery.extend({ search: z.string().trim().max(100).optional() });

export const adminOrganizationPage = paginated(
  z.object({ id: z.string(), name: z.string(), districtName: z.string().nullable(), memberCount: z.number() }),
);
export type AdminOrganizationPage = z.infer<typeof adminOrganizationPage>;

export const adminDistrictPage = paginated(
  z.object({ id: z.string(), name: z.string(), organizationCount: z.number() }),
);
export type AdminDistrictPage = z.infer<typeof adminDistrictPage>;

/** An organization's or a district's membership, archived ones included. */
export const adminMembershipRow = z.object({
  membershipId: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(organizationRoles),
  archived: z.boolean(),
});
export type AdminMembershipRow = z.infer<typeof adminMembershipRow>;

export const adminInvitationRow = z.object({
  invitationId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(organizationRoles),
  status: z.enum(invitationStatuses),
  /** ISO date-time. */
  createdAt: z.iso.datetime(),
});
export type AdminInvitationRow = z.infer<typeof adminInvitationRow>;

export const adminOrganizationDetail = z.object({
  id: z.string(),
  name: z.string(),
  districtName: z.string().nullable(),
  memberships: z.array(adminMembershipRow),
  invitations: z.array(adminInvitationRow),
});
export type AdminOrganizationDetail = z.infer<typeof adminOrganizationDetail>;

/** A district page lists at most this many of its organizations (by name); organizationCount gives the total. */
export const adminDistrictOrganizationsShown = 100;

export const adminDistrictDetail = z.object({
  id: z.string(),
  name: z.string(),
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
  organizationCount: z.number(),
  memberships: z.array(adminMembershipRow),
  invitations: z.array(adminInvitationRow),
});
export type AdminDistrictDetail = z.infer<typeof adminDistrictDetail>;

/** Staff may make anyone the OWNER; the previous owner becomes an ADMIN. */
export const adminOrganizationRoleChange = z.object({ role: z.enum(organizationRoles) });
