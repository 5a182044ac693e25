import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { eventApplicationSections, eventApplications } from '../schema/applications.ts';
import { attendanceTakers } from '../schema/attendance.ts';
import {
  eventGroupings,
  eventPaths,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
  eventTicketTypes,
} from '../schema/commerce.ts';
import { eventTickets } from '../schema/tickets.ts';
import { users } from '../schema/users.ts';

/**
 * Attendance in the demo: the 'Literacy Coaching Days' run yesterday, today and tomorrow (UTC days,
 * so the provider's today is always among them), with a First Year and an Advanced section.
 * attendance@demo.test takes attendance for the whole event; teacher.lincoln@demo.test and
 * admin.lincoln@demo.test hold paid tickets for the First Year section, teacher.washington@demo.test
 * is an accepted applicant of the Advanced one. Created once, by the event's name.
 */
export const attendanceEventName = 'Literacy Coaching Days';
export const attendanceTakerEmail = 'attendance@demo.test';
const ticketHolderEmails = ['teacher.lincoln@demo.test', 'admin.lincoln@demo.test'];
const applicantEmail = 'teacher.washington@demo.test';
const buyerEmail = 'owner.lincoln@demo.test';

const daysFrom = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`demo ${what} not created`);
  return row;
}

export async function seedDemoAttendance(db: Executor, now: Date): Promise<void> {
  const [existing] = await db.select({ id: events.id }).from(events).where(eq(events.name, attendanceEventName));
  if (existing) return;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [attendanceTakerEmail, buyerEmail, applicantEmail, ...ticketHolderEmails]));
  const idOf = (email: string) => {
    const person = people.find((p) => p.email === email);
    if (!person) throw new Error(`demo user ${email} missing`);
    return person.id;
  };
  const dates = [daysFrom(now, -1), daysFrom(now, 0), daysFrom(now, 1)];
  const event = one(
    await db
      .insert(events)
      .values({
        name: attendanceEventName,
        kind: 'CONFERENCE_DAY',
        description: 'Three days of literacy coaching at Lincoln Elementary School.',
        locationName: 'Lincoln Elementary School, Hall B',
        startDate: dates[0] ?? '',
        endDate: dates[2] ?? '',
        daysBeforePurchaseClose: 0,
        // Sold out to Lincoln already: kept out of the catalogue the buying journeys walk.
        published: false,
      })
      .returning({ id: events.id }),
    'attendance event',
  );
  const ticketType = one(
    await db
      .insert(eventTicketTypes)
      .values({ eventId: event.id, name: 'Coaching days', priceCents: 34_500 })
      .returning(),
    'ticket type',
  );
  const sectionOf = async (level: 'FIRST_YEAR' | 'ADVANCED', position: number, title: string) => {
    const path = one(
      await db
        .insert(eventPaths)
        .values({ eventId: event.id, name: level === 'ADVANCED' ? 'advanced' : 'first-year', level, position })
        .returning(),
      'path',
    );
    const grouping = one(
      await db.insert(eventGroupings).values({ pathId: path.id, name: 'Coaching' }).returning(),
      'grouping',
    );
    const section = one(
      await db
        .insert(eventSections)
        .values({
          eventId: event.id,
          groupingId: grouping.id,
          title,
          dates,
          locationName: 'Lincoln Elementary School, Hall B',
          maxTickets: 30,
          ticketsTaken: level === 'FIRST_YEAR' ? 2 : 0,
        })
        .returning(),
      'section',
    );
    if (level === 'FIRST_YEAR')
      await db.update(eventGroupings).set({ ticketsTaken: 2 }).where(eq(eventGroupings.id, grouping.id));
    return { section, grouping };
  };
  const firstYear = await sectionOf('FIRST_YEAR', 0, 'Guided Reading Foundations');
  const advanced = await sectionOf('ADVANCED', 1, 'Coaching the Coaches');

  const payment = one(
    await db
      .insert(eventPayments)
      .values({
        userId: idOf(buyerEmail),
        status: 'PAID',
        method: 'PURCHASE_ORDER',
        subtotalCents: 69_000,
        totalCents: 69_000,
        seatsHeld: true,
        paidAt: now,
      })
      .returning(),
    'payment',
  );
  const item = one(
    await db
      .insert(eventPaymentItems)
      .values({
        paymentId: payment.id,
        eventId: event.id,
        sectionId: firstYear.section.id,
        ticketTypeId: ticketType.id,
        title: `${attendanceEventName}: Guided Reading Foundations`,
        numberOfTickets: 2,
        priceCents: 34_500,
      })
      .returning(),
    'payment item',
  );
  await db.insert(eventTickets).values(
    ticketHolderEmails.map((email, position) => ({
      paymentItemId: item.id,
      userId: idOf(email),
      eventId: event.id,
      sectionId: firstYear.section.id,
      position,
      assignedById: idOf(buyerEmail),
    })),
  );

  const application = one(
    await db
      .insert(eventApplications)
      .values({
        userId: idOf(applicantEmail),
        eventId: event.id,
        status: 'ACCEPTED',
        firstName: 'Maya',
        lastName: 'Morales',
        submittedAt: now,
        decidedAt: now,
        sectionsComplete: true,
        questionnaireComplete: true,
      })
      .returning(),
    'application',
  );
  await db.insert(eventApplicationSections).values({
    applicationId: application.id,
    sectionId: advanced.section.id,
    groupingId: advanced.grouping.id,
    ranking: null,
  });

  await db.insert(attendanceTakers).values({ userId: idOf(attendanceTakerEmail), eventId: event.id, sectionId: null });
}
