import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicationStatus } from '@portal/domain/applications/rules.ts';
import type { Executor } from '../db/client.ts';
import {
  applicationQuestions,
  eventApplicationAnswers,
  eventApplicationSections,
  eventApplications,
  eventPaymentOptions,
} from '../db/schema/applications.ts';
import { eventGroupings, eventPaths, events, eventSections, eventTicketTypes } from '../db/schema/commerce.ts';
import { signedInUser } from './commerce-factories.ts';
import { addMembership, createOrganization } from './factories.ts';
import { call, type TestContext } from './harness.ts';

/**
 * An institute that takes applications, shaped like the demo's Coaching Institute, and applications
 * written straight into the tables: tests of later steps (paying, staff review) start from here.
 */

function created<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`${what} not created`);
  return row;
}

export async function createInstitute(
  db: Executor,
  fields: Partial<typeof events.$inferInsert> = {},
  priceCents = 95_000,
) {
  const event = created(
    await db
      .insert(events)
      .values({
        name: `Institute ${randomUUID().slice(0, 8)}`,
        kind: 'INSTITUTE',
        eventType: 'Institute',
        eventSubtype: 'Coaching Writing',
        startDate: '2027-01-20',
        endDate: '2027-01-22',
        maxTickets: 40,
        acceptsApplications: true,
        paymentDueDays: 30,
        ...fields,
      })
      .returning(),
    'event',
  );
  const ticketType = created(
    await db.insert(eventTicketTypes).values({ eventId: event.id, name: 'Institute tuition', priceCents }).returning(),
    'ticket type',
  );
  await db.update(events).set({ applicationTicketTypeId: ticketType.id }).where(eq(events.id, event.id));
  const [card, purchaseOrder] = await db
    .insert(eventPaymentOptions)
    .values([
      { eventId: event.id, label: 'Credit Card', method: 'CARD', position: 0 },
      { eventId: event.id, label: 'Purchase Order', method: 'PURCHASE_ORDER', position: 1 },
    ])
    .returning();
  const firstYear = created(
    await db
      .insert(eventPaths)
      .values({
        eventId: event.id,
        name: 'First Year',
        level: 'FIRST_YEAR',
        requireRankedSelection: true,
        rankedSelectionAmount: 2,
        position: 0,
      })
      .returning(),
    'path',
  );
  const strands = created(
    await db.insert(eventGroupings).values({ pathId: firstYear.id, name: 'Strands' }).returning(),
    'grouping',
  );
  const sections = await db
    .insert(eventSections)
    .values(
      ['Coaching Cycles', 'Data Conversations', 'Modeling Lessons'].map((title, position) => ({
        eventId: event.id,
        groupingId: strands.id,
        title,
        position,
      })),
    )
    .returning();
  const advanced = created(
    await db
      .insert(eventPaths)
      .values({ eventId: event.id, name: 'Advanced', level: 'ADVANCED', requireRankedSelection: false, position: 1 })
      .returning(),
    'path',
  );
  const advancedStrands = created(
    await db.insert(eventGroupings).values({ pathId: advanced.id, name: 'Advanced Strands' }).returning(),
    'grouping',
  );
  const advancedSections = await db
    .insert(eventSections)
    .values(
      ['Leading Teams', 'Coaching Coaches'].map((title, position) => ({
        eventId: event.id,
        groupingId: advancedStrands.id,
        title,
        position,
      })),
    )
    .returning();
  const [why, grades, anything] = await db
    .insert(applicationQuestions)
    .values([
      { eventId: event.id, type: 'TEXTAREA', label: 'Why do you want to attend?', required: true, position: 0 },
      {
        eventId: event.id,
        type: 'CHECKBOX',
        label: 'Which grades do you coach?',
        options: ['K-2', '3-5', '6-8'],
        required: true,
        position: 1,
      },
      { eventId: event.id, type: 'TEXT', label: 'Anything else we should know?', required: false, position: 2 },
    ])
    .returning();
  if (!card || !purchaseOrder || !why || !grades || !anything) throw new Error('institute not created');
  return {
    event: { ...event, applicationTicketTypeId: ticketType.id },
    ticketType,
    options: { card, purchaseOrder },
    firstYear: { path: firstYear, grouping: strands, sections },
    advanced: { path: advanced, grouping: advancedStrands, sections: advancedSections },
    questions: { why, grades, anything },
  };
}
export type Institute = Awaited<ReturnType<typeof createInstitute>>;

/**
 * An application with every step filled in (general information, a complete First Year selection,
 * every question answered) in the given status; ACCEPTED stands for the staff decision, whose route
 * belongs to the staff console.
 */
export async function createCompleteApplication(
  db: Executor,
  institute: Institute,
  userId: string,
  fields: { status?: ApplicationStatus; paymentOptionId?: string | null; couponId?: string | null } = {},
) {
  const status = fields.status ?? 'SUBMITTED';
  const now = new Date('2026-11-20T12:00:00Z');
  const application = created(
    await db
      .insert(eventApplications)
      .values({
        userId,
        eventId: institute.event.id,
        status,
        firstName: 'Cora',
        lastName: 'Cruz',
        address1: '1 Main Street',
        city: 'Springfield',
        stateProvince: 'IL',
        zipPostal: '62701',
        country: 'United States',
        phone: '5551234567',
        generalInformationSavedAt: now,
        pathId: institute.firstYear.path.id,
        sectionsComplete: true,
        questionnaireComplete: true,
        paymentOptionId: fields.paymentOptionId === undefined ? institute.options.card.id : fields.paymentOptionId,
        couponId: fields.couponId ?? null,
        submittedAt: status === 'STARTED' ? null : now,
      })
      .returning(),
    'application',
  );
  const [first, second] = institute.firstYear.sections;
  if (!first || !second) throw new Error('institute has no sections');
  await db.insert(eventApplicationSections).values([
    { applicationId: application.id, sectionId: first.id, groupingId: institute.firstYear.grouping.id, ranking: 1 },
    { applicationId: application.id, sectionId: second.id, groupingId: institute.firstYear.grouping.id, ranking: 2 },
  ]);
  await db.insert(eventApplicationAnswers).values([
    { applicationId: application.id, questionId: institute.questions.why.id, value: ['To grow as a coach'] },
    { applicationId: application.id, questionId: institute.questions.grades.id, value: ['K-2'] },
  ]);
  return application;
}

/** Sets an application's status directly, as a staff decision would. */
export async function setApplicationStatus(
  db: Executor,
  applicationId: string,
  status: ApplicationStatus,
): Promise<void> {
  await db
    .update(eventApplications)
    .set({ status, decidedAt: new Date() })
    .where(eq(eventApplications.id, applicationId));
}

/**
 * An applicant (member of a school, whose ADMIN is returned too) with an accepted application paid by
 * card through the demo provider, as the pay route and the provider leave it: a PAID payment of one
 * institute seat.
 */
export async function paidInstituteSeat(t: TestContext) {
  const institute = await createInstitute(t.deps.db);
  const applicant = await signedInUser(t, 'MEMBER', { firstName: 'Cora' });
  const schoolAdmin = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, applicant.user.id);
  await addMembership(t.deps.db, organization.id, schoolAdmin.user.id, 'ADMIN');
  const application = await createCompleteApplication(t.deps.db, institute, applicant.user.id, { status: 'ACCEPTED' });
  const pay = await call(t.app, 'POST', `/api/event-applications/${application.id}/pay`, {
    caller: applicant.caller,
    headers: { 'idempotency-key': randomUUID() },
  });
  const { eventPaymentId } = pay.json<{ eventPaymentId: string }>();
  const demo = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
    caller: applicant.caller,
    body: { outcome: 'succeed' },
  });
  if (demo.statusCode !== 200) throw new Error(demo.body);
  return { institute, applicant, schoolAdmin, organization, applicationId: application.id, eventPaymentId };
}
