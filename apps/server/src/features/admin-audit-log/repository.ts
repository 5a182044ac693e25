import { aliasedTable, and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditKind } from '@portal/domain/audit/audit-log.ts';
import type { Database, Executor } from '../../db/client.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { eventPayments, events, purchaseOrders } from '../../db/schema/commerce.ts';
import { invitations, organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { packageRequests } from '../../db/schema/packages.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { eventRegistrationRequests } from '../../db/schema/registration-requests.ts';
import { users } from '../../db/schema/users.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

export interface AuditFilter {
  person?: string;
  organization?: string;
  kind?: AuditKind;
}

const actors = aliasedTable(users, 'actors');
const impersonators = aliasedTable(users, 'impersonators');

/**
 * The organization an entry touched: its subject when that is an organization, else the organization
 * of its subject (membership, purchase order, package request, payment, registration request), else
 * one the entry's data names.
 */
const organizationIdOf = sql`coalesce(
  case when ${auditLog.subjectType} = 'organization' then ${auditLog.subjectId} end,
  case ${auditLog.subjectType}
    when 'membership' then (select ${organizationMemberships.organizationId}::text from ${organizationMemberships}
      where ${organizationMemberships.id}::text = ${auditLog.subjectId})
    when 'purchase_order' then (select ${purchaseOrders.organizationId}::text from ${purchaseOrders}
      where ${purchaseOrders.id}::text = ${auditLog.subjectId})
    when 'package_request' then (select ${packageRequests.organizationId}::text from ${packageRequests}
      where ${packageRequests.id}::text = ${auditLog.subjectId})
    when 'event_payment' then (select ${eventPayments.organizationId}::text from ${eventPayments}
      where ${eventPayments.id}::text = ${auditLog.subjectId})
    when 'event_registration_request' then (select ${eventRegistrationRequests.organizationId}::text
      from ${eventRegistrationRequests} where ${eventRegistrationRequests.id}::text = ${auditLog.subjectId})
  end,
  ${auditLog.data} ->> 'organizationId')`;

const nameOf = (userId: SQL) =>
  sql`(select person.first_name || ' ' || person.last_name from ${users} person where person.id = ${userId})`;

/**
 * Who or what an entry is about, by name: the member (a user, a membership's, an invitation's, an application's
 * or a payment's person), the organization, the event, the webhook endpoint's URL, the exported list; null for a
 * subject with no name of its own or since deleted.
 */
const subjectNameOf = sql<string | null>`case ${auditLog.subjectType}
  when 'user' then (select person.first_name || ' ' || person.last_name from ${users} person
    where person.id::text = ${auditLog.subjectId})
  when 'membership' then ${nameOf(sql`(select ${organizationMemberships.userId} from ${organizationMemberships}
    where ${organizationMemberships.id}::text = ${auditLog.subjectId})`)}
  when 'invitation' then ${nameOf(sql`(select ${invitations.userId} from ${invitations}
    where ${invitations.id}::text = ${auditLog.subjectId})`)}
  when 'event_application' then ${nameOf(sql`(select ${eventApplications.userId} from ${eventApplications}
    where ${eventApplications.id}::text = ${auditLog.subjectId})`)}
  when 'event_payment' then ${nameOf(sql`(select ${eventPayments.userId} from ${eventPayments}
    where ${eventPayments.id}::text = ${auditLog.subjectId})`)}
  when 'organization' then (select ${organizations.name} from ${organizations}
    where ${organizations.id}::text = ${auditLog.subjectId})
  when 'event' then (select ${events.name} from ${events} where ${events.id}::text = ${auditLog.subjectId})
  when 'webhook_endpoint' then (select ${webhookEndpoints.url} from ${webhookEndpoints}
    where ${webhookEndpoints.id}::text = ${auditLog.subjectId})
  when 'export' then ${auditLog.subjectId}
end`;

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(filter: AuditFilter) {
  const person = filter.person ? escapeLike(filter.person) : undefined;
  return and(
    filter.kind ? or(eq(auditLog.action, filter.kind), ilike(auditLog.action, `${filter.kind}.%`)) : undefined,
    person
      ? or(
          ilike(sql`${actors.firstName} || ' ' || ${actors.lastName}`, person),
          ilike(actors.email, person),
          ilike(sql`${impersonators.firstName} || ' ' || ${impersonators.lastName}`, person),
          ilike(impersonators.email, person),
        )
      : undefined,
    filter.organization ? ilike(organizations.name, escapeLike(filter.organization)) : undefined,
  );
}

const rowFields = {
  id: auditLog.id,
  at: auditLog.createdAt,
  action: auditLog.action,
  actorFirstName: actors.firstName,
  actorLastName: actors.lastName,
  actorEmail: actors.email,
  impersonatorFirstName: impersonators.firstName,
  impersonatorLastName: impersonators.lastName,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  subjectName: subjectNameOf,
  organizationName: organizations.name,
  data: auditLog.data,
};

/** Entries with who acted (and who viewed as them) and the organization touched: one query, whatever the page. */
function rowsOf(db: Executor, where: SQL | undefined) {
  return db
    .select(rowFields)
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorId))
    .leftJoin(organizations, sql`${organizations.id}::text = ${organizationIdOf}`)
    .where(where)
    .orderBy(desc(auditLog.id))
    .$dynamic();
}

export type AuditRow = Awaited<ReturnType<typeof rowsOf>>[number];

/** Newest first (the log's serial id is its order of writing), one page. */
export async function listEntries(db: Database, filter: AuditFilter & { page: number; pageSize: number }) {
  const where = filtered(filter);
  const [rows, [total]] = await Promise.all([
    rowsOf(db, where)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: count() })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorId))
      .leftJoin(organizations, sql`${organizations.id}::text = ${organizationIdOf}`)
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every entry the list shows under `filter`, newest first, a page at a time (keyset on the id). */
export function exportEntries(db: Database, filter: AuditFilter, pageSize = exportPageSize) {
  return keysetRows<AuditRow>(
    (after, limit) =>
      rowsOf(db, and(filtered(filter), after ? sql`${auditLog.id} < ${after.id}` : undefined)).limit(limit),
    pageSize,
  );
}
