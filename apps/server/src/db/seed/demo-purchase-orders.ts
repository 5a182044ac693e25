import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { eventApplications, eventPaymentOptions } from '../schema/applications.ts';
import { events, eventTicketTypes } from '../schema/commerce.ts';
import { contracts } from '../schema/contracts.ts';
import { organizationMemberships, organizations } from '../schema/organizations.ts';
import { users } from '../schema/users.ts';

/**
 * What /members/purchase-orders needs to be tried at once: the "Instructional Leadership Institute",
 * to which two members of Lincoln Elementary School are accepted and have not paid (an institute
 * purchase order for both, sent by owner.lincoln@demo.test), and a signed package contract of
 * Washington Middle School (a package purchase order, sent by owner.washington@demo.test). The
 * institute is its own, so no other demo journey's applications change. Each part is created once.
 */

export const leadershipInstitute = 'Instructional Leadership Institute';
const lincoln = 'Lincoln Elementary School';
const washington = 'Washington Middle School';
export const demoContractPackage = 'Literacy Partnership 2026–27';

/** The two accepted applicants; they never sign in (no password), an owner pays for them. */
export const leadershipApplicants = [
  { email: 'ella.lincoln@demo.test', firstName: 'Ella', lastName: 'Evans' },
  { email: 'omar.lincoln@demo.test', firstName: 'Omar', lastName: 'Ortiz' },
] as const;

const day = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function organizationId(tx: Executor, name: string) {
  const [row] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
  return row?.id;
}

async function seedInstitute(tx: Executor, today: Date): Promise<void> {
  const schoolId = await organizationId(tx, lincoln);
  if (!schoolId) return;
  const [existing] = await tx.select({ id: events.id }).from(events).where(eq(events.name, leadershipInstitute));
  if (existing) return;
  const [event] = await tx
    .insert(events)
    .values({
      name: leadershipInstitute,
      kind: 'INSTITUTE',
      eventType: 'Institute',
      description: 'Four days on leading literacy across a school, for principals and coaches.',
      gradeBands: ['LEADERS'],
      locationName: 'Teachers College, New York',
      startDate: isoDay(new Date(today.getTime() + 150 * day)),
      endDate: isoDay(new Date(today.getTime() + 153 * day)),
      maxTickets: 60,
      acceptsApplications: true,
      paymentDueDays: 30,
    })
    .returning({ id: events.id });
  if (!event) throw new Error('demo institute not created');
  const [ticketType] = await tx
    .insert(eventTicketTypes)
    .values({ eventId: event.id, name: 'Institute tuition', priceCents: 80_000 })
    .returning({ id: eventTicketTypes.id });
  if (!ticketType) throw new Error('demo institute ticket type not created');
  await tx.update(events).set({ applicationTicketTypeId: ticketType.id }).where(eq(events.id, event.id));
  const [, purchaseOrder] = await tx
    .insert(eventPaymentOptions)
    .values([
      { eventId: event.id, label: 'Credit Card', method: 'CARD', position: 0 },
      { eventId: event.id, label: 'Purchase Order', method: 'PURCHASE_ORDER', position: 1 },
    ])
    .returning({ id: eventPaymentOptions.id });
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.test'));
  for (const applicant of leadershipApplicants) {
    const [user] = await tx
      .insert(users)
      .values({ ...applicant, city: 'Riverside', stateProvince: 'NY', country: 'United States' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    await tx
      .insert(organizationMemberships)
      .values({ organizationId: schoolId, userId: user.id, role: 'MEMBER' })
      .onConflictDoNothing();
    const decidedAt = new Date(today.getTime() - 2 * day);
    await tx.insert(eventApplications).values({
      userId: user.id,
      eventId: event.id,
      status: 'ACCEPTED',
      firstName: applicant.firstName,
      lastName: applicant.lastName,
      city: 'Riverside',
      stateProvince: 'NY',
      country: 'United States',
      paymentOptionId: purchaseOrder?.id ?? null,
      submittedAt: new Date(today.getTime() - 9 * day),
      decidedAt,
      decidedById: staff?.id ?? null,
    });
  }
}

async function seedContract(tx: Executor): Promise<void> {
  const schoolId = await organizationId(tx, washington);
  if (!schoolId) return;
  const [existing] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.organizationId, schoolId), eq(contracts.packageName, demoContractPackage)));
  if (existing) return;
  await tx
    .insert(contracts)
    .values({ organizationId: schoolId, packageName: demoContractPackage, totalCents: 1_250_000 });
}

/** The demo contract while its signed PDF is not stored yet (demo-content.ts stores it: files are seeded there). */
export async function unsignedDemoContract(tx: Executor): Promise<{ id: string } | undefined> {
  const schoolId = await organizationId(tx, washington);
  if (!schoolId) return undefined;
  const [row] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, schoolId),
        eq(contracts.packageName, demoContractPackage),
        isNull(contracts.signedPdfKey),
      ),
    );
  return row;
}

export async function seedDemoPurchaseOrders(tx: Executor, today: Date): Promise<void> {
  await seedInstitute(tx, today);
  await seedContract(tx);
}
