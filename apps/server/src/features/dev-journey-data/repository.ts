import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { defaultEvaluationForm } from '@portal/domain/events/evaluations.ts';
import type { Executor } from '../../db/client.ts';
import { districts, organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { attendanceTakers } from '../../db/schema/attendance.ts';
import {
  eventGroupings,
  eventPaths,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
  eventTicketTypes,
} from '../../db/schema/commerce.ts';
import { eventEvaluations } from '../../db/schema/evaluations.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';

export interface PersonRequest {
  copyOf: string;
  firstName: string;
  lastName: string;
}

/** An address no seeded or invited person has: the journey's own. */
function freshEmail(firstName: string): string {
  const local = firstName.toLowerCase().replace(/[^a-z]+/g, '') || 'person';
  return `${local}.${randomUUID().slice(0, 12)}@journey.test`;
}

/**
 * A new person with everything the person at `copyOf` has on their own record (role, password,
 * profile, toolkit flags) under a new name and address; no membership, cart or history. Null when no
 * one has that address.
 */
export async function copyPerson(db: Executor, request: PersonRequest) {
  const [source] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${request.copyOf.trim().toLowerCase()}`);
  if (!source) return null;
  const {
    id: _id,
    email: _email,
    authProviderId: _provider,
    createdAt: _created,
    updatedAt: _updated,
    ...own
  } = source;
  const [copy] = await db
    .insert(users)
    .values({
      ...own,
      email: freshEmail(request.firstName),
      firstName: request.firstName,
      lastName: request.lastName,
    })
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
  return copy ?? null;
}

export interface OrganizationRequest {
  copyOf?: string;
  name: string;
  /** A district of the journey's own, made with this name, that the school belongs to (a district fund's journey). */
  district?: string;
}

/**
 * A new organization named `name`, owned by `ownerId`: with the record of the one named `copyOf`
 * (district, type, addresses) when given, else a bare one; no other member, ticket or request. Null
 * when no organization has the name `copyOf`.
 */
export async function copyOrganization(db: Executor, request: OrganizationRequest, ownerId: string) {
  let own = {};
  if (request.copyOf !== undefined) {
    const [source] = await db.select().from(organizations).where(eq(organizations.name, request.copyOf)).limit(1);
    if (!source) return null;
    const {
      id: _id,
      name: _name,
      ticketRecipientMembershipId: _recipient,
      createdAt: _created,
      updatedAt: _updated,
      ...record
    } = source;
    own = record;
  }
  if (request.district !== undefined) {
    const [district] = await db.insert(districts).values({ name: request.district }).returning({ id: districts.id });
    own = { ...own, districtId: district?.id ?? null };
  }
  const [copy] = await db
    .insert(organizations)
    .values({ ...own, name: request.name, createdById: ownerId })
    .returning({ id: organizations.id, name: organizations.name });
  if (!copy) return null;
  await db.insert(organizationMemberships).values({ organizationId: copy.id, userId: ownerId, role: 'OWNER' });
  return copy;
}

/** Journey people joining a journey school in the roles asked. */
export async function addJourneyMembers(
  db: Executor,
  organizationId: string,
  members: readonly { userId: string; role: 'ADMIN' | 'MEMBER' }[],
): Promise<void> {
  if (members.length === 0) return;
  await db
    .insert(organizationMemberships)
    .values(members.map((member) => ({ organizationId, userId: member.userId, role: member.role })));
}

/**
 * A journey's own one-day event meeting `today`, with one section, a paid ticket of it for `holderId`,
 * `takerId` its attendance taker and, when asked, the default evaluation the certificate waits for.
 */
export async function createJourneyEvent(
  db: Executor,
  input: { name: string; today: string; holderId: string; takerId: string; evaluation: boolean },
) {
  const [event] = await db
    .insert(events)
    .values({
      name: input.name,
      kind: 'CONFERENCE_DAY',
      description: 'A journey’s own day.',
      locationName: 'Journey Hall',
      startDate: input.today,
      endDate: input.today,
      // Kept out of the catalogue the buying journeys walk.
      published: false,
    })
    .returning({ id: events.id, name: events.name });
  if (!event) throw new Error('journey event not created');
  const [ticketType] = await db
    .insert(eventTicketTypes)
    .values({ eventId: event.id, name: 'Day', priceCents: 10_000 })
    .returning({ id: eventTicketTypes.id });
  const [path] = await db
    .insert(eventPaths)
    .values({ eventId: event.id, name: 'first-year', level: 'FIRST_YEAR', position: 0 })
    .returning({ id: eventPaths.id });
  if (!ticketType || !path) throw new Error('journey event parts not created');
  const [grouping] = await db
    .insert(eventGroupings)
    .values({ pathId: path.id, name: 'Day', ticketsTaken: 1 })
    .returning({ id: eventGroupings.id });
  if (!grouping) throw new Error('journey grouping not created');
  const [section] = await db
    .insert(eventSections)
    .values({
      eventId: event.id,
      groupingId: grouping.id,
      title: 'Morning workshop',
      dates: [input.today],
      maxTickets: 10,
      ticketsTaken: 1,
    })
    .returning({ id: eventSections.id, title: eventSections.title });
  const [payment] = await db
    .insert(eventPayments)
    .values({
      userId: input.holderId,
      status: 'PAID',
      method: 'PURCHASE_ORDER',
      subtotalCents: 10_000,
      totalCents: 10_000,
      seatsHeld: true,
      paidAt: new Date(),
    })
    .returning({ id: eventPayments.id });
  if (!section || !payment) throw new Error('journey section or payment not created');
  const [item] = await db
    .insert(eventPaymentItems)
    .values({
      paymentId: payment.id,
      eventId: event.id,
      sectionId: section.id,
      ticketTypeId: ticketType.id,
      title: `${input.name}: ${section.title}`,
      numberOfTickets: 1,
      priceCents: 10_000,
    })
    .returning({ id: eventPaymentItems.id });
  if (!item) throw new Error('journey payment item not created');
  await db.insert(eventTickets).values({
    paymentItemId: item.id,
    userId: input.holderId,
    eventId: event.id,
    sectionId: section.id,
    position: 0,
    assignedById: input.holderId,
  });
  await db.insert(attendanceTakers).values({ userId: input.takerId, eventId: event.id, sectionId: null });
  if (input.evaluation)
    await db.insert(eventEvaluations).values({
      eventId: event.id,
      questions: defaultEvaluationForm,
      askWhen: 'EACH_DAY',
      requiredForCertificate: true,
      anonymous: false,
      facilitators: {},
    });
  return { id: event.id, name: event.name, sectionId: section.id, sectionTitle: section.title };
}

/** The day a journey's sale event falls on: far enough out to sort after the demo events and to be cancelled. */
const saleEventInDays = 300;

/**
 * A published conference day of the journey's own, on sale and cancellable by its buyer until the day
 * (policy 0 days before), with one section of 20 seats at $125.00: what a journey that buys and then
 * cancels buys, so no demo event's seats or policy change.
 */
export async function createSaleEvent(db: Executor, input: { name: string; today: string }) {
  const start = new Date(`${input.today}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() + saleEventInDays);
  const startDate = start.toISOString().slice(0, 10);
  const [event] = await db
    .insert(events)
    .values({
      name: input.name,
      kind: 'CONFERENCE_DAY',
      description: 'A journey’s own day on sale.',
      locationName: 'Journey Hall',
      startDate,
      endDate: startDate,
      published: true,
      cancelDaysBefore: 0,
    })
    .returning({ id: events.id, name: events.name });
  if (!event) throw new Error('journey sale event not created');
  await db.insert(eventTicketTypes).values({ eventId: event.id, name: 'Day', priceCents: 12_500 });
  const [path] = await db
    .insert(eventPaths)
    .values({ eventId: event.id, name: 'first-year', level: 'FIRST_YEAR', position: 0 })
    .returning({ id: eventPaths.id });
  if (!path) throw new Error('journey sale path not created');
  const [grouping] = await db
    .insert(eventGroupings)
    .values({ pathId: path.id, name: 'Morning' })
    .returning({ id: eventGroupings.id });
  if (!grouping) throw new Error('journey sale grouping not created');
  const [section] = await db
    .insert(eventSections)
    .values({
      eventId: event.id,
      groupingId: grouping.id,
      title: 'Journey workshop',
      dates: [startDate],
      maxTickets: 20,
    })
    .returning({ title: eventSections.title });
  if (!section) throw new Error('journey sale section not created');
  return { id: event.id, name: event.name, sectionTitle: section.title };
}
