import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PurchaseOrderStatus } from '@portal/domain/commerce/enums.ts';
import type { AdminPurchaseOrderRow } from '@portal/domain/commerce/purchase-orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { eventApplications, legacyEventApplications } from '../../db/schema/applications.ts';
import { eventPayments, events, purchaseOrders } from '../../db/schema/commerce.ts';
import { contracts } from '../../db/schema/contracts.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { purchaseOrderApplications, purchaseOrderContracts } from '../../db/schema/purchase-order-links.ts';
import { users } from '../../db/schema/users.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

/**
 * What a purchase order pays, in cents: its payment's total now, or — for an institute or package
 * purchase order, which has no payment of its own — the total the server derived when it was sent.
 */
const dueCents = sql<number>`coalesce(${eventPayments.totalCents}, ${purchaseOrders.totalCents})`.mapWith(Number);

/** The purchase order being decided, with what it was typed for and what it pays. */
export async function purchaseOrderTotals(db: Executor, purchaseOrderId: string) {
  const [row] = await db
    .select({ submittedTotalCents: purchaseOrders.submittedTotalCents, paymentTotalCents: dueCents })
    .from(purchaseOrders)
    .leftJoin(eventPayments, eq(eventPayments.id, purchaseOrders.paymentId))
    .where(eq(purchaseOrders.id, purchaseOrderId));
  return row;
}

/** SUBMITTED → APPROVED or VOIDED as one conditional UPDATE: of two decisions racing, one wins. */
export async function decide(
  db: Executor,
  purchaseOrderId: string,
  status: Exclude<PurchaseOrderStatus, 'SUBMITTED'>,
  staffId: string,
  now: Date,
) {
  const [row] = await db
    .update(purchaseOrders)
    .set({ status, decidedById: staffId, decidedAt: now })
    .where(and(eq(purchaseOrders.id, purchaseOrderId), eq(purchaseOrders.status, 'SUBMITTED')))
    .returning({ paymentId: purchaseOrders.paymentId, number: purchaseOrders.number });
  return row;
}

export async function purchaseOrderExists(db: Executor, purchaseOrderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, purchaseOrderId));
  return row !== undefined;
}

export async function findFile(db: Executor, purchaseOrderId: string) {
  const [row] = await db
    .select({ fileKey: purchaseOrders.fileKey, filename: purchaseOrders.filename, number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, purchaseOrderId));
  return row;
}

/**
 * What an institute or package purchase order pays for, in words: the contract's package, or the
 * institute and how many applicants; for a previous-system application's payment (no items), its
 * event. Null for any other purchase order of one payment (its type says it).
 */
const paysFor = sql<string | null>`coalesce(
  (select ${contracts.packageName} from ${purchaseOrderContracts}
    inner join ${contracts} on ${contracts.id} = ${purchaseOrderContracts.contractId}
    where ${purchaseOrderContracts.purchaseOrderId} = ${purchaseOrders.id}),
  (select min(${events.name}) || ': ' || count(*) || case when count(*) = 1 then ' applicant' else ' applicants' end
    from ${purchaseOrderApplications}
    inner join ${eventApplications} on ${eventApplications.id} = ${purchaseOrderApplications.applicationId}
    inner join ${events} on ${events.id} = ${eventApplications.eventId}
    where ${purchaseOrderApplications.purchaseOrderId} = ${purchaseOrders.id}
    having count(*) > 0),
  (select ${legacyEventApplications.eventName} || ' (previous system application)' from ${legacyEventApplications}
    where ${legacyEventApplications.id} = ${eventPayments.legacyApplicationId}))`;

/** The staff list's rows: one query joining payment, buyer (who sent it) and organization, whatever the page size. */
function rowQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      status: purchaseOrders.status,
      type: purchaseOrders.type,
      eventPaymentId: purchaseOrders.paymentId,
      organizationName: organizations.name,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      buyerEmail: users.email,
      contactName: purchaseOrders.contactName,
      contactEmail: purchaseOrders.contactEmail,
      contactPhone: purchaseOrders.contactPhone,
      totalCents: purchaseOrders.totalCents,
      submittedTotalCents: purchaseOrders.submittedTotalCents,
      paymentTotalCents: dueCents,
      paysFor,
      filename: purchaseOrders.filename,
      createdAt: purchaseOrders.createdAt,
      decidedAt: purchaseOrders.decidedAt,
      // The stored microseconds, which a Date would round away: the export's keyset compares them.
      createdAtKey: sql<string>`${purchaseOrders.createdAt}::text`,
    })
    .from(purchaseOrders)
    .leftJoin(eventPayments, eq(eventPayments.id, purchaseOrders.paymentId))
    .innerJoin(users, eq(users.id, purchaseOrders.submittedById))
    .innerJoin(organizations, eq(organizations.id, purchaseOrders.organizationId))
    .where(where)
    .$dynamic();
}

type StoredRow = Awaited<ReturnType<typeof rowQuery>>[number];

function present({ buyerFirstName, buyerLastName, createdAtKey: _key, ...row }: StoredRow): AdminPurchaseOrderRow {
  return {
    ...row,
    buyerName: `${buyerFirstName} ${buyerLastName}`,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    quote: null,
  };
}

export async function findPurchaseOrderRow(
  db: Executor,
  purchaseOrderId: string,
): Promise<AdminPurchaseOrderRow | undefined> {
  const [row] = await rowQuery(db, eq(purchaseOrders.id, purchaseOrderId));
  return row && present(row);
}

export interface RowFilter {
  status?: PurchaseOrderStatus;
  search?: string;
}

/** By status, searched by purchase-order number, organization name or buyer email: the list's and its file's. */
function filtered(filter: RowFilter) {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    filter.status ? eq(purchaseOrders.status, filter.status) : undefined,
    like
      ? or(ilike(purchaseOrders.number, like), ilike(organizations.name, like), ilike(users.email, like))
      : undefined,
  );
}

const newestFirst = [desc(purchaseOrders.createdAt), desc(purchaseOrders.id)];

/** Newest first, one page. */
export async function listRows(db: Database, filter: RowFilter & { page: number; pageSize: number }) {
  const where = filtered(filter);
  const [rows, [total]] = await Promise.all([
    rowQuery(db, where)
      .orderBy(...newestFirst)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: count() })
      .from(purchaseOrders)
      .innerJoin(users, eq(users.id, purchaseOrders.submittedById))
      .innerJoin(organizations, eq(organizations.id, purchaseOrders.organizationId))
      .where(where),
  ]);
  return { items: rows.map(present), total: total?.total ?? 0 };
}

/** Every row the list shows under `filter`, in its order, a page at a time (keyset on submitted time and id). */
export function exportRows(db: Database, filter: RowFilter, pageSize = exportPageSize) {
  return keysetRows<StoredRow>(
    (after, limit) =>
      rowQuery(
        db,
        and(
          filtered(filter),
          after
            ? sql`(${purchaseOrders.createdAt}, ${purchaseOrders.id}) < (${after.createdAtKey}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
        .orderBy(...newestFirst)
        .limit(limit),
    pageSize,
  );
}

export type PurchaseOrderExportRow = StoredRow;

/** What the buyer's mail needs: the address and name of who sent the purchase order, and what it pays. */
export async function findBuyer(db: Executor, purchaseOrderId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, totalCents: dueCents })
    .from(purchaseOrders)
    .innerJoin(users, eq(users.id, purchaseOrders.submittedById))
    .leftJoin(eventPayments, eq(eventPayments.id, purchaseOrders.paymentId))
    .where(eq(purchaseOrders.id, purchaseOrderId));
  return row;
}
