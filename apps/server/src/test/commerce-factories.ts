import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { EventPaymentMethod, EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import type { Executor } from '../db/client.ts';
import {
  coupons,
  eventGroupings,
  eventPaths,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
  eventTicketTypes,
  purchaseOrders,
} from '../db/schema/commerce.ts';
import type { FileStorage } from '../platform/storage.ts';
import { createSession, sessionCookie } from '../platform/sessions.ts';
import { createUser } from './factories.ts';
import type { Caller, TestContext } from './harness.ts';

/**
 * Events and payments written straight into the tables, as a finished checkout leaves them: tests
 * of the staff console and purchase orders start from here rather than walking the cart.
 */

/** A user with a session cookie, without the password round trip. */
export async function signedInUser(
  t: TestContext,
  role: 'MEMBER' | 'STAFF' = 'MEMBER',
  fields: { email?: string; firstName?: string } = {},
) {
  const user = await createUser(t.deps.db, { role, ...fields });
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId: user.id });
  const caller: Caller = { cookie: `${sessionCookie}=${secret}` };
  return { user, caller };
}

function created<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`${what} not created`);
  return row;
}

export async function createEvent(db: Executor, fields: Partial<typeof events.$inferInsert> = {}) {
  const event = created(
    await db
      .insert(events)
      .values({
        name: `Event ${randomUUID().slice(0, 8)}`,
        kind: 'SERIES',
        startDate: '2026-12-10',
        endDate: '2026-12-10',
        ...fields,
      })
      .returning(),
    'event',
  );
  const ticketType = created(
    await db.insert(eventTicketTypes).values({ eventId: event.id, name: 'General', priceCents: 14_900 }).returning(),
    'ticket type',
  );
  return { event, ticketType };
}

/** A conference day with one path, one grouping and one section of the given capacity. */
export async function createConferenceDay(db: Executor, sectionMaxTickets: number | null = 40) {
  const { event, ticketType } = await createEvent(db, { kind: 'CONFERENCE_DAY', daysBeforePurchaseClose: 14 });
  const path = created(
    await db.insert(eventPaths).values({ eventId: event.id, name: 'first-year' }).returning(),
    'path',
  );
  const grouping = created(
    await db.insert(eventGroupings).values({ pathId: path.id, name: 'Morning' }).returning(),
    'grouping',
  );
  const section = created(
    await db
      .insert(eventSections)
      .values({
        eventId: event.id,
        groupingId: grouping.id,
        title: 'Coaching Writing',
        maxTickets: sectionMaxTickets,
        dates: ['2026-12-10'],
      })
      .returning(),
    'section',
  );
  return { event, ticketType, path, grouping, section };
}

export async function createCoupon(db: Executor, fields: Partial<typeof coupons.$inferInsert> = {}) {
  return created(
    await db
      .insert(coupons)
      .values({
        code: `C${randomUUID().slice(0, 8).toUpperCase()}`,
        type: 'PERCENTAGE',
        discountPercentage: 10,
        ...fields,
      })
      .returning(),
    'coupon',
  );
}

interface PaymentLine {
  eventId: string;
  ticketTypeId: string;
  sectionId?: string | null;
  numberOfTickets: number;
  priceCents?: number;
}

/**
 * A checked-out payment holding its seats: the section (or, without one, the event) counts the
 * tickets, and the coupon its use, exactly as checkout leaves them.
 */
export async function createPayment(
  db: Executor,
  fields: {
    userId: string;
    status: EventPaymentStatus;
    lines: PaymentLine[];
    couponId?: string;
    organizationId?: string;
    holdExpiresAt?: Date;
    /** For reports: how and when a PAID payment was paid, and what its coupon took off. */
    method?: EventPaymentMethod;
    paidAt?: Date;
    discountCents?: number;
  },
) {
  const subtotal = fields.lines.reduce((sum, line) => sum + line.numberOfTickets * (line.priceCents ?? 14_900), 0);
  const discount = fields.discountCents ?? 0;
  const payment = created(
    await db
      .insert(eventPayments)
      .values({
        userId: fields.userId,
        organizationId: fields.organizationId ?? null,
        status: fields.status,
        method: fields.method ?? (fields.status === 'PENDING' ? 'CARD' : 'PURCHASE_ORDER'),
        subtotalCents: subtotal,
        discountCents: discount,
        totalCents: subtotal - discount,
        paidAt: fields.paidAt ?? null,
        couponId: fields.couponId ?? null,
        holdExpiresAt: fields.holdExpiresAt ?? new Date('2026-12-01T00:00:00Z'),
      })
      .returning(),
    'payment',
  );
  for (const line of fields.lines) {
    await db.insert(eventPaymentItems).values({
      paymentId: payment.id,
      eventId: line.eventId,
      sectionId: line.sectionId ?? null,
      ticketTypeId: line.ticketTypeId,
      title: 'Tickets',
      numberOfTickets: line.numberOfTickets,
      priceCents: line.priceCents ?? 14_900,
    });
    if (line.sectionId) {
      const [section] = await db
        .update(eventSections)
        .set({ ticketsTaken: sql`${eventSections.ticketsTaken} + ${line.numberOfTickets}` })
        .where(eq(eventSections.id, line.sectionId))
        .returning({ groupingId: eventSections.groupingId });
      // A section's seats count against its grouping too (core/capacity).
      if (section) {
        await db
          .update(eventGroupings)
          .set({ ticketsTaken: sql`${eventGroupings.ticketsTaken} + ${line.numberOfTickets}` })
          .where(eq(eventGroupings.id, section.groupingId));
      }
    } else {
      await db
        .update(events)
        .set({ ticketsTaken: sql`${events.ticketsTaken} + ${line.numberOfTickets}` })
        .where(eq(events.id, line.eventId));
    }
  }
  if (fields.couponId) {
    await db
      .update(coupons)
      .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
      .where(eq(coupons.id, fields.couponId));
  }
  return payment;
}

/** A submitted purchase order of a PO_SUBMITTED payment, its PDF in storage, as an upload leaves it. */
export async function createPurchaseOrder(
  db: Executor,
  storage: FileStorage,
  fields: {
    paymentId: string;
    userId: string;
    organizationId: string;
    number?: string;
    filename?: string;
    submittedTotalCents?: number;
    pdf: Buffer;
  },
) {
  const id = randomUUID();
  const fileKey = `purchase-orders/${id}.pdf`;
  await storage.put(fileKey, fields.pdf, 'application/pdf');
  await db.update(eventPayments).set({ status: 'PO_SUBMITTED' }).where(eq(eventPayments.id, fields.paymentId));
  return created(
    await db
      .insert(purchaseOrders)
      .values({
        id,
        paymentId: fields.paymentId,
        type: 'CONFERENCE_DAY',
        number: fields.number ?? `PO-${id.slice(0, 6)}`,
        filename: fields.filename ?? 'purchase order',
        fileKey,
        fileSize: fields.pdf.length,
        contactEmail: 'purchasing@district.test',
        contactName: 'Pat Purchasing',
        contactPhone: '5551234567',
        organizationId: fields.organizationId,
        totalCents: 44_700,
        submittedTotalCents: fields.submittedTotalCents ?? 44_700,
        submittedById: fields.userId,
      })
      .returning(),
    'purchase order',
  );
}
