import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { attendanceTakers } from '../db/schema/attendance.ts';
import { eventPaymentItems, eventSections } from '../db/schema/commerce.ts';
import { eventTickets } from '../db/schema/tickets.ts';
import { createCompleteApplication, createInstitute, setApplicationStatus } from './application-factories.ts';
import { createPayment } from './commerce-factories.ts';
import { createUser } from './factories.ts';

/**
 * An institute whose first section meets on the given days, with one paid ticket holder and one
 * accepted applicant in it (the applicant is also in the second section, as chosen), and a taker of
 * the first section only.
 */
export async function createAttendanceSection(db: Executor, dates: string[]) {
  const institute = await createInstitute(db);
  const [section, otherSection] = institute.firstYear.sections;
  if (!section || !otherSection) throw new Error('institute has no sections');
  await db.update(eventSections).set({ dates }).where(eq(eventSections.id, section.id));
  await db.update(eventSections).set({ dates }).where(eq(eventSections.id, otherSection.id));

  const buyer = await createUser(db, { firstName: 'Bea', lastName: 'Buyer' });
  const holder = await createUser(db, { firstName: 'Hal', lastName: 'Holder' });
  const payment = await createPayment(db, {
    userId: buyer.id,
    status: 'PAID',
    lines: [
      { eventId: institute.event.id, ticketTypeId: institute.ticketType.id, sectionId: section.id, numberOfTickets: 1 },
    ],
  });
  const [item] = await db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!item) throw new Error('payment item not created');
  await db
    .insert(eventTickets)
    .values({ paymentItemId: item.id, userId: holder.id, eventId: institute.event.id, sectionId: section.id });

  const applicant = await createUser(db, { firstName: 'Ada', lastName: 'Applicant' });
  const application = await createCompleteApplication(db, institute, applicant.id);
  await setApplicationStatus(db, application.id, 'ACCEPTED');

  const taker = await createUser(db, { firstName: 'Tess', lastName: 'Taker' });
  await db.insert(attendanceTakers).values({ userId: taker.id, eventId: institute.event.id, sectionId: section.id });
  return {
    institute,
    event: institute.event,
    section: { ...section, dates },
    otherSection,
    holder,
    applicant,
    taker,
    buyer,
  };
}
