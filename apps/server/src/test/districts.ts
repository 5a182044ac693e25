import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cartItems, events } from '../db/schema/commerce.ts';
import { districtMemberships, organizations } from '../db/schema/organizations.ts';
import { createConferenceDay, signedInUser } from './commerce-factories.ts';
import { call, type TestContext } from './harness.ts';
import { enrol, person, school } from './school.ts';

/** A district with one school (its OWNER, ADMIN, MEMBER), a district administrator, staff, and `depositCents` in its fund. */
export async function fundedDistrict(t: TestContext, depositCents: number) {
  const staff = await signedInUser(t, 'STAFF');
  const first = await school(t);
  const districtId = first.organization.districtId ?? '';
  const administrator = await person(t, { firstName: 'Dana', lastName: 'District' });
  await t.deps.db.insert(districtMemberships).values({ districtId, userId: administrator.user.id, role: 'ADMIN' });
  if (depositCents > 0) {
    const deposit = await call(t.app, 'POST', `/api/admin/district-funds/${districtId}/entries`, {
      caller: staff.caller,
      body: { kind: 'DEPOSIT', amountCents: depositCents, reference: 'PO-D-1001', reason: 'Title II' },
    });
    expect(deposit.statusCode).toBe(201);
  }
  return { staff, school: first, districtId, administrator };
}

/** Another school of the same district, with its OWNER. */
export async function neighbourSchool(t: TestContext, districtId: string) {
  const [organization] = await t.deps.db
    .insert(organizations)
    .values({ name: `Neighbour ${randomUUID().slice(0, 6)}`, districtId })
    .returning();
  if (!organization) throw new Error('no school');
  const owner = await enrol(t, organization.id, 'OWNER');
  return { organization, owner };
}

/** `tickets` tickets of a fresh conference day (cancellable until 7 days before) in the buyer's cart. */
export async function fillCartWithConferenceDay(
  t: TestContext,
  userId: string,
  tickets: number,
  sectionMaxTickets: number | null = 20,
) {
  const day = await createConferenceDay(t.deps.db, sectionMaxTickets);
  await t.deps.db
    .update(events)
    .set({ cancelDaysBefore: 7, cancellationFeeType: 'NONE', cancellationFeeValue: 0 })
    .where(eq(events.id, day.event.id));
  await t.deps.db.insert(cartItems).values({
    userId,
    eventId: day.event.id,
    sectionId: day.section.id,
    ticketTypeId: day.ticketType.id,
    numberOfTickets: tickets,
  });
  return day;
}
