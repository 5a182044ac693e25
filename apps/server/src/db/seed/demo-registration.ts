import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { events, eventTicketTypes } from '../schema/commerce.ts';
import { eventGroupRegistrations } from '../schema/registration-requests.ts';

export const groupRetreat = 'Team Literacy Retreat';

/** ISO date `days` after `from` (UTC calendar). */
const daysFrom = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An event open to group registration: schools send teams, so 'Request seats' is offered on its page
 * at $125 a seat, and past 10 paid seats up to 2 seats are free. Idempotent: the event is found by name.
 */
export async function seedDemoRegistration(db: Executor, today: Date): Promise<void> {
  const [found] = await db.select({ id: events.id }).from(events).where(eq(events.name, groupRetreat));
  let eventId = found?.id;
  if (!eventId) {
    const [event] = await db
      .insert(events)
      .values({
        name: groupRetreat,
        kind: 'SERIES',
        description:
          'Two days for school literacy teams: bring your team and plan the year together. Register your team with Request seats.',
        locationName: 'Riverside Conference Center',
        startDate: daysFrom(today, 75),
        endDate: daysFrom(today, 76),
        daysBeforePurchaseClose: 7,
        maxTickets: 80,
      })
      .returning({ id: events.id });
    if (!event) throw new Error('demo group registration event not created');
    eventId = event.id;
    await db.insert(eventTicketTypes).values({ eventId, name: 'Retreat pass', priceCents: 15_000 });
  }
  await db
    .insert(eventGroupRegistrations)
    .values({ eventId, open: true, attendeeCostCents: 12_500, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: 2 })
    .onConflictDoNothing();
}
