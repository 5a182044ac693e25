import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TicketHolderKind } from '@portal/domain/tickets/ticket-holders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { holdersOf, type Holders } from '../../core/ticket-holders.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

export interface HolderFilter {
  kind?: TicketHolderKind;
  search?: string;
}

function filtered(holders: Holders, filter: HolderFilter) {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    filter.kind ? eq(holders.kind, filter.kind) : undefined,
    like
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(users.email, like),
          ilike(holders.organizationName, like),
        )
      : undefined,
  );
}

function rowQuery(db: Executor, holders: Holders, where: SQL | undefined) {
  return db
    .select({
      id: holders.id,
      kind: holders.kind,
      userId: holders.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      sectionTitle: holders.sectionTitle,
      organizationName: holders.organizationName,
    })
    .from(holders)
    .innerJoin(users, eq(users.id, holders.userId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(holders.kind), asc(holders.id))
    .$dynamic();
}

export type HolderRow = Awaited<ReturnType<typeof rowQuery>>[number];

/** By last and first name, one page, searched by name, email or organization. */
export async function listHolders(
  db: Database,
  eventId: string,
  filter: HolderFilter & { page: number; pageSize: number },
) {
  const holders = holdersOf(db, { eventId });
  const where = filtered(holders, filter);
  const [rows, [total]] = await Promise.all([
    rowQuery(db, holders, where)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(holders).innerJoin(users, eq(users.id, holders.userId)).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every holder the list shows under `filter`, in its order, a page at a time (keyset on name, kind and id). */
export function exportHolders(db: Database, eventId: string, filter: HolderFilter, pageSize = exportPageSize) {
  const holders = holdersOf(db, { eventId });
  return keysetRows<HolderRow>(
    (after, limit) =>
      rowQuery(
        db,
        holders,
        and(
          filtered(holders, filter),
          after
            ? sql`(${users.lastName}, ${users.firstName}, ${holders.kind}, ${holders.id}) > (${after.lastName}, ${after.firstName}, ${after.kind}, ${after.id})`
            : undefined,
        ),
      ).limit(limit),
    pageSize,
  );
}
