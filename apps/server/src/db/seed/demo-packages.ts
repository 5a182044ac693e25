import { and, eq, inArray } from 'drizzle-orm';
import { schoolYearName } from '@portal/domain/lookups.ts';
import type { PackageRequestStatus, PdSessionSetting, TravelCostType } from '@portal/domain/packages/rules.ts';
import type { Executor } from '../client.ts';
import { events, eventTicketTypes } from '../schema/commerce.ts';
import { grades, schoolYears } from '../schema/lookups.ts';
import { organizations } from '../schema/organizations.ts';
import {
  packageEvents,
  packageGroups,
  packageGroupSections,
  packageInstitutes,
  packagePdSessionGroupings,
  packagePdSessions,
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstituteGrades,
  packageRequestInstitutes,
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
  events?: {
    eventId: string;
    ticketTypeId: string;
    minParticipants: number;
    maxParticipants: number;
    selectionInterval?: number;
    allowZeroSelection?: boolean;
  }[];
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
  institutes?: {
    eventId: string;
    participantCostCents: number;
    minParticipants: number;
    maxParticipants: number;
    allowZeroSelection?: boolean;
  }[];
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
        .values({
          packageId: pkg.id,
          title: grouping.title,
          description: grouping.description ?? '',
          minDays: grouping.minDays,
          position,
        })
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
export function fullPackageSpec(refs: {
  conference: { eventId: string; ticketTypeId: string };
  instituteEventId: string;
}): PackageSpec {
  return {
    name: fullPackageName,
    description:
      'A year of literacy coaching for your school: on-site and remote coaching days, conference seats, a leadership academy and institute places.',
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
          {
            name: 'On-site Literacy Coaching',
            setting: 'ON_SITE',
            minDays: 1,
            maxDays: 10,
            allowZeroSelection: true,
            dayRateCents: 250_000,
          },
          {
            name: 'Remote Coaching Sessions',
            setting: 'REMOTE',
            minDays: 2,
            maxDays: 6,
            allowZeroSelection: true,
            customSelections: [2, 4, 6],
            dayRateCents: 120_000,
          },
        ],
      },
      {
        title: 'Leadership Support',
        minDays: 0,
        sessions: [
          {
            name: 'Principal Walkthroughs',
            setting: 'ON_SITE',
            minDays: 2,
            maxDays: 4,
            selectionInterval: 2,
            allowZeroSelection: true,
            dayRateCents: 200_000,
          },
        ],
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
    institutes: [
      { eventId: refs.instituteEventId, participantCostCents: 180_000, minParticipants: 1, maxParticipants: 10 },
    ],
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
        sessions: [
          { name: 'On-site Staff Development Day', setting: 'ON_SITE', minDays: 1, maxDays: 5, dayRateCents: 300_000 },
        ],
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
/** The school whose submitted full-package request staff accept before its tickets are assigned. */
export const demoAssignmentSchool = 'Washington Middle School';
const demoAssignmentOwner = 'owner.washington@demo.test';

/**
 * A request of a package with something chosen in every step it has, amounts the package allows:
 * 4 days of its first PD session, 2 tickets of each event, 2 seats of its first group section and 1
 * of the others, 2 places of each institute (both in the first grade). Returns the request's id.
 */
export async function insertFullRequest(
  db: Executor,
  input: {
    packageId: string;
    organizationId: string;
    status: PackageRequestStatus;
    createdById: string | null;
    submittedAt: Date | null;
  },
): Promise<string> {
  const request = one(
    await db
      .insert(packageRequests)
      .values({
        packageId: input.packageId,
        organizationId: input.organizationId,
        status: input.status,
        createdById: input.createdById,
        submittedAt: input.submittedAt,
      })
      .returning({ id: packageRequests.id }),
    'package request',
  );
  const packageRequestId = request.id;
  const sessionRows = await db
    .select({ id: packagePdSessions.id })
    .from(packagePdSessions)
    .innerJoin(packagePdSessionGroupings, eq(packagePdSessionGroupings.id, packagePdSessions.groupingId))
    .where(eq(packagePdSessionGroupings.packageId, input.packageId))
    .orderBy(packagePdSessionGroupings.position, packagePdSessions.position);
  const eventRows = await db
    .select({ id: packageEvents.id })
    .from(packageEvents)
    .where(eq(packageEvents.packageId, input.packageId));
  const sectionRows = await db
    .select({ id: packageGroupSections.id })
    .from(packageGroupSections)
    .innerJoin(packageGroups, eq(packageGroups.id, packageGroupSections.packageGroupId))
    .where(eq(packageGroups.packageId, input.packageId))
    .orderBy(packageGroups.position, packageGroupSections.position);
  const instituteRows = await db
    .select({ id: packageInstitutes.id })
    .from(packageInstitutes)
    .where(eq(packageInstitutes.packageId, input.packageId));
  const [grade] = await db.select({ id: grades.id }).from(grades).orderBy(grades.sortOrder).limit(1);
  const [session] = sessionRows;
  if (session)
    await db.insert(packageRequestPdSessions).values({ packageRequestId, pdSessionId: session.id, requestedDays: 4 });
  if (eventRows.length > 0)
    await db
      .insert(packageRequestEvents)
      .values(eventRows.map((e) => ({ packageRequestId, packageEventId: e.id, requestedParticipants: 2 })));
  if (sectionRows.length > 0) {
    await db.insert(packageRequestGroupSections).values(
      sectionRows.map((section, index) => ({
        packageRequestId,
        groupSectionId: section.id,
        requestedParticipants: index === 0 ? 2 : 1,
      })),
    );
  }
  if (instituteRows.length > 0) {
    await db
      .insert(packageRequestInstitutes)
      .values(instituteRows.map((i) => ({ packageRequestId, packageInstituteId: i.id, requestedParticipants: 2 })));
    if (grade) {
      await db.insert(packageRequestInstituteGrades).values(
        instituteRows.map((i) => ({
          packageRequestId,
          packageInstituteId: i.id,
          gradeId: grade.id,
          participants: 2,
        })),
      );
    }
  }
  return packageRequestId;
}

/**
 * The current school year's catalogue and Lincoln Elementary's requests, one in each status; the
 * request with changes requested carries an amount staff overrode and a selection staff created.
 * Washington Middle School has submitted the full package, for staff to accept and its owner to
 * assign the tickets (package ticket assignment).
 * Idempotent: nothing is added once the full package exists.
 */
export async function seedDemoPackages(db: Executor, today: Date): Promise<void> {
  const startYear = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const [year] = await db
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(eq(schoolYears.name, schoolYearName(startYear)));
  if (!year) return;
  const [existing] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.schoolYearId, year.id), eq(packages.name, fullPackageName)));
  if (existing) return;
  const eventRows = await db
    .select({ id: events.id, name: events.name, ticketTypeId: eventTicketTypes.id })
    .from(events)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.eventId, events.id))
    .where(inArray(events.name, ['Fall Leadership Conference Day', 'Summer Writing Institute']));
  const conference = eventRows.find((row) => row.name === 'Fall Leadership Conference Day');
  const institute = eventRows.find((row) => row.name === 'Summer Writing Institute');
  const [school] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoPackageSchool));
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoPackageOwner));
  if (!conference || !institute || !school) return;
  const fullPackageId = await insertPackage(
    db,
    year.id,
    fullPackageSpec({
      conference: { eventId: conference.id, ticketTypeId: conference.ticketTypeId },
      instituteEventId: institute.id,
    }),
  );
  const [assignmentSchool] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoAssignmentSchool));
  const [assignmentOwner] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAssignmentOwner));
  if (assignmentSchool) {
    await insertFullRequest(db, {
      packageId: fullPackageId,
      organizationId: assignmentSchool.id,
      status: 'SUBMITTED',
      createdById: assignmentOwner?.id ?? null,
      submittedAt: today,
    });
  }
  for (const [index, { name, status }] of statusPackages.entries()) {
    const packageId = await insertPackage(db, year.id, staffOnlyPackageSpec(name, index + 1));
    const request = one(
      await db
        .insert(packageRequests)
        .values({
          packageId,
          organizationId: school.id,
          status,
          createdById: owner?.id ?? null,
          submittedAt: status === 'STARTED' ? null : today,
        })
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
