import { z } from 'zod';
import { parseUsDate } from '../dates.ts';
import { defaultCountry } from '../lookups.ts';
import { organizationRoles, type OrganizationRole } from '../people/roles.ts';

export const rosterMessages = {
  required: 'Required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  countryRequired: 'Country is required',
  positionRequired: 'Position is required',
  gradesRequired: 'Grade selection is required',
  zipPostalTooLong: 'Zip Postal must be at most 10 characters',
  dateOfBirthInvalid: 'Date of birth must be a valid date in MM/DD/YYYY format',
  ssnLastFourRange: 'SSN last four must be a number between 1000 and 9999',
  pending: 'Pending',
  invited: 'The staff member has been invited to this school.',
  deleted: 'The staff member has been deleted.',
  cannotDeleteSelf: 'You cannot delete yourself from an organization. Please contact support.',
  madeAdmin: 'The user has been made an admin',
  adminRemoved: "The user's admin rights have been removed",
  couldNotMakeAdmin: 'The user could not be made admin. Please contact support.',
  couldNotRemove: 'The user could not be removed. Please contact support.',
  makeAdminConfirm:
    'Making this user an admin gives them access to application, staff and billing information for this organization. Do you want to continue?',
  removeAdminConfirm:
    "Removing this user's admin rights revokes their access to application, staff and billing information for this organization. Do you want to continue?",
  grantToolkitConfirm: 'Give this user access to the toolkit (Treasure Chest and My Saved Resources)?',
  removeToolkitConfirm: "Remove this user's access to the toolkit (Treasure Chest and My Saved Resources)?",
  toolkitGranted: 'Toolkit access granted',
  toolkitRemoved: 'Toolkit access removed',
  deleteConfirm: 'Delete this staff member from the organization? They will lose access to its events and resources.',
  actionCanceled: 'Action canceled',
  ownerCannotChange: 'The owner of an organization cannot be changed here.',
  alreadyMember: 'This person is already a member of this organization.',
  alreadyInvited: 'This person has already been invited to this organization.',
} as const;

export const ssnLastFourRange = { min: 1000, max: 9999 } as const;

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** The add staff member form of organizations.md §3, with the rules of §5. */
export const addStaffMember = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, rosterMessages.emailRequired)
    .pipe(z.email(rosterMessages.emailInvalid)),
  firstName: z.string().trim().min(1, rosterMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, rosterMessages.lastNameRequired).max(100),
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  stateProvince: optionalText(100),
  zipPostal: optionalText(10, rosterMessages.zipPostalTooLong),
  country: z.string().trim().min(1, rosterMessages.countryRequired).max(100).default(defaultCountry),
  positionId: z.uuid(rosterMessages.positionRequired),
  gradeIds: z.array(z.uuid()).min(1, rosterMessages.gradesRequired),
  toolkitAccess: z.boolean().default(false),
  /** MM/DD/YYYY as typed. */
  dateOfBirth: z
    .string()
    .trim()
    .nullable()
    .optional()
    .refine((v) => !v || parseUsDate(v) !== null, rosterMessages.dateOfBirthInvalid)
    .transform((v) => (v ? v : null)),
  ssnLastFour: z
    .number({ error: rosterMessages.ssnLastFourRange })
    .int(rosterMessages.ssnLastFourRange)
    .min(ssnLastFourRange.min, rosterMessages.ssnLastFourRange)
    .max(ssnLastFourRange.max, rosterMessages.ssnLastFourRange)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type AddStaffMember = z.input<typeof addStaffMember>;

export const rosterRow = z.object({
  userId: z.string(),
  membershipId: z.string().nullable(),
  invitationId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(organizationRoles),
  positionLabel: z.string().nullable(),
  grades: z.array(z.string()),
  toolKitAccess: z.boolean(),
  pending: z.boolean(),
});
export type RosterRow = z.infer<typeof rosterRow>;

export const rosterQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(100).optional(),
});

export const rosterPage = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  viewerRole: z.enum(organizationRoles),
  items: z.array(rosterRow),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type RosterPage = z.infer<typeof rosterPage>;

export const adminRoleChange = z.object({ role: z.enum(['ADMIN', 'MEMBER']) });
export const toolkitAccessChange = z.object({ toolKitAccess: z.boolean() });

/** Only the OWNER sees the Admin column (organizations.md §2 'School roster'). */
export const showsAdminColumn = (viewerRole: OrganizationRole) => viewerRole === 'OWNER';

/**
 * The controls on one roster row (§2, §4, §6): the OWNER row has none; only the OWNER makes or
 * removes admins; OWNER and ADMIN delete members and change toolkit access. Deleting oneself is
 * offered and then refused with its message, as the spec words it.
 */
export function rosterControls(viewerRole: OrganizationRole, row: Pick<RosterRow, 'role' | 'pending'>) {
  const manager = viewerRole === 'OWNER' || viewerRole === 'ADMIN';
  if (row.role === 'OWNER' || !manager) return { admin: false, delete: false, toolkit: false };
  return { admin: viewerRole === 'OWNER' && !row.pending, delete: true, toolkit: !row.pending };
}
