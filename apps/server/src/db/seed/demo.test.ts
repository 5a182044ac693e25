import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAdvancedEligible } from '@portal/domain/applications/rules.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { DatabaseHandle } from '../client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { pastEventsOf, readApplicationDetail } from '../../core/application-reads.ts';
import { eventApplications, legacyEventApplications } from '../schema/applications.ts';
import { eventPayments, events, eventTicketTypes } from '../schema/commerce.ts';
import { eventTickets } from '../schema/tickets.ts';
import {
  billingContacts,
  districts,
  invitations,
  organizationMembershipGrades,
  organizations,
} from '../schema/organizations.ts';
import { mailMessages } from '../schema/platform.ts';
import { users } from '../schema/users.ts';
import { seedDemo } from './demo.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
const now = new Date('2026-11-22T15:00:00Z');
const today = calendarDateIn(now, 'America/New_York');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
});
afterAll(async () => {
  await database?.close();
});

async function counts() {
  const db = database.db;
  const total = async (
    table:
      | typeof organizations
      | typeof districts
      | typeof billingContacts
      | typeof invitations
      | typeof mailMessages
      | typeof organizationMembershipGrades
      | typeof events
      | typeof eventApplications
      | typeof eventTickets
      | typeof legacyEventApplications,
  ) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    organizations: await total(organizations),
    districts: await total(districts),
    billingContacts: await total(billingContacts),
    invitations: await total(invitations),
    mail: await total(mailMessages),
    grades: await total(organizationMembershipGrades),
    events: await total(events),
    applications: await total(eventApplications),
    tickets: await total(eventTickets),
    legacyApplications: await total(legacyEventApplications),
  };
}

describe('demo seed', () => {
  it('fills the demo schools, invitations and 5,000 generated organizations, and a second run adds nothing', async () => {
    await seedDemo(database.db, 'http://portal.test', now);
    const first = await counts();
    expect(first).toMatchObject({
      organizations: 5002,
      districts: 201,
      billingContacts: 2,
      invitations: 2,
      // The two invitations' mails and one the outbox gave up on (demo-mail.ts).
      mail: 3,
      // Five before placement (issue 27) added eight accepted Coaching Institute applicants.
      applications: 13,
      tickets: 3,
      legacyApplications: 5,
    });
    expect(first.grades).toBeGreaterThan(10);

    const schools = await database.db
      .select({
        name: organizations.name,
        city: organizations.mailingCity,
        billing: organizations.billingAddressLine1,
        recipient: users.email,
      })
      .from(organizations)
      .innerJoin(sql`organization_memberships m`, sql`m.id = ${organizations.ticketRecipientMembershipId}`)
      .innerJoin(users, sql`${users.id} = m.user_id`)
      .where(isNotNull(organizations.ticketRecipientMembershipId));
    expect(schools).toEqual(
      expect.arrayContaining([
        {
          name: 'Lincoln Elementary School',
          city: 'Riverside',
          billing: '500 Main Street',
          recipient: 'admin.lincoln@demo.test',
        },
        {
          name: 'Washington Middle School',
          city: 'Riverside',
          billing: '500 Main Street',
          recipient: 'admin.washington@demo.test',
        },
      ]),
    );

    const [nina] = await database.db.select().from(users).where(eq(users.email, 'new.teacher@demo.test'));
    expect(nina?.passwordHash).toBeNull();
    const [invitation] = await database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.userId, nina?.id ?? ''), eq(invitations.status, 'SENT')));
    expect(invitation?.kind).toBe('ORGANIZATION');
    const [mail] = await database.db.select().from(mailMessages).where(eq(mailMessages.to, 'new.teacher@demo.test'));
    expect(mail?.subject).toBe('You are invited to Lincoln Elementary School');
    expect(mail?.text).toContain(`http://portal.test/members/accept-organization-invitation/${invitation?.code}`);
    const [district] = await database.db.select().from(invitations).where(eq(invitations.kind, 'DISTRICT'));
    expect(district?.status).toBe('SENT');

    await seedDemo(database.db, 'http://portal.test', new Date(now.getTime() + 86_400_000));
    expect(await counts()).toEqual(first);
  });
});

const userId = async (email: string) =>
  (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';

describe('demo event applications', () => {
  it('seeds the Coaching Institute with its ticket type, payment options, paths and questions', async () => {
    const [institute] = await database.db.select().from(events).where(eq(events.name, 'Coaching Institute'));
    expect(institute).toMatchObject({
      kind: 'INSTITUTE',
      eventType: 'Institute',
      eventSubtype: 'Coaching Writing',
      startDate: '2027-01-21',
      maxTickets: 40,
      published: true,
      acceptsApplications: true,
      paymentDueDays: 30,
    });
    const [ticketType] = await database.db
      .select()
      .from(eventTicketTypes)
      .where(eq(eventTicketTypes.id, institute?.applicationTicketTypeId ?? ''));
    expect(ticketType).toMatchObject({ name: 'Institute tuition', priceCents: 95_000, eventId: institute?.id });

    const counselorId = await userId('counselor.washington@demo.test');
    const [application] = await database.db
      .select({ id: eventApplications.id })
      .from(eventApplications)
      .where(eq(eventApplications.userId, counselorId));
    const detail = await readApplicationDetail(database.db, application?.id ?? '', today, counselorId);
    expect(detail?.event.finance).toEqual({
      dueDays: 30,
      paymentOptions: [
        { id: expect.any(String), label: 'Credit Card', method: 'CARD' },
        { id: expect.any(String), label: 'Purchase Order', method: 'PURCHASE_ORDER' },
      ],
    });
    expect(
      detail?.event.paths.map((path) => ({
        name: path.name,
        level: path.level,
        ranked: path.requireRankedSelection,
        amount: path.rankedSelectionAmount,
        groupings: path.groupings.map((g) => [g.name, g.sections.map((s) => s.title)]),
      })),
    ).toEqual([
      {
        name: 'First Year',
        level: 'FIRST_YEAR',
        ranked: true,
        amount: 2,
        groupings: [['Strands', ['Coaching Cycles', 'Data Conversations', 'Modeling Lessons']]],
      },
      {
        name: 'Advanced',
        level: 'ADVANCED',
        ranked: false,
        amount: 1,
        groupings: [['Advanced Strands', ['Leading Teams', 'Coaching Coaches']]],
      },
    ]);
    expect(
      detail?.event.questions.map(({ type, label, options, required }) => ({ type, label, options, required })),
    ).toEqual([
      { type: 'TEXTAREA', label: 'Why do you want to attend?', options: [], required: true },
      { type: 'CHECKBOX', label: 'Which grades do you coach?', options: ['K-2', '3-5', '6-8'], required: true },
      { type: 'TEXT', label: 'Anything else we should know?', options: [], required: false },
    ]);
  });

  it('gives the Washington coach an accepted application paid by card: a PAID payment of one institute seat, counted against the institute', async () => {
    const coachId = await userId('coach.washington@demo.test');
    const [application] = await database.db
      .select()
      .from(eventApplications)
      .where(eq(eventApplications.userId, coachId));
    expect(application?.status).toBe('ACCEPTED');
    const [payment] = await database.db
      .select()
      .from(eventPayments)
      .where(eq(eventPayments.applicationId, application?.id ?? ''));
    expect(payment).toMatchObject({
      userId: coachId,
      status: 'PAID',
      method: 'CARD',
      provider: 'demo',
      totalCents: 95_000,
      seatsHeld: true,
    });
    const [institute] = await database.db.select().from(events).where(eq(events.name, 'Coaching Institute'));
    expect(institute?.ticketsTaken).toBe(1);
  });

  it('gives the counselor an accepted application, complete in every step, awaiting a purchase order', async () => {
    const counselorId = await userId('counselor.washington@demo.test');
    const [application] = await database.db
      .select()
      .from(eventApplications)
      .where(eq(eventApplications.userId, counselorId));
    const detail = await readApplicationDetail(database.db, application?.id ?? '', today, counselorId);
    expect(detail).toMatchObject({
      status: 'ACCEPTED',
      generalInformationSaved: true,
      generalInformation: { firstName: 'Cora', lastName: 'Cruz', country: 'United States' },
      progress: { generalInformation: true, affiliation: true, section: true, questionnaire: true },
      paymentOption: { label: 'Purchase Order', method: 'PURCHASE_ORDER' },
      paymentStatus: 'AWAITING_PO',
      payment: null,
      amounts: { priceCents: 95_000, discountCents: 0, amountDueCents: 95_000 },
    });
    expect(detail?.requestedSections.map((s) => [s.title, s.ranking])).toEqual([
      ['Coaching Cycles', 1],
      ['Data Conversations', 2],
    ]);
    expect(detail?.event.paths.find((path) => path.level === 'ADVANCED')?.eligible).toBe(false);
  });

  it('opens the Advanced path to owner.washington through a paid ticket of a past institute, and to no one else', async () => {
    const [past] = await database.db.select().from(events).where(eq(events.name, 'Coaching Reading Institute (past)'));
    expect(past).toMatchObject({
      eventType: 'Institute',
      eventSubtype: 'Coaching Reading',
      published: false,
      ticketsTaken: 1,
    });
    expect(past?.endDate.localeCompare(today)).toBe(-1);
    const institute = { eventType: 'Institute', eventSubtype: 'Coaching Writing' };
    const ownerId = await userId('owner.washington@demo.test');
    const holders = await database.db
      .select({ userId: eventTickets.userId })
      .from(eventTickets)
      .where(eq(eventTickets.eventId, past?.id ?? ''));
    expect(holders).toEqual([{ userId: ownerId }]);
    expect(isAdvancedEligible(institute, await pastEventsOf(database.db, ownerId, today), today)).toBe(true);
    for (const email of ['teacher.lincoln@demo.test', 'counselor.washington@demo.test']) {
      expect(isAdvancedEligible(institute, await pastEventsOf(database.db, await userId(email), today), today)).toBe(
        false,
      );
    }
  });

  it('gives teacher.lincoln no application at all, and the counselor four legacy ones', async () => {
    const teacherId = await userId('teacher.lincoln@demo.test');
    expect(await database.db.select().from(eventApplications).where(eq(eventApplications.userId, teacherId))).toEqual(
      [],
    );
    expect(
      await database.db.select().from(legacyEventApplications).where(eq(legacyEventApplications.userId, teacherId)),
    ).toEqual([]);
    const legacy = await database.db
      .select()
      .from(legacyEventApplications)
      .where(eq(legacyEventApplications.userId, await userId('counselor.washington@demo.test')))
      .orderBy(asc(legacyEventApplications.createdAt));
    // One of each state: invoice pending, paid, invoice sent, to pay by card and by purchase order (with the
    // balance imported).
    expect(
      legacy.map((row) => [row.eventName, row.statusId, row.paymentStatusId, row.paymentTypeId, row.balanceCents]),
    ).toEqual([
      ['Early Literacy Institute 2018', 1, 5, 3, null],
      ['Summer Reading Institute 2019', 1, 2, 1, null],
      ['Literacy Leadership Institute 2020', 1, 6, 3, null],
      ['Writing Coaches Institute 2021', 1, 1, 4, 45_000],
      ['Math Leaders Institute 2022', 4, 1, 5, 60_000],
    ]);
  });
});
