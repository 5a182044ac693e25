// What bench/load.mjs and bench/crash.mjs sell and to whom, written straight into their fresh database before the app
// starts: schools (organizations), each with its owner (a simulated member, signed in: a session row, as
// bench/checkout.mjs makes them) and staff to allocate tickets to; conference days (path > groupings > sections, a
// grouping limit below the sum of its sections') and series events (an event-level limit), small enough to sell out
// within a run, so that buyers race for the last seats; one coupon with few uses.
import { randomUUID } from 'node:crypto';
// The benchmarks drive the server's own schema and session format, so they import server code.
/* eslint-disable no-restricted-imports */
import {
  coupons,
  eventGroupings,
  eventPaths,
  events,
  eventSections,
  eventTicketTypes,
} from '../../apps/server/src/db/schema/commerce.ts';
import { organizationMemberships, organizations } from '../../apps/server/src/db/schema/organizations.ts';
import { sessions, users } from '../../apps/server/src/db/schema/users.ts';
import { sessionCookie } from '../../apps/server/src/platform/sessions.ts';
import { newSecret } from '../../apps/server/src/platform/tokens.ts';
/* eslint-enable no-restricted-imports */

export const couponCode = 'LOADTEST10';

/** How the built app runs on a fixture's database: the demo card provider, no demo accounts, warnings only. */
export const appSettings = { SEED_DEMO: 'false', PAYMENT_PROVIDER: 'demo', LOG_LEVEL: 'warn' };
const staffPerSchool = 6;

/**
 * @param {import('drizzle-orm/node-postgres').NodePgDatabase} db
 * @param {{ members: number, conferenceDays?: number, seriesEvents?: number, sectionSeats?: number }} options
 * @returns the members ({ id, cookie, organizationId }) and what can be bought ({ eventId, ticketTypeIds, sectionId })
 */
export async function createLoadFixture(db, options) {
  const tag = randomUUID().slice(0, 8);
  const conferenceDays = options.conferenceDays ?? 4;
  const seriesEvents = options.seriesEvents ?? 3;
  const sectionSeats = options.sectionSeats ?? 30;
  const schools = await db
    .insert(organizations)
    .values(Array.from({ length: options.members }, (_, i) => ({ name: `Load School ${tag} ${i + 1}` })))
    .returning({ id: organizations.id });
  const people = await db
    .insert(users)
    .values(
      schools.flatMap((_, i) =>
        Array.from({ length: staffPerSchool + 1 }, (_, j) => ({
          email: `${j === 0 ? 'owner' : `staff${j}`}-${tag}-${i}@load.test`,
          firstName: j === 0 ? 'Owner' : `Staff ${j}`,
          lastName: `School ${i + 1}`,
        })),
      ),
    )
    .returning({ id: users.id });
  const ownerOf = (i) => people[i * (staffPerSchool + 1)];
  await db
    .insert(organizationMemberships)
    .values(
      schools.flatMap((school, i) =>
        people
          .slice(i * (staffPerSchool + 1), (i + 1) * (staffPerSchool + 1))
          .map((person, j) => ({ organizationId: school.id, userId: person.id, role: j === 0 ? 'OWNER' : 'MEMBER' })),
      ),
    );
  const secrets = schools.map(() => newSecret());
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  await db
    .insert(sessions)
    .values(schools.map((_, i) => ({ userId: ownerOf(i).id, tokenHash: secrets[i].hash, expiresAt })));

  const targets = [];
  for (let day = 0; day < conferenceDays; day += 1) {
    const [event] = await db
      .insert(events)
      .values({
        name: `Load Conference Day ${day + 1} ${tag}`,
        kind: 'CONFERENCE_DAY',
        published: true,
        startDate: `2099-0${(day % 9) + 1}-10`,
        endDate: `2099-0${(day % 9) + 1}-10`,
        description: 'Sessions on literacy and numeracy for every grade band.',
        // Buyers cancel in the mix (issue 38): cancellable until 7 days before, a $10 fee a ticket.
        cancelDaysBefore: 7,
        cancellationFeeType: 'FIXED',
        cancellationFeeValue: 1000,
      })
      .returning({ id: events.id });
    const ticketTypes = await db
      .insert(eventTicketTypes)
      .values([
        { eventId: event.id, name: 'Full day', priceCents: 14_900 },
        { eventId: event.id, name: 'Early bird', priceCents: 9_950 },
      ])
      .returning({ id: eventTicketTypes.id });
    const [path] = await db.insert(eventPaths).values({ eventId: event.id, name: 'First year' }).returning();
    for (const [g, name] of ['Morning', 'Afternoon'].entries()) {
      // Two thirds of its sections' seats: the grouping's limit is the one buyers run into first.
      const [grouping] = await db
        .insert(eventGroupings)
        .values({ pathId: path.id, name, position: g, maxTickets: Math.round(sectionSeats * 2) })
        .returning({ id: eventGroupings.id });
      for (let s = 0; s < 3; s += 1) {
        const [section] = await db
          .insert(eventSections)
          .values({
            eventId: event.id,
            groupingId: grouping.id,
            title: `${name} session ${s + 1}`,
            position: s,
            maxTickets: sectionSeats,
          })
          .returning({ id: eventSections.id });
        targets.push({ eventId: event.id, ticketTypeIds: ticketTypes.map((t) => t.id), sectionId: section.id });
      }
    }
  }
  for (let i = 0; i < seriesEvents; i += 1) {
    const [event] = await db
      .insert(events)
      .values({
        name: `Load Series ${i + 1} ${tag}`,
        kind: 'SERIES',
        published: true,
        startDate: `2099-1${i % 3}-01`,
        endDate: `2099-1${i % 3}-20`,
        maxTickets: sectionSeats * 2,
        cancelDaysBefore: 0,
      })
      .returning({ id: events.id });
    const [ticketType] = await db
      .insert(eventTicketTypes)
      .values({ eventId: event.id, name: 'Series pass', priceCents: 29_900 })
      .returning({ id: eventTicketTypes.id });
    targets.push({ eventId: event.id, ticketTypeIds: [ticketType.id], sectionId: null });
  }
  await db.insert(coupons).values({ code: couponCode, type: 'PERCENTAGE', discountPercentage: 10, maxUses: 25 });

  const members = schools.map((school, i) => ({
    id: ownerOf(i).id,
    organizationId: school.id,
    cookie: `${sessionCookie}=${secrets[i].secret}`,
  }));
  return { members, targets, eventIds: [...new Set(targets.map((target) => target.eventId))] };
}
