import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventPayments } from '../../db/schema/commerce.ts';
import { eventGroupRegistrations, eventRegistrationRequests } from '../../db/schema/registration-requests.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { createInstitute } from '../../test/application-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

/*
 * The migration that gave registration requests an organization fills it in for requests made before
 * (docs/decisions/0087-registration-request-organization.md). Its hand-written statements are run again
 * here over rows shaped as they were then: request and payment without an organization.
 */

const t = useTestApp();
const migrations = new URL('../../db/migrations/', import.meta.url);

/** The migration's hand-written statements (after its marker), found by the decision they cite, not by number. */
function backfillStatements(): string[] {
  const file = readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => readFileSync(new URL(name, migrations), 'utf8'))
    .find((text) => text.includes('0087-registration-request-organization.md'));
  if (!file) throw new Error('the backfill migration was not found');
  const [, marked = ''] = file.split('-- Hand-written from here');
  // The marker's line goes on as a comment; the statements start on the next one.
  return marked
    .slice(marked.indexOf('\n'))
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter((statement) => statement !== '');
}

async function backfill() {
  for (const statement of backfillStatements()) await t.deps.db.execute(sql.raw(statement));
}

/** A paid-or-not request made through the API, then stripped of its organization as older rows were. */
async function olderRequest(memberships: number, pay: boolean) {
  const institute = await createInstitute(t.deps.db);
  await t.deps.db
    .insert(eventGroupRegistrations)
    .values({ eventId: institute.event.id, open: true, attendeeCostCents: 10_000 });
  const member = await signedInUser(t);
  const schools = [];
  for (let index = 0; index < memberships; index += 1) {
    const school = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, school.id, member.user.id);
    schools.push(school);
  }
  const created = await call(t.app, 'POST', '/api/event-registration-requests', {
    caller: member.caller,
    body: { eventId: institute.event.id, seatsRequested: 2, organizationId: schools[0]?.id },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(created.statusCode).toBe(201);
  const requestId = created.json<{ id: string }>().id;
  let paymentId: string | null = null;
  if (pay) {
    const paid = await call(t.app, 'POST', `/api/event-registration-requests/${requestId}/pay`, {
      caller: member.caller,
      body: { method: 'PURCHASE_ORDER' },
      headers: { 'idempotency-key': randomUUID() },
    });
    paymentId = paid.json<{ eventPaymentId: string }>().eventPaymentId;
    await t.deps.db.update(eventPayments).set({ organizationId: null }).where(eq(eventPayments.id, paymentId));
  }
  await t.deps.db
    .update(eventRegistrationRequests)
    .set({ organizationId: null })
    .where(eq(eventRegistrationRequests.id, requestId));
  return { member, schools, requestId, paymentId };
}

async function organizationsOf(requestId: string, paymentId: string | null) {
  const [request] = await t.deps.db
    .select({ organizationId: eventRegistrationRequests.organizationId })
    .from(eventRegistrationRequests)
    .where(eq(eventRegistrationRequests.id, requestId));
  const [payment] = paymentId
    ? await t.deps.db
        .select({ organizationId: eventPayments.organizationId })
        .from(eventPayments)
        .where(eq(eventPayments.id, paymentId))
    : [];
  return { request: request?.organizationId ?? null, payment: payment?.organizationId ?? null };
}

describe('the backfill of registration requests’ organizations', () => {
  it("a requester's only organization goes to the request and its payment", async () => {
    const older = await olderRequest(1, true);
    await backfill();
    expect(await organizationsOf(older.requestId, older.paymentId)).toEqual({
      request: older.schools[0]?.id,
      payment: older.schools[0]?.id,
    });
  });

  it("a payment's organization (a purchase order's) goes to its request, whatever the requester belongs to", async () => {
    const older = await olderRequest(2, true);
    const second = older.schools[1]?.id ?? null;
    await t.deps.db
      .update(eventPayments)
      .set({ organizationId: second })
      .where(eq(eventPayments.id, older.paymentId ?? ''));
    await backfill();
    expect(await organizationsOf(older.requestId, older.paymentId)).toEqual({ request: second, payment: second });
  });

  it('a requester of several organizations, with no payment naming one: left without', async () => {
    const older = await olderRequest(2, true);
    await backfill();
    expect(await organizationsOf(older.requestId, older.paymentId)).toEqual({ request: null, payment: null });
  });

  it('an unpaid request takes its requester’s only organization', async () => {
    const older = await olderRequest(1, false);
    await backfill();
    expect((await organizationsOf(older.requestId, null)).request).toBe(older.schools[0]?.id);
  });
});
