import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PathLevel, PaymentOptionMethod } from '@portal/domain/applications/rules.ts';
import type { Executor } from '../client.ts';
import {
  applicationQuestions,
  eventApplicationAnswers,
  eventApplicationSections,
  eventApplications,
  eventPaymentOptions,
  legacyEventApplications,
} from '../schema/applications.ts';
import {
  eventGroupings,
  eventPaths,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
  eventTicketTypes,
} from '../schema/commerce.ts';
import { organizationMemberships } from '../schema/organizations.ts';
import { eventTickets } from '../schema/tickets.ts';
import { attendanceTakers } from '../schema/attendance.ts';
import { users } from '../schema/users.ts';

/**
 * Event applications in the demo: the Coaching Institute that takes them (paths, questions, payment
 * options), a past institute that opens its Advanced path to owner.washington@demo.test, an accepted
 * application of counselor.washington@demo.test waiting for a purchase order, one of
 * coach.washington@demo.test accepted and paid by card, eight more accepted applicants whose first
 * choices over-subscribe one strand (for placement), and four applications imported from the previous
 * system for counselor.washington@demo.test. attendance@demo.test takes the institute's attendance.
 * Each part is created once.
 */

export const coachingInstitute = 'Coaching Institute';
export const pastCoachingInstitute = 'Coaching Reading Institute (past)';
const counselorEmail = 'counselor.washington@demo.test';
const paidApplicantEmail = 'coach.washington@demo.test';
const pastAttendeeEmail = 'owner.washington@demo.test';
const legacyApplicantEmail = counselorEmail;
/** Takes the Coaching Institute's attendance too: after placement, each strand's list holds its placed applicants. */
const attendanceTakerEmail = 'attendance@demo.test';
/**
 * Imported from the previous system, one of each state its ids give: an invoice pending and an invoice
 * sent (states that exist only there), paid by card (Resources), and two accepted and unpaid with the balance the
 * import carried — one to pay by credit card (type 4), one by purchase order (type 5).
 */
const legacyApplications = [
  {
    legacyId: 'LEGACY-EA-2018-0007',
    eventName: 'Early Literacy Institute 2018',
    startDate: '2018-07-09',
    endDate: '2018-07-13',
    statusId: 1,
    paymentStatusId: 5,
    paymentTypeId: 3,
    balanceCents: null,
    createdAt: new Date('2018-04-03T14:00:00Z'),
  },
  {
    legacyId: 'LEGACY-EA-2019-0001',
    eventName: 'Summer Reading Institute 2019',
    startDate: '2019-07-08',
    endDate: '2019-07-12',
    statusId: 1,
    paymentStatusId: 2,
    paymentTypeId: 1,
    balanceCents: null,
    createdAt: new Date('2019-04-02T14:00:00Z'),
  },
  {
    legacyId: 'LEGACY-EA-2020-0004',
    eventName: 'Literacy Leadership Institute 2020',
    startDate: '2020-07-13',
    endDate: '2020-07-17',
    statusId: 1,
    paymentStatusId: 6,
    paymentTypeId: 3,
    balanceCents: null,
    createdAt: new Date('2020-03-10T14:00:00Z'),
  },
  {
    legacyId: 'LEGACY-EA-2021-0002',
    eventName: 'Writing Coaches Institute 2021',
    startDate: '2021-07-12',
    endDate: '2021-07-16',
    statusId: 1,
    paymentStatusId: 1,
    paymentTypeId: 4,
    balanceCents: 45_000,
    createdAt: new Date('2021-03-15T14:00:00Z'),
  },
  {
    legacyId: 'LEGACY-EA-2022-0003',
    eventName: 'Math Leaders Institute 2022',
    startDate: '2022-07-11',
    endDate: '2022-07-15',
    statusId: 4,
    paymentStatusId: 1,
    paymentTypeId: 5,
    balanceCents: 60_000,
    createdAt: new Date('2022-03-14T14:00:00Z'),
  },
];

/** ISO date `days` after `from` (UTC calendar). */
const daysFrom = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

interface DemoPath {
  name: string;
  level: PathLevel;
  requireRankedSelection: boolean;
  rankedSelectionAmount: number;
  grouping: string;
  sections: { title: string; description: string; maxTickets?: number }[];
}

const paths: DemoPath[] = [
  {
    name: 'First Year',
    level: 'FIRST_YEAR',
    requireRankedSelection: true,
    rankedSelectionAmount: 2,
    grouping: 'Strands',
    sections: [
      // Places are limited: the accepted applicants' first choices over-subscribe Coaching Cycles.
      {
        title: 'Coaching Cycles',
        description: 'Planning, teaching and debriefing a coaching cycle with one teacher.',
        maxTickets: 4,
      },
      {
        title: 'Data Conversations',
        description: 'Looking at student writing together to decide what to teach next.',
        maxTickets: 6,
      },
      {
        title: 'Modeling Lessons',
        description: 'Demonstration lessons teachers can watch, try and talk about.',
        maxTickets: 6,
      },
    ],
  },
  {
    name: 'Advanced',
    level: 'ADVANCED',
    requireRankedSelection: false,
    rankedSelectionAmount: 1,
    grouping: 'Advanced Strands',
    sections: [
      { title: 'Leading Teams', description: 'Facilitating grade-level teams across a school.' },
      { title: 'Coaching Coaches', description: 'Supporting new coaches in their first year.' },
    ],
  },
];

const questions = [
  { type: 'TEXTAREA', label: 'Why do you want to attend?', options: [], required: true },
  { type: 'CHECKBOX', label: 'Which grades do you coach?', options: ['K-2', '3-5', '6-8'], required: true },
  { type: 'TEXT', label: 'Anything else we should know?', options: [], required: false },
] as const;

function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`demo ${what} not created`);
  return row;
}

async function eventNamed(tx: Executor, name: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.name, name));
  return row?.id;
}

async function userNamed(tx: Executor, email: string) {
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

async function seedInstitute(tx: Executor, today: Date): Promise<string> {
  const startDate = daysFrom(today, 60);
  const event = one(
    await tx
      .insert(events)
      .values({
        name: coachingInstitute,
        kind: 'INSTITUTE',
        eventType: 'Institute',
        eventSubtype: 'Coaching Writing',
        description: 'Three days for literacy coaches. Apply, choose your strands, and pay once you are accepted.',
        locationName: 'Teachers College, New York',
        startDate,
        endDate: daysFrom(today, 62),
        daysBeforePurchaseClose: 0,
        maxTickets: 40,
        published: true,
        acceptsApplications: true,
        paymentDueDays: 30,
      })
      .returning({ id: events.id }),
    'institute',
  );
  const ticketType = one(
    await tx
      .insert(eventTicketTypes)
      .values({ eventId: event.id, name: 'Institute tuition', priceCents: 95_000 })
      .returning({ id: eventTicketTypes.id }),
    'ticket type',
  );
  await tx.update(events).set({ applicationTicketTypeId: ticketType.id }).where(eq(events.id, event.id));
  await tx.insert(eventPaymentOptions).values([
    { eventId: event.id, label: 'Credit Card', method: 'CARD', position: 0 },
    { eventId: event.id, label: 'Purchase Order', method: 'PURCHASE_ORDER', position: 1 },
  ]);
  for (const [position, demo] of paths.entries()) {
    const path = one(
      await tx
        .insert(eventPaths)
        .values({
          eventId: event.id,
          name: demo.name,
          level: demo.level,
          applicationSelectionLevel: 'SECTIONS',
          requireRankedSelection: demo.requireRankedSelection,
          rankedSelectionAmount: demo.rankedSelectionAmount,
          position,
        })
        .returning({ id: eventPaths.id }),
      'path',
    );
    const grouping = one(
      await tx
        .insert(eventGroupings)
        .values({ pathId: path.id, name: demo.grouping })
        .returning({ id: eventGroupings.id }),
      'grouping',
    );
    await tx.insert(eventSections).values(
      demo.sections.map((section, sectionPosition) => ({
        eventId: event.id,
        groupingId: grouping.id,
        title: section.title,
        description: section.description,
        dates: [startDate],
        locationName: 'Teachers College, New York',
        audienceType: ['Coaches'],
        maxTickets: section.maxTickets ?? null,
        position: sectionPosition,
      })),
    );
  }
  await tx.insert(applicationQuestions).values(
    questions.map((question, position) => ({
      ...question,
      options: [...question.options],
      eventId: event.id,
      position,
    })),
  );
  return event.id;
}

/** An unpublished institute that ended about two years ago, with a paid ticket held by the past attendee. */
async function seedPastInstitute(tx: Executor, today: Date): Promise<void> {
  const attendee = await userNamed(tx, pastAttendeeEmail);
  const event = one(
    await tx
      .insert(events)
      .values({
        name: pastCoachingInstitute,
        kind: 'INSTITUTE',
        eventType: 'Institute',
        eventSubtype: 'Coaching Reading',
        description: 'An earlier coaching institute (past and unpublished): its attendees may take the Advanced path.',
        locationName: 'Teachers College, New York',
        startDate: daysFrom(today, -732),
        endDate: daysFrom(today, -730),
        maxTickets: 40,
        ticketsTaken: attendee ? 1 : 0,
        published: false,
      })
      .returning({ id: events.id }),
    'past institute',
  );
  const ticketType = one(
    await tx
      .insert(eventTicketTypes)
      .values({ eventId: event.id, name: 'Institute tuition', priceCents: 90_000 })
      .returning({ id: eventTicketTypes.id }),
    'ticket type',
  );
  if (!attendee) return;
  const paidAt = new Date(today.getTime() - 800 * 86_400_000);
  const payment = one(
    await tx
      .insert(eventPayments)
      .values({
        userId: attendee.id,
        status: 'PAID',
        method: 'CARD',
        provider: 'demo',
        subtotalCents: 90_000,
        totalCents: 90_000,
        seatsHeld: true,
        paidAt,
        createdAt: paidAt,
      })
      .returning({ id: eventPayments.id }),
    'past payment',
  );
  const item = one(
    await tx
      .insert(eventPaymentItems)
      .values({
        paymentId: payment.id,
        eventId: event.id,
        ticketTypeId: ticketType.id,
        title: pastCoachingInstitute,
        numberOfTickets: 1,
        priceCents: 90_000,
      })
      .returning({ id: eventPaymentItems.id }),
    'past payment item',
  );
  await tx
    .insert(eventTickets)
    .values({ paymentItemId: item.id, userId: attendee.id, eventId: event.id, assignedById: attendee.id });
}

interface DemoApplicant {
  email: string;
  address1: string;
  phone: string;
  why: string;
  grades: string[];
  method: PaymentOptionMethod;
  /** Paid by card through the demo provider: the application's payment holds the institute seat. */
  paid: boolean;
  /** The First Year strands ranked, 1st choice first. */
  ranked: string[];
  submittedDaysAgo: number;
}

/**
 * The counselor's application, accepted and set to pay by purchase order; and the coach's, accepted
 * and paid by card (an institute seat in sight on Manage Events and on the staff payment page).
 */
const acceptedApplicants: DemoApplicant[] = [
  {
    email: counselorEmail,
    address1: '45 Washington Street',
    phone: '9145550188',
    why: 'To support the new writing teachers at Washington Middle School.',
    grades: ['6-8'],
    method: 'PURCHASE_ORDER',
    paid: false,
    ranked: ['Coaching Cycles', 'Data Conversations'],
    submittedDaysAgo: 5,
  },
  {
    email: paidApplicantEmail,
    address1: '12 Elm Street',
    phone: '9145550142',
    why: 'To coach the grade 6-8 writing teachers at Washington Middle School through their first conferences.',
    grades: ['6-8'],
    method: 'CARD',
    paid: true,
    ranked: ['Coaching Cycles', 'Data Conversations'],
    submittedDaysAgo: 5,
  },
  ...placementApplicants(),
];

/**
 * Eight more accepted applicants (who never sign in) so that placing the institute means something:
 * with the counselor and the coach, ten rank Coaching Cycles first for its four places.
 */
function placementApplicants(): DemoApplicant[] {
  const names = [
    'Ava Adams',
    'Ben Brooks',
    'Cleo Chen',
    'Dev Diaz',
    'Eve Evans',
    'Finn Foster',
    'Gia Garcia',
    'Hal Hughes',
  ];
  return names.map((name, index) => ({
    email: `${name.toLowerCase().replace(' ', '.')}@coaching.demo.test`,
    address1: `${20 + index} Main Street`,
    phone: `91455501${String(50 + index)}`,
    why: 'To coach the writing teachers in my building.',
    grades: [['K-2', '3-5', '6-8'][index % 3] ?? 'K-2'],
    method: index % 2 === 0 ? 'CARD' : 'PURCHASE_ORDER',
    paid: false,
    ranked: ['Coaching Cycles', index % 2 === 0 ? 'Data Conversations' : 'Modeling Lessons'],
    submittedDaysAgo: 12 - index,
  }));
}

/** The placement applicants' accounts: no password, they never sign in. */
async function seedPlacementApplicantUsers(tx: Executor): Promise<void> {
  const people = acceptedApplicants.filter((applicant) => applicant.email.endsWith('@coaching.demo.test'));
  await tx
    .insert(users)
    .values(
      people.map((person) => {
        const [firstName = '', lastName = ''] = person.email.split('@')[0]?.split('.') ?? [];
        const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
        return {
          email: person.email,
          passwordHash: null,
          firstName: capital(firstName),
          lastName: capital(lastName),
          city: 'Riverside',
          stateProvince: 'NY',
          country: 'United States',
        };
      }),
    )
    .onConflictDoNothing();
}

/** An accepted application, complete in every step, and for a paid one its PAID card payment holding the seat. */
async function seedAcceptedApplication(
  tx: Executor,
  instituteId: string,
  today: Date,
  applicant: DemoApplicant,
): Promise<void> {
  const user = await userNamed(tx, applicant.email);
  if (!user) return;
  const [existing] = await tx
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(and(eq(eventApplications.userId, user.id), eq(eventApplications.eventId, instituteId)));
  if (existing) return;
  const [option] = await tx
    .select({ id: eventPaymentOptions.id })
    .from(eventPaymentOptions)
    .where(and(eq(eventPaymentOptions.eventId, instituteId), eq(eventPaymentOptions.method, applicant.method)));
  const [firstYear] = await tx
    .select({ id: eventPaths.id })
    .from(eventPaths)
    .where(and(eq(eventPaths.eventId, instituteId), eq(eventPaths.level, 'FIRST_YEAR')));
  if (!option || !firstYear) return;
  const sections = await tx
    .select({ id: eventSections.id, groupingId: eventSections.groupingId, title: eventSections.title })
    .from(eventSections)
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .where(eq(eventGroupings.pathId, firstYear.id))
    .orderBy(eventSections.position);
  const eventQuestions = await tx
    .select({ id: applicationQuestions.id, label: applicationQuestions.label })
    .from(applicationQuestions)
    .where(eq(applicationQuestions.eventId, instituteId));
  const submittedAt = new Date(today.getTime() - applicant.submittedDaysAgo * 86_400_000);
  const staff = await userNamed(tx, 'staff@demo.test');
  const application = one(
    await tx
      .insert(eventApplications)
      .values({
        userId: user.id,
        eventId: instituteId,
        status: 'ACCEPTED',
        firstName: user.firstName,
        lastName: user.lastName,
        address1: applicant.address1,
        city: 'Riverside',
        stateProvince: 'NY',
        zipPostal: '10599',
        country: 'United States',
        phone: applicant.phone,
        generalInformationSavedAt: new Date(submittedAt.getTime() - 3_600_000),
        pathId: firstYear.id,
        sectionsComplete: true,
        questionnaireComplete: true,
        paymentOptionId: option.id,
        submittedAt,
        decidedAt: new Date(today.getTime() - 2 * 86_400_000),
        decidedById: staff?.id ?? null,
        createdAt: new Date(submittedAt.getTime() - 86_400_000),
      })
      .returning({ id: eventApplications.id }),
    'application',
  );
  await tx.insert(eventApplicationSections).values(
    applicant.ranked.flatMap((title, index) => {
      const section = sections.find((candidate) => candidate.title === title);
      return section
        ? [{ applicationId: application.id, sectionId: section.id, groupingId: section.groupingId, ranking: index + 1 }]
        : [];
    }),
  );
  const answers: Record<string, string[]> = {
    'Why do you want to attend?': [applicant.why],
    'Which grades do you coach?': applicant.grades,
  };
  const answered = eventQuestions.filter((question) => answers[question.label]);
  if (answered.length > 0) {
    await tx.insert(eventApplicationAnswers).values(
      answered.map((question) => ({
        applicationId: application.id,
        questionId: question.id,
        value: answers[question.label] ?? [],
      })),
    );
  }
  if (applicant.paid) await seedPaidSeat(tx, instituteId, user.id, application.id, today);
}

/** What paying an accepted application by card leaves: a PAID payment of one institute seat, counted against the institute. */
async function seedPaidSeat(
  tx: Executor,
  instituteId: string,
  userId: string,
  applicationId: string,
  today: Date,
): Promise<void> {
  const [ticketType] = await tx
    .select({ id: eventTicketTypes.id, priceCents: eventTicketTypes.priceCents, eventName: events.name })
    .from(events)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, events.applicationTicketTypeId))
    .where(eq(events.id, instituteId));
  if (!ticketType) return;
  const [membership] = await tx
    .select({ organizationId: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), isNull(organizationMemberships.archivedAt)));
  const paidAt = new Date(today.getTime() - 86_400_000);
  const payment = one(
    await tx
      .insert(eventPayments)
      .values({
        userId,
        organizationId: membership?.organizationId ?? null,
        status: 'PAID',
        method: 'CARD',
        provider: 'demo',
        subtotalCents: ticketType.priceCents,
        totalCents: ticketType.priceCents,
        seatsHeld: true,
        paidAt,
        applicationId,
        createdAt: paidAt,
      })
      .returning({ id: eventPayments.id }),
    'application payment',
  );
  await tx.insert(eventPaymentItems).values({
    paymentId: payment.id,
    eventId: instituteId,
    ticketTypeId: ticketType.id,
    title: ticketType.eventName,
    numberOfTickets: 1,
    priceCents: ticketType.priceCents,
  });
  await tx
    .update(events)
    .set({ ticketsTaken: sql`${events.ticketsTaken} + 1` })
    .where(eq(events.id, instituteId));
}

export async function seedDemoApplications(tx: Executor, today: Date): Promise<void> {
  const instituteId = (await eventNamed(tx, coachingInstitute)) ?? (await seedInstitute(tx, today));
  if (!(await eventNamed(tx, pastCoachingInstitute))) await seedPastInstitute(tx, today);
  await seedPlacementApplicantUsers(tx);
  for (const applicant of acceptedApplicants) await seedAcceptedApplication(tx, instituteId, today, applicant);
  const taker = await userNamed(tx, attendanceTakerEmail);
  if (taker) {
    const [granted] = await tx
      .select({ id: attendanceTakers.id })
      .from(attendanceTakers)
      .where(and(eq(attendanceTakers.userId, taker.id), eq(attendanceTakers.eventId, instituteId)));
    if (!granted) await tx.insert(attendanceTakers).values({ userId: taker.id, eventId: instituteId, sectionId: null });
  }
  const legacyApplicant = await userNamed(tx, legacyApplicantEmail);
  if (legacyApplicant) {
    await tx
      .insert(legacyEventApplications)
      .values(legacyApplications.map((application) => ({ userId: legacyApplicant.id, ...application })))
      .onConflictDoNothing({ target: legacyEventApplications.legacyId });
  }
}
