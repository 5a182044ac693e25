import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '@portal/domain/payments.ts';
import { cartItems, eventPaymentItems, eventPayments, eventSections } from '../../db/schema/commerce.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { sessionCookie } from '../../platform/sessions.ts';
import { newSecret } from '../../platform/tokens.ts';
import { createConferenceDay } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

/**
 * On PostgreSQL (DATABASE_URL, as in CI) the 200 checkouts race for real over the connection pool;
 * on PGlite, with one connection, their transactions interleave one after another.
 */
describe('200 concurrent checkouts for a 50-seat section', () => {
  it('sell exactly 50 seats and refuse 150, with tickets_taken equal to the held items', { timeout: 60_000 }, async () => {
    const day = await createConferenceDay(t.deps.db, 50);
    // 200 buyers, each signed in with one ticket in their cart, written in bulk.
    const buyers = await t.deps.db
      .insert(users)
      .values(Array.from({ length: 200 }, (_, i) => ({ email: `buyer-${i}-${randomUUID().slice(0, 8)}@example.test`, firstName: 'Buyer', lastName: `${i}` })))
      .returning({ id: users.id });
    const secrets = buyers.map(() => newSecret());
    const expiresAt = new Date(t.clock().getTime() + 3600_000);
    await t.deps.db.insert(sessions).values(buyers.map((buyer, i) => ({ userId: buyer.id, tokenHash: secrets[i]?.hash ?? '', expiresAt })));
    await t.deps.db.insert(cartItems).values(
      buyers.map((buyer) => ({ userId: buyer.id, eventId: day.event.id, sectionId: day.section.id, ticketTypeId: day.ticketType.id, numberOfTickets: 1 })),
    );

    const responses = await Promise.all(
      secrets.map(({ secret }) =>
        call(t.app, 'POST', '/api/checkout', { caller: { cookie: `${sessionCookie}=${secret}` }, body: { method: 'CARD' }, headers: { 'idempotency-key': randomUUID() } }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(150);
    const title = `${day.event.name} — Coaching Writing`;
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json().detail).toBe(paymentMessages.soldOut(title, 0));

    const [section] = await t.deps.db.select().from(eventSections).where(eq(eventSections.id, day.section.id));
    const [held] = await t.deps.db
      .select({ tickets: sql<number>`coalesce(sum(${eventPaymentItems.numberOfTickets}), 0)::int`, payments: sql<number>`count(distinct ${eventPayments.id})::int` })
      .from(eventPaymentItems)
      .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
      .where(and(eq(eventPaymentItems.sectionId, day.section.id), eq(eventPayments.seatsHeld, true)));
    expect(section?.ticketsTaken).toBe(50);
    expect(held).toEqual({ tickets: 50, payments: 50 });
    // The refused buyers keep their carts.
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.sectionId, day.section.id))).toHaveLength(150);
  });
});
