import { z } from 'zod';
import { addressReply } from '../contact.ts';
import { parseUsDate } from '../dates.ts';
import { organizationRoles } from './roles.ts';

export const profileLimits = { zipPostal: 10, phone: 20, background: 1000, last4Ssn: 4 } as const;

export const profileMessages = {
  required: 'Required',
  zipPostalTooLong: `Zip Postal must be at most ${profileLimits.zipPostal} characters`,
  phoneTooLong: `Phone must be at most ${profileLimits.phone} characters`,
  backgroundTooLong: `Background must be at most ${profileLimits.background} characters`,
  last4SsnLength: `Last 4 SSN must be exactly ${profileLimits.last4Ssn} digits`,
  dateOfBirthFormat: 'Date of birth must be a valid date in MM/DD/YYYY format',
  updated: 'Profile updated',
  updateFailed: 'There was a problem updating your profile',
  ctleNote:
    'Date of birth and the last four digits of your SSN are needed only for New York teachers seeking CTLE credit.',
  emailInvalid: 'The specified email address is invalid.',
  emailUnchanged: 'You are already using the specified email',
  emailTaken: 'The specified email is already taken',
  emailUpdated: 'Email updated. You must now log in again with your new email.',
} as const;

/** After an email change the member is signed out this long after the message shows. */
export const logoutAfterEmailChangeMs = 4000;

/** Blank becomes null: these fields are part of every update but may be empty. */
const nullableText = (max?: number, message?: string) => {
  const base = max === undefined ? z.string().trim() : z.string().trim().max(max, message);
  return base
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
};

export const profileUpdate = z.object({
  firstName: z.string().trim().min(1, profileMessages.required).max(100),
  lastName: z.string().trim().min(1, profileMessages.required).max(100),
  address1: nullableText(200),
  address2: nullableText(200),
  city: nullableText(100),
  stateProvince: nullableText(100),
  zipPostal: nullableText(profileLimits.zipPostal, profileMessages.zipPostalTooLong),
  country: z.string().trim().min(1, profileMessages.required).max(100),
  phone: nullableText(profileLimits.phone, profileMessages.phoneTooLong),
  /** MM/DD/YYYY as typed; empty clears it. */
  dateOfBirth: z
    .string()
    .trim()
    .nullable()
    .optional()
    .refine((value) => !value || parseUsDate(value) !== null, profileMessages.dateOfBirthFormat)
    .transform((value) => (value ? value : null)),
  last4SSN: z
    .string()
    .trim()
    .nullable()
    .optional()
    // Digits only (organizations.md §9 says "exactly 4 digits"), so "abcd" is refused too.
    .refine((value) => !value || /^\d{4}$/.test(value), profileMessages.last4SsnLength)
    .transform((value) => (value ? value : null)),
  background: nullableText(profileLimits.background, profileMessages.backgroundTooLong),
});
export type ProfileUpdate = z.input<typeof profileUpdate>;

export const emailChange = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(profileMessages.emailInvalid)),
});

export const profileMembership = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  districtName: z.string().nullable(),
  mailingAddress: addressReply,
  role: z.enum(organizationRoles),
  positionLabel: z.string().nullable(),
  grades: z.array(z.string()),
});

export const profile = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  stateProvince: z.string().nullable(),
  zipPostal: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  /** MM/DD/YYYY, shown only to the member themselves. */
  dateOfBirth: z.string().nullable(),
  last4SSN: z.string().nullable(),
  background: z.string().nullable(),
  /** True while staff view as the member: date of birth and SSN digits are then withheld and kept. */
  sensitiveHidden: z.boolean(),
  memberships: z.array(profileMembership),
});
export type Profile = z.infer<typeof profile>;
