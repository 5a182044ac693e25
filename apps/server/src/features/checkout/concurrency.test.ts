import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allocationMessages } from '@portal/domain/tickets/allocation.ts';
import { couponGoneMessage } from '@portal/domain/commerce/cart.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import {
  cartItems,
  coupons,
  eventGroupings,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
} from '../../db/schema/commerce.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { sessionCookie } from '../../platform/sessions.ts';
import { newSecret } from '../../platform/tokens.ts';
import {
  createConferenceDay,
  createCoupon,
  createEvent,
  createPayment,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

/**
 * On PostgreSQL (DATABASE_URL, as in CI) the 200 checkouts race for real over the connection pool;
 * on PGlite, with one connection, their transactions interleave one after another.
 */
describe('200 concurrent checkouts for a 50-seat section', () => {
  it(
    'sell exactly 50 seats and refuse 150, with tickets_taken equal to the held items',
    { timeout: 60_000 },
    async () => {
      const day = await createConferenceDay(t.deps.db, 50);
      // 200 buyers, each signed in with one ticket in their cart, written in bulk.
      const buyers = await t.deps.db
        .insert(users)
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            email: `buyer-${i}-${randomUUID().slice(0, 8)}@example.test`,
            firstName: 'Buyer',
            lastName: `${i}`,
          })),
        )
        .returning({ id: users.id });
      const secrets = buyers.map(() => newSecret());
      const expiresAt = new Date(t.clock().getTime() + 3600_000);
      await t.deps.db
        .insert(sessions)
        .values(buyers.map((buyer, i) => ({ userId: buyer.id, tokenHash: secrets[i]?.hash ?? '', expiresAt })));
      await t.deps.db.insert(cartItems).values(
        buyers.map((buyer) => ({
          userId: buyer.id,
          eventId: day.event.id,
          sectionId: day.section.id,
          ticketTypeId: day.ticketType.id,
          numberOfTickets: 1,
        })),
      );

      const responses = await Promise.all(
        secrets.map(({ secret }) =>
          call(t.app, 'POST', '/api/checkout', {
            caller: { cookie: `${sessionCookie}=${secret}` },
            body: { method: 'CARD' },
            headers: { 'idempotency-key': randomUUID() },
          }),
        ),
      );

      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(50);
      expect(statuses.filter((status) => status === 409)).toHaveLength(150);
      const title = `${day.event.name} — Coaching Writing`;
      for (const response of responses.filter((r) => r.statusCode === 409))
        expect(response.json().detail).toBe(paymentMessages.soldOut(title, 0));

      const [section] = await t.deps.db.select().from(eventSections).where(eq(eventSections.id, day.section.id));
      const [held] = await t.deps.db
        .select({
          tickets: sql<number>`coalesce(sum(${eventPaymentItems.numberOfTickets}), 0)::int`,
          payments: sql<number>`count(distinct ${eventPayments.id})::int`,
        })
        .from(eventPaymentItems)
        .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
        .where(and(eq(eventPaymentItems.sectionId, day.section.id), eq(eventPayments.seatsHeld, true)));
      expect(section?.ticketsTaken).toBe(50);
      expect(held).toEqual({ tickets: 50, payments: 50 });
      // The refused buyers keep their carts.
      expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.sectionId, day.section.id))).toHaveLength(150);
    },
  );
});

/**
 * Races in the style of pretix's tests: real requests fired at once. On PostgreSQL (DATABASE_URL)
 * their transactions overlap for real; on PGlite they queue on its one connection. Either way the
 * database must keep the limit; `seatsSoldBeyond` is the detector, and the last test shows that it
 * does report an oversell when the guard is taken away.
 */

/** Seats held in a section beyond its maxTickets, counted from the payments themselves (not the counter). */
async function seatsSoldBeyond(sectionId: string): Promise<number> {
  const [row] = await t.deps.db
    .select({
      held: sql<number>`coalesce(sum(${eventPaymentItems.numberOfTickets}), 0)::int`,
      max: sql<number>`(select max_tickets from event_sections where id = ${sectionId})`,
    })
    .from(eventPaymentItems)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .where(and(eq(eventPaymentItems.sectionId, sectionId), eq(eventPayments.seatsHeld, true)));
  return Math.max((row?.held ?? 0) - (row?.max ?? 0), 0);
}

async function buyersWithOneTicket(day: Awaited<ReturnType<typeof createConferenceDay>>, count: number) {
  const buyers = [];
  for (let i = 0; i < count; i += 1) {
    const buyer = await signedInUser(t);
    await t.deps.db.insert(cartItems).values({
      userId: buyer.user.id,
      eventId: day.event.id,
      sectionId: day.section.id,
      ticketTypeId: day.ticketType.id,
      numberOfTickets: 1,
    });
    buyers.push(buyer);
  }
  return buyers;
}

const checkoutNow = (caller: Caller) =>
  call(t.app, 'POST', '/api/checkout', {
    caller,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });

describe('races', () => {
  it('two buyers for the last seat: one pays, the other is told it is sold out', { timeout: 10_000 }, async () => {
    const day = await createConferenceDay(t.deps.db, 1);
    const buyers = await buyersWithOneTicket(day, 2);
    const responses = await Promise.all(buyers.map((buyer) => checkoutNow(buyer.caller)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().detail).toBe(
      paymentMessages.soldOut(`${day.event.name} — Coaching Writing`, 0),
    );
    expect(await seatsSoldBeyond(day.section.id)).toBe(0);
    const [section] = await t.deps.db.select().from(eventSections).where(eq(eventSections.id, day.section.id));
    expect(section?.ticketsTaken).toBe(1);
  });

  it(
    'two buyers for the last coupon use: one pays the discount, the other is refused with the new total and charged nothing',
    { timeout: 10_000 },
    async () => {
      const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 10 });
      const coupon = await createCoupon(t.deps.db, {
        code: `LAST${randomUUID().slice(0, 6).toUpperCase()}`,
        type: 'FIXED',
        discountAmount: 2_500,
        discountPercentage: null,
        maxUses: 1,
      });
      const buyers = [await signedInUser(t), await signedInUser(t)];
      for (const buyer of buyers) {
        await call(t.app, 'POST', '/api/cart/items', {
          caller: buyer.caller,
          body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 },
        });
        expect(
          (await call(t.app, 'POST', '/api/cart/coupon', { caller: buyer.caller, body: { code: coupon.code } }))
            .statusCode,
        ).toBe(200);
      }

      const responses = await Promise.all(buyers.map((buyer) => checkoutNow(buyer.caller)));

      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refusedAt = responses.findIndex((r) => r.statusCode === 409);
      expect(responses[refusedAt]?.json().detail).toBe(couponGoneMessage(coupon.code, 14_900));
      const paid = await t.deps.db
        .select()
        .from(eventPayments)
        .where(eq(eventPayments.id, responses[1 - refusedAt]?.json().eventPaymentId));
      expect(paid).toEqual([
        expect.objectContaining({ couponId: coupon.id, discountCents: 2_500, totalCents: 12_400 }),
      ]);
      const refused = buyers[refusedAt];
      if (!refused) throw new Error('no refused buyer');
      expect(await t.deps.db.select().from(eventPayments).where(eq(eventPayments.userId, refused.user.id))).toEqual([]);
      expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.timesUsed).toBe(1);
      expect((await call(t.app, 'GET', '/api/cart', { caller: refused.caller })).json()).toMatchObject({
        couponUse: null,
        total: 14_900,
      });
      const [counted] = await t.deps.db.select().from(events).where(eq(events.id, event.id));
      expect(counted?.ticketsTaken).toBe(1);
    },
  );

  it(
    'two allocations of one payment at once: saved one after the other, never more holders than tickets nor than the grouping seats',
    { timeout: 10_000 },
    async () => {
      const day = await createConferenceDay(t.deps.db, 10);
      const admin = await signedInUser(t);
      const school = await createOrganization(t.deps.db);
      await addMembership(t.deps.db, school.id, admin.user.id, 'ADMIN');
      const staff = [await createUser(t.deps.db), await createUser(t.deps.db)];
      for (const person of staff) await addMembership(t.deps.db, school.id, person.id);
      const [second] = await t.deps.db
        .insert(eventSections)
        .values({
          eventId: day.event.id,
          groupingId: day.grouping.id,
          title: 'Coaching Reading',
          dates: ['2026-12-10'],
        })
        .returning();
      if (!second) throw new Error('no section');
      // One ticket in each section, bought before the grouping was limited to 1: each save alone fits,
      // both together would seat 2 in a grouping of 1.
      const payment = await createPayment(t.deps.db, {
        userId: admin.user.id,
        organizationId: school.id,
        status: 'PAID',
        lines: [
          { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 1 },
          { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: second.id, numberOfTickets: 1 },
        ],
      });
      await t.deps.db
        .update(eventGroupings)
        .set({ ticketsTaken: 1, maxTickets: 1 })
        .where(eq(eventGroupings.id, day.grouping.id));
      const url = `/api/event-payments/${payment.id}/allocation`;
      const items = await t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
      const [first, other] = staff;
      const saves = items.map((item, index) =>
        call(t.app, 'PUT', url, {
          caller: admin.caller,
          body: { items: [{ itemId: item.id, assignedUsers: [index === 0 ? first?.id : other?.id] }] },
        }),
      );

      const responses = await Promise.all(saves);

      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(responses.find((r) => r.statusCode === 400)?.json().detail).toBe(allocationMessages.overallocated);
      const holders = await t.deps.db
        .select()
        .from(eventTickets)
        .where(
          inArray(
            eventTickets.paymentItemId,
            items.map((item) => item.id),
          ),
        );
      expect(holders).toHaveLength(1);
    },
  );

  it(
    'the detector reports the oversell when the guard is removed: a read-then-write reservation sells the last seat twice',
    { timeout: 10_000 },
    async () => {
      const day = await createConferenceDay(t.deps.db, 1);
      const buyers = await buyersWithOneTicket(day, 2);
      // What the checkout would be without its conditional UPDATE: every buyer reads the seats left,
      // then each writes its reservation from what it read (a lost update the CHECK cannot see).
      const seen = await Promise.all(
        buyers.map(
          async () =>
            (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, day.section.id)))[0]
              ?.ticketsTaken ?? 0,
        ),
      );
      await Promise.all(
        buyers.map(async (buyer, index) => {
          const taken = seen[index] ?? 0;
          if (taken >= 1) return;
          await t.deps.db.transaction(async (tx) => {
            const [payment] = await tx
              .insert(eventPayments)
              .values({
                userId: buyer.user.id,
                status: 'PENDING',
                method: 'CARD',
                subtotalCents: 14_900,
                totalCents: 14_900,
                seatsHeld: true,
              })
              .returning();
            if (!payment) throw new Error('no payment');
            await tx.insert(eventPaymentItems).values({
              paymentId: payment.id,
              eventId: day.event.id,
              sectionId: day.section.id,
              ticketTypeId: day.ticketType.id,
              title: 'Tickets',
              numberOfTickets: 1,
              priceCents: 14_900,
            });
            await tx
              .update(eventSections)
              .set({ ticketsTaken: taken + 1 })
              .where(eq(eventSections.id, day.section.id));
          });
        }),
      );
      expect(await seatsSoldBeyond(day.section.id)).toBe(1);
    },
  );
});
