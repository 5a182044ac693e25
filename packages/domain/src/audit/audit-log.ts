import { z } from 'zod';
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
};

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
  action: z.string(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The staff member viewing as the actor, when the action was taken under impersonation. */
  impersonatorName: z.string().nullable(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  organizationName: z.string().nullable(),
  /** What the action recorded besides its subject, as JSON. */
  details: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;
export const auditLogPage = paginated(auditLogRow);
export type AuditLogPage = z.infer<typeof auditLogPage>;
