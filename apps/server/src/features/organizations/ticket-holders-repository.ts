import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { events } from '../../db/schema/commerce.ts';
import { users } from '../../db/schema/users.ts';
import { holdersOf, type Holders } from '../../core/ticket-holders.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

function rowQuery(db: Database, holders: Holders) {
  return db
    .select({
      id: holders.id,
      kind: holders.kind,
      eventId: events.id,
      eventName: events.name,
      eventStartDate: events.startDate,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      sectionTitle: holders.sectionTitle,
    })
    .from(holders)
    .innerJoin(users, eq(users.id, holders.userId))
    .innerJoin(events, eq(events.id, holders.eventId))
    .orderBy(
      asc(events.startDate),
      asc(events.id),
      asc(users.lastName),
      asc(users.firstName),
      asc(holders.kind),
      asc(holders.id),
    )
    .$dynamic();
}

export type OrganizationHolderRow = Awaited<ReturnType<typeof rowQuery>>[number];

/**
 * Every place held through the organization (its payments, package requests and registration
 * requests), by event start then holder name, a page at a time (keyset on the same order).
 */
export function organizationHolderRows(db: Database, organizationId: string, pageSize = exportPageSize) {
  const holders = holdersOf(db, { organizationId });
  return keysetRows<OrganizationHolderRow>(
    (after, limit) =>
      rowQuery(db, holders)
        .where(
          and(
            after
              ? sql`(${events.startDate}, ${events.id}, ${users.lastName}, ${users.firstName}, ${holders.kind}, ${holders.id})
                > (${after.eventStartDate}::date, ${after.eventId}::uuid, ${after.lastName}, ${after.firstName}, ${after.kind}, ${after.id})`
              : undefined,
          ),
        )
        .limit(limit),
    pageSize,
  );
}
