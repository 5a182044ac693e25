import { z } from 'zod';
import { formatMoment } from '../dates.ts';
import { formatCents } from '../money.ts';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * The kinds of thing the audit log records, each the first word of its actions ("impersonation.start"
 * is an impersonation): what staff narrow the log by.
 */
export const auditKinds = [
  'impersonation',
  'auth',
  'purchaseOrder',
  'event-application',
  'event-payment',
  'event-placement',
  'package_request',
  'registration-request',
  'organization',
  'invitation',
  'affiliation',
  'attendance',
  'event',
  'contract',
  'coupon',
  'profile',
  'mail',
  'export',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  impersonation: 'Impersonations',
  auth: 'Sign-in links and passwords',
  purchaseOrder: 'Purchase orders',
  'event-application': 'Application decisions',
  'event-payment': 'Event payments',
  'event-placement': 'Placements',
  package_request: 'Package requests and overrides',
  'registration-request': 'Registration requests',
  organization: 'Organizations and roles',
  invitation: 'Invitations',
  affiliation: 'Affiliations',
  attendance: 'Attendance',
  event: 'Event settings',
  contract: 'Contracts',
  coupon: 'Coupons',
  profile: 'Profiles',
  mail: 'Failed mail sent again',
  export: 'Exports',
};

/**
 * What staff read for an action (issue 37: the audit log an auditor can read). Actions not named here read as
 * their key in words (auditActionLabel), so a new action is never shown as a code.
 */
export const auditActionLabels: Record<string, string> = {
  'impersonation.start': 'Started viewing as the member',
  'impersonation.end': 'Stopped viewing as the member',
  'auth.sign-in-link-issued': 'Sign-in link issued',
  'auth.token-sign-in': 'Signed in with a link',
  'auth.password-set': 'Password set',
  'auth.password-reset': 'Password reset',
  'purchaseOrder.submit': 'Purchase order submitted',
  'purchaseOrder.approve': 'Purchase order approved',
  'purchaseOrder.void': 'Purchase order voided',
  'event-payment.cancel': 'Event payment cancelled',
  'event-payment.paid': 'Event payment paid',
  'event-payment.checkout': 'Checkout started',
  'event-payment.refund-needed': 'Event payment needs a refund',
  'event-payment.receipt-resent': 'Receipt sent again',
  'event-application.submit': 'Application submitted',
  'event-application.accept': 'Application accepted',
  'event-application.withdraw': 'Application withdrawn',
  'organization.create': 'Organization created',
  'organization.role': 'Role changed',
  'organization.member-role': 'Member’s role changed',
  'organization.member-delete': 'Member removed',
  'invitation.create': 'Invitation sent',
  'invitation.accept': 'Invitation accepted',
  'profile.update': 'Profile updated',
  'profile.email': 'Email address changed',
  'mail.retry': 'Failed mail sent again',
  'allocation.save': 'Tickets assigned',
  'export.download': 'List exported',
  'webhookEndpoint.create': 'Webhook endpoint added',
  'webhookEndpoint.enable': 'Webhook endpoint enabled',
  'webhookEndpoint.disable': 'Webhook endpoint disabled',
  'webhookEndpoint.delete': 'Webhook endpoint deleted',
  'webhookEndpoint.rotateSecret': 'Webhook signing secret rotated',
  'webhookDelivery.redeliver': 'Webhook delivery sent again',
};

/** "event-payment.refund-needed", "webhookEndpoint.rotateSecret", "package_request.grade_override" in words. */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .trim()
    .toLowerCase();
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? sentenceCase(words(action));
}

/** What a subject is, in words, when the log has no name for it ("Event payment", "Purchase order"). */
export function auditSubjectTypeLabel(subjectType: string): string {
  return sentenceCase(words(subjectType));
}

/** Keys whose words alone would read wrong. */
const detailKeyLabels: Record<string, string> = {
  url: 'URL',
  eventTypes: 'Event types',
  previousSecretExpiresAt: 'Old secret signs until',
  rows: 'Rows',
};

/** A key in words; "totalCents" reads "Total", its value being written in dollars. */
const detailKeyLabel = (key: string) => detailKeyLabels[key] ?? sentenceCase(words(key).replace(/ cents$/, ''));

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function detailValue(key: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number')
    return /cents$/i.test(key) && Number.isInteger(value) ? formatCents(value) : String(value);
  if (typeof value === 'string') return isoMoment.test(value) ? formatMoment(value, timeZone) : value;
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((item) => detailValue(key, item, timeZone)).join(', ');
  const parts = Object.entries(value as Record<string, unknown>).map(
    ([inner, innerValue]) => `${detailKeyLabel(inner).toLowerCase()} ${detailValue(inner, innerValue, timeZone)}`,
  );
  return parts.length === 0 ? 'none' : `(${parts.join('; ')})`;
}

/**
 * An entry's details as sentences, one per thing it recorded ("Event types: payment.paid, attendance.saved."),
 * money in dollars, moments in the provider's time zone; an empty string when it recorded nothing.
 */
export function auditDetailSentences(data: Record<string, unknown>, timeZone: string): string {
  return Object.entries(data)
    .map(([key, value]) => `${detailKeyLabel(key)}: ${detailValue(key, value, timeZone)}.`)
    .join(' ');
}

export const auditLogQuery = pageQuery.extend({
  /** Who acted or viewed as them: part of a name or email. */
  person: z.string().trim().max(100).optional(),
  /** The organization the action touched: part of its name. */
  organization: z.string().trim().max(100).optional(),
  kind: z.enum(auditKinds, 'Not a kind of action').optional(),
});

export const auditLogRow = z.object({
  id: z.number(),
  at: z.string(),
  /** The action's key, as recorded ("auth.sign-in-link-issued"). */
  action: z.string(),
  /** The action in words (auditActionLabel). */
  actionLabel: z.string(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The staff member viewing as the actor, when the action was taken under impersonation. */
  impersonatorName: z.string().nullable(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  /** Who or what the action was about, named: the member, the organization, the event, the list… */
  subject: z.string(),
  organizationName: z.string().nullable(),
  /** What the action recorded besides its subject, as sentences (auditDetailSentences). */
  details: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;
export const auditLogPage = paginated(auditLogRow);
export type AuditLogPage = z.infer<typeof auditLogPage>;
