import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ReceivablesRow } from '@portal/domain/commerce/invoices.ts';
import type { Executor } from '../../db/client.ts';
import { purchaseOrders } from '../../db/schema/commerce.ts';
import { invoiceReminders, invoices } from '../../db/schema/invoices.ts';
import { districts, organizations } from '../../db/schema/organizations.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';
import { invoiceQuery } from '../../core/invoices.ts';

export type InvoiceFilter = 'OPEN' | 'OVERDUE' | 'PAID' | 'UNPAID' | 'ALL';

/** By status (as of `today`), searched by invoice number, purchase-order number or organization. */
function filtered(status: InvoiceFilter, search: string | undefined, today: string): SQL | undefined {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const number = search ? /^(?:I-)?0*(\d{1,9})$/i.exec(search)?.[1] : undefined;
  const byStatus = {
    OPEN: and(isNull(invoices.paidAt), sql`${invoices.dueOn} >= ${today}::date`),
    OVERDUE: and(isNull(invoices.paidAt), sql`${invoices.dueOn} < ${today}::date`),
    PAID: isNotNull(invoices.paidAt),
    UNPAID: isNull(invoices.paidAt),
    ALL: undefined,
  }[status];
  return and(
    byStatus,
    like
      ? or(
          ilike(purchaseOrders.number, like),
          ilike(organizations.name, like),
          number ? eq(invoices.number, Number(number)) : undefined,
        )
      : undefined,
  );
}

/** The staff list: oldest due first (what to chase), one page, and how many match. */
export async function invoicePage(
  db: Executor,
  filter: { status: InvoiceFilter; search?: string; limit: number; offset: number },
  today: string,
) {
  const where = filtered(filter.status, filter.search, today);
  const rows = await invoiceQuery(db, where)
    .orderBy(invoices.dueOn, desc(invoices.number))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ total: count() })
    .from(invoices)
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, invoices.purchaseOrderId))
    .where(where);
  return { rows, total: total?.total ?? 0 };
}

export type Grouping = 'organization' | 'district';

const noDistrict = 'No district';

/**
 * Open amounts by how long past due (the thresholds of domain commerce/invoices ageingBucket), one row
 * per organization or district, in name order: one grouped query a page.
 */
function receivablesQuery(db: Executor, groupBy: Grouping, today: string) {
  const overdue = sql`(${today}::date - ${invoices.dueOn})`;
  const open = sql`(${invoices.totalCents} - ${invoices.paidCents})`;
  const bucket = (condition: SQL) => sql<number>`coalesce(sum(${open}) filter (where ${condition}), 0)`.mapWith(Number);
  const key =
    groupBy === 'organization'
      ? sql<string>`${organizations.id}::text`
      : sql<string>`coalesce(${districts.id}::text, '')`;
  const name =
    groupBy === 'organization'
      ? sql<string>`${organizations.name}`
      : sql<string>`coalesce(${districts.name}, ${noDistrict})`;
  return {
    key,
    name,
    query: db
      .select({
        key: key.as('group_key'),
        name: name.as('group_name'),
        currentCents: bucket(sql`${overdue} <= 0`),
        days1To30Cents: bucket(sql`${overdue} between 1 and 30`),
        days31To60Cents: bucket(sql`${overdue} between 31 and 60`),
        days61To90Cents: bucket(sql`${overdue} between 61 and 90`),
        over90Cents: bucket(sql`${overdue} > 90`),
        totalCents: sql<number>`sum(${open})`.mapWith(Number),
      })
      .from(invoices)
      .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
      .leftJoin(districts, eq(districts.id, organizations.districtId))
      .groupBy(
        ...(groupBy === 'organization' ? [organizations.id, organizations.name] : [districts.id, districts.name]),
      )
      .$dynamic(),
  };
}

export type StoredReceivables = Omit<ReceivablesRow, 'id'> & { key: string };

export function presentReceivables({ key, ...row }: StoredReceivables): ReceivablesRow {
  return { ...row, id: key === '' ? null : key };
}

export async function receivablesPage(
  db: Executor,
  groupBy: Grouping,
  today: string,
  page: { limit: number; offset: number },
) {
  const { key, name, query } = receivablesQuery(db, groupBy, today);
  const rows = await query.where(isNull(invoices.paidAt)).orderBy(name, key).limit(page.limit).offset(page.offset);
  const [total] = await db
    .select({ total: sql<number>`count(distinct ${key})`.mapWith(Number) })
    .from(invoices)
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .where(isNull(invoices.paidAt));
  return { rows: rows.map(presentReceivables), total: total?.total ?? 0 };
}

/** Every row of the ageing, in the list's order, a page at a time (keyset on name and key). */
export function receivablesExportRows(db: Executor, groupBy: Grouping, today: string, pageSize = exportPageSize) {
  return keysetRows<StoredReceivables>((after, limit) => {
    const { key, name, query } = receivablesQuery(db, groupBy, today);
    return query
      .where(isNull(invoices.paidAt))
      .having(after ? sql`(${name}, ${key}) > (${after.name}, ${after.key})` : undefined)
      .orderBy(name, key)
      .limit(limit);
  }, pageSize);
}

/** Staff's payment terms for an organization; false when there is no such organization. */
export async function setPaymentTerms(
  db: Executor,
  organizationId: string,
  paymentTermsDays: number,
): Promise<boolean> {
  const changed = await db
    .update(organizations)
    .set({ paymentTermsDays })
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id });
  return changed.length > 0;
}

export async function findPaymentTerms(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ paymentTermsDays: organizations.paymentTermsDays })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * Records an invoice's reminder occasion unless one is: true only for the call that wrote the row
 * (ON CONFLICT DO NOTHING on its key), which alone then mails it (reminders.ts).
 */
export async function recordInvoiceReminder(
  db: Executor,
  invoiceId: string,
  daysOverdue: number,
  now: Date,
): Promise<boolean> {
  const recorded = await db
    .insert(invoiceReminders)
    .values({ invoiceId, daysOverdue, createdAt: now })
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceReminders.invoiceId });
  return recorded.length > 0;
}
