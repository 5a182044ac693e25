import { inArray } from 'drizzle-orm';
import type { EventKind } from '@portal/domain/commerce/enums.ts';
import type { GradeBand } from '@portal/domain/events/grade-bands.ts';
import type { Executor } from '../client.ts';
import { coupons, eventGroupings, eventPaths, events, eventSections, eventTicketTypes } from '../schema/commerce.ts';

/** ISO date `days` after `from` (UTC calendar). */
const daysFrom = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

interface DemoSection {
  title: string;
  maxTickets: number | null;
  isFree?: boolean;
  audienceType: string[];
  description: string;
}

interface DemoEvent {
  name: string;
  kind: EventKind;
  startInDays: number;
  lengthDays: number;
  daysBeforePurchaseClose: number;
  maxTickets: number | null;
  published: boolean;
  locationName: string;
  /** Empty for an event meant for every grade. */
  gradeBands: GradeBand[];
  description: string;
  ticketType: { name: string; priceCents: number };
  groupings?: { name: string; sections: DemoSection[] }[];
}

const demoEvents: DemoEvent[] = [
  {
    name: 'Fall Leadership Conference Day',
    kind: 'CONFERENCE_DAY',
    startInDays: 45,
    lengthDays: 0,
    daysBeforePurchaseClose: 14,
    maxTickets: null,
    published: true,
    locationName: 'Riverside Convention Center',
    gradeBands: ['LEADERS'],
    description: 'A day of workshops for school leaders and coaches: choose one morning and one afternoon section.',
    ticketType: { name: 'Conference day', priceCents: 14_900 },
    groupings: [
      {
        name: 'Morning',
        sections: [
          {
            title: 'Coaching Writing',
            maxTickets: 40,
            audienceType: ['Coaches', 'Teachers'],
            description: 'Conferring with young writers, in practice.',
          },
          {
            title: 'Coaching Reading',
            maxTickets: 40,
            audienceType: ['Coaches', 'Teachers'],
            description: 'Running records and small-group reading.',
          },
        ],
      },
      {
        name: 'Afternoon',
        sections: [
          {
            title: 'Data-Driven Instruction',
            maxTickets: 3,
            audienceType: ['School leaders'],
            description: 'Turning assessment data into next week’s plans.',
          },
          {
            title: 'Networking Lunch',
            maxTickets: null,
            isFree: true,
            audienceType: ['Everyone'],
            description: 'Meet colleagues from across the district.',
          },
        ],
      },
    ],
  },
  {
    name: 'Reading Workshop Series',
    kind: 'SERIES',
    startInDays: 20,
    lengthDays: 42,
    daysBeforePurchaseClose: 3,
    maxTickets: 60,
    published: true,
    locationName: 'Online',
    gradeBands: ['PK-2', '3-5'],
    description: 'Six weekly sessions on the reading workshop, for K–5 teachers.',
    ticketType: { name: 'Series pass', priceCents: 8_900 },
  },
  {
    name: 'Summer Writing Institute',
    kind: 'INSTITUTE',
    startInDays: 200,
    lengthDays: 4,
    daysBeforePurchaseClose: 30,
    maxTickets: 100,
    published: true,
    locationName: 'Teachers College, New York',
    gradeBands: ['3-5', '6-8'],
    description: 'Five days of writing workshop study with staff developers.',
    ticketType: { name: 'Institute tuition', priceCents: 120_000 },
  },
  {
    name: 'Spring Literacy Summit',
    kind: 'SERIES',
    startInDays: -60,
    lengthDays: 1,
    daysBeforePurchaseClose: 7,
    maxTickets: 80,
    published: true,
    locationName: 'Riverside High School',
    gradeBands: ['6-8', '9-12'],
    description: 'Last spring’s summit (past: not in the catalogue).',
    ticketType: { name: 'Summit pass', priceCents: 9_900 },
  },
  {
    name: 'Winter Math Conference (draft)',
    kind: 'CONFERENCE_DAY',
    startInDays: 90,
    lengthDays: 0,
    daysBeforePurchaseClose: 14,
    maxTickets: null,
    published: false,
    locationName: 'Riverside Convention Center',
    gradeBands: [],
    description: 'Not published yet: only staff see it.',
    ticketType: { name: 'Conference day', priceCents: 12_900 },
    groupings: [
      {
        name: 'Morning',
        sections: [
          { title: 'Number Talks', maxTickets: 30, audienceType: ['Teachers'], description: 'Mental math routines.' },
        ],
      },
    ],
  },
];

async function seedEvent(db: Executor, demo: DemoEvent, today: Date): Promise<void> {
  const startDate = daysFrom(today, demo.startInDays);
  const [event] = await db
    .insert(events)
    .values({
      name: demo.name,
      kind: demo.kind,
      description: demo.description,
      locationName: demo.locationName,
      gradeBands: demo.gradeBands,
      startDate,
      endDate: daysFrom(today, demo.startInDays + demo.lengthDays),
      daysBeforePurchaseClose: demo.daysBeforePurchaseClose,
      maxTickets: demo.maxTickets,
      published: demo.published,
    })
    .returning({ id: events.id });
  if (!event) throw new Error(`demo event ${demo.name} not created`);
  await db.insert(eventTicketTypes).values({ eventId: event.id, ...demo.ticketType });
  if (!demo.groupings) return;
  const [path] = await db
    .insert(eventPaths)
    .values({ eventId: event.id, name: 'first-year' })
    .returning({ id: eventPaths.id });
  if (!path) throw new Error('demo path not created');
  for (const [groupingIndex, grouping] of demo.groupings.entries()) {
    const [row] = await db
      .insert(eventGroupings)
      .values({ pathId: path.id, name: grouping.name, position: groupingIndex })
      .returning({ id: eventGroupings.id });
    if (!row) throw new Error('demo grouping not created');
    await db.insert(eventSections).values(
      grouping.sections.map((section, position) => ({
        eventId: event.id,
        groupingId: row.id,
        title: section.title,
        dates: [startDate],
        locationName: demo.locationName,
        audienceType: section.audienceType,
        description: section.description,
        isFree: section.isFree ?? false,
        maxTickets: section.maxTickets,
        position,
      })),
    );
  }
}

/**
 * The demo catalogue: a conference day (a near-sold-out section, a free lunch), a series event, an
 * institute, a past event and an unpublished one, dated from `today`; and the coupons WELCOME10,
 * SAVE25 and EXPIRED5. Idempotent: an event that exists by name and a coupon by code are left alone.
 */
export async function seedDemoEvents(db: Executor, today: Date): Promise<void> {
  const existing = await db
    .select({ name: events.name })
    .from(events)
    .where(
      inArray(
        events.name,
        demoEvents.map((e) => e.name),
      ),
    );
  for (const demo of demoEvents) {
    if (!existing.some((e) => e.name === demo.name)) await seedEvent(db, demo, today);
  }
  await db
    .insert(coupons)
    .values([
      { code: 'WELCOME10', type: 'PERCENTAGE', discountPercentage: 10 },
      { code: 'SAVE25', type: 'FIXED', discountAmount: 2_500 },
      {
        code: 'EXPIRED5',
        type: 'PERCENTAGE',
        discountPercentage: 5,
        validUntil: new Date(today.getTime() - 10 * 86_400_000),
      },
    ])
    .onConflictDoNothing();
}

export const demoEventNames = demoEvents.map((e) => e.name);
