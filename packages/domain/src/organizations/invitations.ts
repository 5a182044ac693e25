import { z } from 'zod';
import { newPassword } from '../people/auth.ts';
import { organizationRoles } from '../people/roles.ts';
import { rosterMessages } from './roster.ts';

export const invitationMessages = {
  welcome: 'Welcome, here!',
  tryCode: 'Try to confirm using code:',
  codeRequired: 'Code required',
  badFormat: 'Bad format',
  oops: 'Ooops, sorry!',
  invalidCode: 'Your code is invalid!',
  activated: 'Code activated successfully',
  alreadyActivated: 'Your affiliation has been successfully activated',
  wrongUser: 'This invitation was sent to another email address. Sign in as the invited person to accept it.',
  confirm: 'Confirm',
  hasPassword: 'This account already has a password. Sign in to accept the invitation.',
  alreadyDistrictMember: 'This person is already a member of this district.',
  alreadyInvitedToDistrict: 'This person has already been invited to this district.',
  organizationRequired: 'Organization is required',
  districtRequired: 'District is required',
} as const;

export const invitationKinds = ['DISTRICT', 'ORGANIZATION'] as const;
export type InvitationKind = (typeof invitationKinds)[number];
export const invitationStatuses = ['SENT', 'ACCEPTED', 'CANCELLED'] as const;

/** UUID shape 8-4-4-4-12 hex characters (events.md §5 'Invitation code'). */
export const invitationCodePattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invitationCode = z
  .string()
  .trim()
  .min(1, invitationMessages.codeRequired)
  .regex(invitationCodePattern, invitationMessages.badFormat);

/** 'You have been invited to {name} district/organization!' */
export function invitedToText(kind: InvitationKind, name: string): string {
  return `You have been invited to ${name} ${kind === 'DISTRICT' ? 'district' : 'organization'}!`;
}

export function invitationPath(kind: InvitationKind, code?: string): string {
  const base = kind === 'DISTRICT' ? '/members/accept-district-invitation' : '/members/accept-organization-invitation';
  return code ? `${base}/${code}` : base;
}

export const invitationLookup = z.object({
  code: z.string(),
  kind: z.enum(invitationKinds),
  status: z.enum(invitationStatuses),
  /** The district's or the organization's name. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** True when the invitee has no password yet: the page lets them choose one while accepting. */
  needsPassword: z.boolean(),
});
export type InvitationLookup = z.infer<typeof invitationLookup>;

export const acceptWithPassword = z.object({ password: newPassword });

/** The answer to accepting a code: activated now, or already before (a replay or a double click). */
export const acceptReply = z.object({
  message: z.enum([invitationMessages.activated, invitationMessages.alreadyActivated]),
  status: z.enum(invitationStatuses),
});
export type AcceptReply = z.infer<typeof acceptReply>;

/** The reply to "Add staff member": rosterMessages.invited and the new invitation. */
export const staffMemberInvited = z.object({ message: z.string(), invitationId: z.string() });

/** The staff console's "Invite someone" form, for a district or an organization. */
export const adminInvitation = z
  .object({
    kind: z.enum(invitationKinds),
    organizationId: z.uuid(invitationMessages.organizationRequired).nullable().optional(),
    districtId: z.uuid(invitationMessages.districtRequired).nullable().optional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, rosterMessages.emailRequired)
      .pipe(z.email(rosterMessages.emailInvalid)),
    firstName: z.string().trim().min(1, rosterMessages.firstNameRequired).max(100),
    lastName: z.string().trim().min(1, rosterMessages.lastNameRequired).max(100),
    role: z.enum(organizationRoles),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'ORGANIZATION' && !value.organizationId) {
      ctx.addIssue({ code: 'custom', path: ['organizationId'], message: invitationMessages.organizationRequired });
    }
    if (value.kind === 'DISTRICT' && !value.districtId) {
      ctx.addIssue({ code: 'custom', path: ['districtId'], message: invitationMessages.districtRequired });
    }
  });
export type AdminInvitation = z.input<typeof adminInvitation>;
export const adminInvitationCreated = z.object({ invitationId: z.string() });

/**
 * The invitation mail: the link carries the code; a new invitee learns they choose their password
 * when they open it, someone with an account that they sign in to accept.
 */
export function invitationMail(input: {
  kind: InvitationKind;
  name: string;
  firstName: string;
  link: string;
  newUser: boolean;
}) {
  const next = input.newUser
    ? 'You will choose a password for your Members Portal account when you open the link.'
    : 'Sign in to the Members Portal with your account to accept the invitation.';
  return {
    subject: `You are invited to ${input.name}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      invitedToText(input.kind, input.name),
      '',
      'To accept the invitation, open this link:',
      '',
      input.link,
      '',
      next,
    ].join('\n'),
  };
}
