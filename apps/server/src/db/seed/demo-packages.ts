import { and, eq, inArray } from 'drizzle-orm';
import { schoolYearName } from '@portal/domain/lookups.ts';
import type { PackageRequestStatus, PdSessionSetting, TravelCostType } from '@portal/domain/package-rules.ts';
import type { Executor } from '../client.ts';
import { events, eventTicketTypes } from '../schema/commerce.ts';
import { schoolYears } from '../schema/lookups.ts';
import { organizations } from '../schema/organizations.ts';
import {
  packageEvents,
  packageGroups,
  packageGroupSections,
  packageInstitutes,
  packagePdSessionGroupings,
  packagePdSessions,
  packageRequestPdSessions,
  packageRequests,
  packages,
} from '../schema/packages.ts';
import { users } from '../schema/users.ts';

/** A package as the staff would set it up, with the events it sells referred to by id. */
export interface PackageSpec {
  name: string;
  description: string;
  minimumAmountCents: number;
  travelCost: { type: TravelCostType; amountCents: number };
  groupsDescription?: string;
  eventsDescription?: string;
  schoolBasedPdSessionsDescription?: string;
  position?: number;
  groupings?: {
    title: string;
    description?: string;
    minDays: number;
    sessions: {
      name: string;
      description?: string;
      setting: PdSessionSetting;
      minDays: number;
      maxDays: number;
      selectionInterval?: number;
      allowZeroSelection?: boolean;
      customSelections?: number[];
      dayRateCents: number;
    }[];
  }[];
  events?: { eventId: string; ticketTypeId: string; minParticipants: number; maxParticipants: number; selectionInterval?: number; allowZeroSelection?: boolean }[];
  groups?: {
    name: string;
    description?: string;
    requiredForPurchase?: boolean;
    minimumAmountCents?: number;
    attendeeCostCents: number;
    maxAttendees: number;
    freeSeatOffer?: { paidSeatsRequired: number; freeSeats: number };
    sections: { title: string; description?: string; maxTickets: number; staffDevelopers?: string }[];
  }[];
  institutes?: { eventId: string; participantCostCents: number; minParticipants: number; maxParticipants: number; allowZeroSelection?: boolean }[];
}

function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`${what} not created`);
  return row;
}

/** Inserts a package and everything it offers; returns the package's id. */
export async function insertPackage(db: Executor, schoolYearId: string, spec: PackageSpec): Promise<string> {
  const pkg = one(
    await db
      .insert(packages)
      .values({
        schoolYearId,
        name: spec.name,
        description: spec.description,
        groupsDescription: spec.groupsDescription ?? '',
        eventsDescription: spec.eventsDescription ?? '',
        schoolBasedPdSessionsDescription: spec.schoolBasedPdSessionsDescription ?? '',
        minimumAmountCents: spec.minimumAmountCents,
        travelCostType: spec.travelCost.type,
        travelCostAmountCents: spec.travelCost.amountCents,
        position: spec.position ?? 0,
      })
      .returning({ id: packages.id }),
    'package',
  );
  for (const [position, grouping] of (spec.groupings ?? []).entries()) {
    const row = one(
      await db
        .insert(packagePdSessionGroupings)
        .values({ packageId: pkg.id, title: grouping.title, description: grouping.description ?? '', minDays: grouping.minDays, position })
        .returning({ id: packagePdSessionGroupings.id }),
      'PD session grouping',
    );
    await db.insert(packagePdSessions).values(
      grouping.sessions.map((session, index) => ({
        groupingId: row.id,
        name: session.name,
        description: session.description ?? '',
        setting: session.setting,
        minDays: session.minDays,
        maxDays: session.maxDays,
        selectionInterval: session.selectionInterval ?? 1,
        allowZeroSelection: session.allowZeroSelection ?? false,
        useCustomSelection: Boolean(session.customSelections),
        customSelections: session.customSelections ?? [],
        dayRateCents: session.dayRateCents,
        position: index,
      })),
    );
  }
  if (spec.events?.length)
    await db.insert(packageEvents).values(
      spec.events.map((event, position) => ({
        packageId: pkg.id,
        eventId: event.eventId,
        ticketTypeId: event.ticketTypeId,
        minParticipants: event.minParticipants,
        maxParticipants: event.maxParticipants,
        selectionInterval: event.selectionInterval ?? 1,
        allowZeroSelection: event.allowZeroSelection ?? true,
        position,
      })),
    );
  for (const [position, group] of (spec.groups ?? []).entries()) {
    const row = one(
      await db
        .insert(packageGroups)
        .values({
          packageId: pkg.id,
          name: group.name,
          description: group.description ?? '',
          requiredForPurchase: group.requiredForPurchase ?? false,
          minimumAmountCents: group.minimumAmountCents ?? 0,
          attendeeCostCents: group.attendeeCostCents,
          maxAttendees: group.maxAttendees,
          enableFreeSeatOffer: Boolean(group.freeSeatOffer),
          paidSeatsRequiredForOffer: group.freeSeatOffer?.paidSeatsRequired ?? 0,
          freeSeatsInOffer: group.freeSeatOffer?.freeSeats ?? 0,
          position,
        })
        .returning({ id: packageGroups.id }),
      'package group',
    );
    await db.insert(packageGroupSections).values(
      group.sections.map((section, index) => ({
        packageGroupId: row.id,
        title: section.title,
        description: section.description ?? '',
        maxTickets: section.maxTickets,
        staffDevelopers: section.staffDevelopers ?? '',
        position: index,
      })),
    );
  }
  if (spec.institutes?.length)
    await db.insert(packageInstitutes).values(
      spec.institutes.map((institute, position) => ({
        packageId: pkg.id,
        eventId: institute.eventId,
        participantCostCents: institute.participantCostCents,
        minParticipants: institute.minParticipants,
        maxParticipants: institute.maxParticipants,
        allowZeroSelection: institute.allowZeroSelection ?? true,
        position,
      })),
    );
  return pkg.id;
}

export const fullPackageName = 'Comprehensive Literacy Partnership';
export const staffOnlyPackageName = 'Staff Development Days';

/** The package with every step: PD sessions, an event, a group with a free-seat offer, an institute. */
export function fullPackageSpec(refs: { conference: { eventId: string; ticketTypeId: string }; instituteEventId: string }): PackageSpec {
  return {
    name: fullPackageName,
    description: 'A year of literacy coaching for your school: on-site and remote coaching days, conference seats, a leadership academy and institute places.',
    schoolBasedPdSessionsDescription: 'Coaching days at your school, led by our staff developers.',
    eventsDescription: 'Seats at our conference days for your teachers.',
    groupsDescription: 'Cohorts that meet through the year.',
    minimumAmountCents: 1_500_000,
    travelCost: { type: 'ACTUAL_COST', amountCents: 45_000 },
    groupings: [
      {
        title: 'Literacy Coaching',
        description: 'Choose at least 4 coaching days in all.',
        minDays: 4,
        sessions: [
          { name: 'On-site Literacy Coaching', setting: 'ON_SITE', minDays: 1, maxDays: 10, allowZeroSelection: true, dayRateCents: 250_000 },
          { name: 'Remote Coaching Sessions', setting: 'REMOTE', minDays: 2, maxDays: 6, allowZeroSelection: true, customSelections: [2, 4, 6], dayRateCents: 120_000 },
        ],
      },
      {
        title: 'Leadership Support',
        minDays: 0,
        sessions: [{ name: 'Principal Walkthroughs', setting: 'ON_SITE', minDays: 2, maxDays: 4, selectionInterval: 2, allowZeroSelection: true, dayRateCents: 200_000 }],
      },
    ],
    events: [{ ...refs.conference, minParticipants: 1, maxParticipants: 20 }],
    groups: [
      {
        name: 'Leadership Academy',
        description: 'Monthly sessions for school leaders.',
        requiredForPurchase: true,
        minimumAmountCents: 150_000,
        attendeeCostCents: 50_000,
        maxAttendees: 20,
        freeSeatOffer: { paidSeatsRequired: 10, freeSeats: 2 },
        sections: [
          { title: 'Cohort A (on site)', maxTickets: 12, staffDevelopers: 'Dana Reyes' },
          { title: 'Virtual Cohort', maxTickets: 12, staffDevelopers: 'Sam Ortiz' },
        ],
      },
    ],
    institutes: [{ eventId: refs.instituteEventId, participantCostCents: 180_000, minParticipants: 1, maxParticipants: 10 }],
  };
}

export function staffOnlyPackageSpec(name = staffOnlyPackageName, position = 1): PackageSpec {
  return {
    name,
    description: 'On-site staff development days for the whole school.',
    schoolBasedPdSessionsDescription: 'Days at your school for all your staff.',
    minimumAmountCents: 500_000,
    travelCost: { type: 'FIXED_COST', amountCents: 30_000 },
    position,
    groupings: [
      {
        title: 'Staff Development',
        minDays: 2,
        sessions: [{ name: 'On-site Staff Development Day', setting: 'ON_SITE', minDays: 1, maxDays: 5, dayRateCents: 300_000 }],
      },
    ],
  };
}

/** One staff-options package per status the demo school's requests show (Choose Package stays on the full one). */
const statusPackages: { name: string; status: PackageRequestStatus }[] = [
  { name: staffOnlyPackageName, status: 'STARTED' },
  { name: 'Math Coaching Days', status: 'SUBMITTED' },
  { name: 'Writing Workshop Days', status: 'CHANGES_REQUESTED' },
  { name: 'Data Team Days', status: 'REOPENED' },
  { name: 'New Teacher Mentoring Days', status: 'ACCEPTED' },
  { name: 'Science Lab Days', status: 'REJECTED' },
  { name: 'Family Literacy Nights', status: 'WITHDRAWN' },
];

export const demoPackageSchool = 'Lincoln Elementary School';
const demoPackageOwner = 'owner.lincoln@demo.test';

/**
 * The current school year's catalogue and Lincoln Elementary's requests, one in each status; the
 * request with changes requested carries an amount staff overrode and a selection staff created.
 * Idempotent: nothing is added once the full package exists.
 */
export async function seedDemoPackages(db: Executor, today: Date): Promise<void> {
  const startYear = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const [year] = await db.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.name, schoolYearName(startYear)));
  if (!year) return;
  const [existing] = await db.select({ id: packages.id }).from(packages).where(and(eq(packages.schoolYearId, year.id), eq(packages.name, fullPackageName)));
  if (existing) return;
  const eventRows = await db
    .select({ id: events.id, name: events.name, ticketTypeId: eventTicketTypes.id })
    .from(events)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.eventId, events.id))
    .where(inArray(events.name, ['Fall Leadership Conference Day', 'Summer Writing Institute']));
  const conference = eventRows.find((row) => row.name === 'Fall Leadership Conference Day');
  const institute = eventRows.find((row) => row.name === 'Summer Writing Institute');
  const [school] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, demoPackageSchool));
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoPackageOwner));
  if (!conference || !institute || !school) return;
  await insertPackage(db, year.id, fullPackageSpec({ conference: { eventId: conference.id, ticketTypeId: conference.ticketTypeId }, instituteEventId: institute.id }));
  for (const [index, { name, status }] of statusPackages.entries()) {
    const packageId = await insertPackage(db, year.id, staffOnlyPackageSpec(name, index + 1));
    const request = one(
      await db
        .insert(packageRequests)
        .values({ packageId, organizationId: school.id, status, createdById: owner?.id ?? null, submittedAt: status === 'STARTED' ? null : today })
        .returning({ id: packageRequests.id }),
      'package request',
    );
    const [session] = await db
      .select({ id: packagePdSessions.id })
      .from(packagePdSessions)
      .innerJoin(packagePdSessionGroupings, eq(packagePdSessionGroupings.id, packagePdSessions.groupingId))
      .where(eq(packagePdSessionGroupings.packageId, packageId));
    if (!session) continue;
    const overridden = status === 'CHANGES_REQUESTED';
    await db.insert(packageRequestPdSessions).values({
      packageRequestId: request.id,
      pdSessionId: session.id,
      requestedDays: 2,
      overrideDate: overridden ? today.toISOString().slice(0, 10) : null,
      overrideAmount: overridden ? 3 : null,
      createdByInitiator: !overridden,
    });
  }
}
