import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  GroupSectionInput,
  PackageEventInput,
  PackageEventOptions,
  PackageGroupInput,
  PackageInput,
  PackageInstituteInput,
  PdSessionGroupingInput,
  PdSessionInput,
  StaffPackageDetail,
} from '@portal/domain/packages/admin-contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import type { AppDeps } from '../../app-deps.ts';
import { loadPackage, requestCounts } from '../../core/packages.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { events, eventTicketTypes } from '../../db/schema/commerce.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import {
  packageEvents,
  packageGroups,
  packageGroupSections,
  packageInstitutes,
  packagePdSessionGroupings,
  packagePdSessions,
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstitutes,
  packageRequestPdSessions,
  packages,
} from '../../db/schema/packages.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/**
 * The staff console's package catalogue editor (issue 13 'Staff console'): a package and its parts.
 * Every change runs in one transaction with its audit entry and answers the package as the editor
 * shows it. A part an organization selected in a request is not deleted (its selection would go).
 */

const m = staffPackageMessages;
const packageNotFound = () => notFound(m.packageNotFound);
const itemNotFound = () => notFound(m.itemNotFound);

export async function readStaffPackage(db: Database, packageId: string): Promise<StaffPackageDetail> {
  const [detail, ticketTypes, counts] = await Promise.all([
    loadPackage(db, packageId),
    db
      .select({ id: packageEvents.id, ticketTypeId: eventTicketTypes.id, ticketTypeName: eventTicketTypes.name })
      .from(packageEvents)
      .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, packageEvents.ticketTypeId))
      .where(eq(packageEvents.packageId, packageId)),
    requestCounts(db, [packageId]),
  ]);
  if (!detail) throw packageNotFound();
  const byEvent = new Map(ticketTypes.map((t) => [t.id, t]));
  return {
    ...detail,
    events: detail.events.map((event) => ({
      ...event,
      ticketTypeId: byEvent.get(event.id)?.ticketTypeId ?? '',
      ticketTypeName: byEvent.get(event.id)?.ticketTypeName ?? '',
    })),
    requests: counts.get(packageId) ?? 0,
  };
}

/** How many events the editor offers to choose from: the latest, by start date. */
const eventOptionLimit = 500;

/** The events a package may offer, latest first, with their ticket types (one query for all of them); and the school years. */
export async function packageEventOptions(deps: AppDeps): Promise<PackageEventOptions> {
  const [eventRows, years] = await Promise.all([
    deps.db
      .select({ id: events.id, name: events.name, startDate: events.startDate, kind: events.kind })
      .from(events)
      .orderBy(desc(events.startDate), asc(events.name))
      .limit(eventOptionLimit),
    deps.db
      .select({ id: schoolYears.id, name: schoolYears.name })
      .from(schoolYears)
      .orderBy(desc(schoolYears.startsOn)),
  ]);
  const ticketTypes =
    eventRows.length === 0
      ? []
      : await deps.db
          .select({
            id: eventTicketTypes.id,
            eventId: eventTicketTypes.eventId,
            name: eventTicketTypes.name,
            priceCents: eventTicketTypes.priceCents,
          })
          .from(eventTicketTypes)
          .where(
            inArray(
              eventTicketTypes.eventId,
              eventRows.map((e) => e.id),
            ),
          )
          .orderBy(asc(eventTicketTypes.name));
  return {
    events: eventRows.map((event) => ({
      ...event,
      ticketTypes: ticketTypes
        .filter((t) => t.eventId === event.id)
        .map(({ id, name, priceCents }) => ({ id, name, priceCents })),
    })),
    schoolYears: years,
  };
}

async function change(
  deps: AppDeps,
  auth: RequestAuth,
  action: string,
  act: (tx: Transaction) => Promise<{ packageId: string; subjectId: string }>,
) {
  let packageId = '';
  try {
    await deps.db.transaction(async (tx) => {
      const done = await act(tx);
      packageId = done.packageId;
      await audit(tx, {
        ...actorOf(auth),
        action: `package.${action}`,
        subjectType: 'package',
        subjectId: done.packageId,
        data: { item: done.subjectId },
      });
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'packages_year_name') throw conflict(m.nameTaken, { name: m.nameTaken });
    throw error;
  }
  return readStaffPackage(deps.db, packageId);
}

const packageValues = (input: PackageInput) => ({
  name: input.name,
  schoolYearId: input.schoolYearId,
  description: input.description,
  groupsDescription: input.groupsDescription,
  eventsDescription: input.eventsDescription,
  schoolBasedPdSessionsDescription: input.schoolBasedPDSessionsDescription,
  minimumAmountCents: input.minimumAmount,
  travelCostType: input.travelCostType,
  travelCostAmountCents: input.travelCostAmount,
});

async function requireSchoolYear(tx: Executor, schoolYearId: string) {
  const [year] = await tx.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.id, schoolYearId));
  if (!year) throw badRequest(m.schoolYearRequired, { schoolYearId: m.schoolYearRequired });
}

export async function createPackage(deps: AppDeps, auth: RequestAuth, input: PackageInput) {
  return change(deps, auth, 'create', async (tx) => {
    await requireSchoolYear(tx, input.schoolYearId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(packages)
      .where(eq(packages.schoolYearId, input.schoolYearId));
    const [row] = await tx
      .insert(packages)
      .values({ ...packageValues(input), position: n })
      .returning({ id: packages.id });
    if (!row) throw new Error('package not created');
    return { packageId: row.id, subjectId: row.id };
  });
}

export async function updatePackage(deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageInput) {
  return change(deps, auth, 'update', async (tx) => {
    await requireSchoolYear(tx, input.schoolYearId);
    const updated = await tx
      .update(packages)
      .set(packageValues(input))
      .where(eq(packages.id, packageId))
      .returning({ id: packages.id });
    if (updated.length === 0) throw packageNotFound();
    return { packageId, subjectId: packageId };
  });
}

async function requirePackage(tx: Executor, packageId: string) {
  const [row] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId)).for('update');
  if (!row) throw packageNotFound();
}

/** The event must exist, and the ticket type (for a package event) must be one of its own. */
async function requireEvent(tx: Executor, eventId: string, ticketTypeId?: string) {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw badRequest(m.eventRequired, { eventId: m.eventRequired });
  if (ticketTypeId === undefined) return;
  const [type] = await tx
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(and(eq(eventTicketTypes.id, ticketTypeId), eq(eventTicketTypes.eventId, eventId)));
  if (!type) throw badRequest(m.ticketTypeOfEvent, { ticketTypeId: m.ticketTypeOfEvent });
}

const groupingValues = (i: PdSessionGroupingInput) => ({
  title: i.title,
  description: i.description,
  minDays: i.minDays,
});
const sessionValues = (i: PdSessionInput) => ({
  name: i.name,
  description: i.description,
  setting: i.setting,
  minDays: i.minDays,
  maxDays: i.maxDays,
  selectionInterval: i.selectionInterval,
  allowZeroSelection: i.allowZeroSelection,
  useCustomSelection: i.useCustomSelection,
  customSelections: i.useCustomSelection ? [...i.customSelections].sort((a, b) => a - b) : [],
  dayRateCents: i.dayRate,
});
const eventValues = (i: PackageEventInput) => ({
  eventId: i.eventId,
  ticketTypeId: i.ticketTypeId,
  minParticipants: i.minParticipants,
  maxParticipants: i.maxParticipants,
  selectionInterval: i.selectionInterval,
  allowZeroSelection: i.allowZeroSelection,
});
const groupValues = (i: PackageGroupInput) => ({
  name: i.name,
  description: i.description,
  requiredForPurchase: i.requiredForPurchase,
  minimumAmountCents: i.minimumAmount,
  attendeeCostCents: i.attendeeCost,
  minAttendees: i.minAttendees,
  maxAttendees: i.maxAttendees,
  enableFreeSeatOffer: i.enableFreeSeatOffer,
  paidSeatsRequiredForOffer: i.enableFreeSeatOffer ? i.paidSeatsRequiredForOffer : 0,
  freeSeatsInOffer: i.enableFreeSeatOffer ? i.freeSeatsInOffer : 0,
});
const sectionValues = (i: GroupSectionInput) => ({
  title: i.title,
  description: i.description,
  minTickets: i.minTickets,
  maxTickets: i.maxTickets,
  staffDevelopers: i.staffDevelopers,
});
const instituteValues = (i: PackageInstituteInput) => ({
  eventId: i.eventId,
  participantCostCents: i.participantCost,
  minParticipants: i.minParticipants,
  maxParticipants: i.maxParticipants,
  selectionInterval: i.selectionInterval,
  allowZeroSelection: i.allowZeroSelection,
});

const inserted = (rows: { id: string }[]) => {
  const [row] = rows;
  if (!row) throw new Error('part not created');
  return row.id;
};

// ---------------------------------------------------------------- parts directly under a package

export const addGrouping = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PdSessionGroupingInput) =>
  change(deps, auth, 'grouping.add', async (tx) => {
    await requirePackage(tx, packageId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(packagePdSessionGroupings)
      .where(eq(packagePdSessionGroupings.packageId, packageId));
    const id = inserted(
      await tx
        .insert(packagePdSessionGroupings)
        .values({ packageId, ...groupingValues(input), position: n })
        .returning({ id: packagePdSessionGroupings.id }),
    );
    return { packageId, subjectId: id };
  });

export const addEvent = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageEventInput) =>
  change(deps, auth, 'event.add', async (tx) => {
    await requirePackage(tx, packageId);
    await requireEvent(tx, input.eventId, input.ticketTypeId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(packageEvents)
      .where(eq(packageEvents.packageId, packageId));
    const id = inserted(
      await tx
        .insert(packageEvents)
        .values({ packageId, ...eventValues(input), position: n })
        .returning({ id: packageEvents.id }),
    );
    return { packageId, subjectId: id };
  });

export const addGroup = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageGroupInput) =>
  change(deps, auth, 'group.add', async (tx) => {
    await requirePackage(tx, packageId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(packageGroups)
      .where(eq(packageGroups.packageId, packageId));
    const id = inserted(
      await tx
        .insert(packageGroups)
        .values({ packageId, ...groupValues(input), position: n })
        .returning({ id: packageGroups.id }),
    );
    return { packageId, subjectId: id };
  });

export const addInstitute = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageInstituteInput) =>
  change(deps, auth, 'institute.add', async (tx) => {
    await requirePackage(tx, packageId);
    await requireEvent(tx, input.eventId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(packageInstitutes)
      .where(eq(packageInstitutes.packageId, packageId));
    const id = inserted(
      await tx
        .insert(packageInstitutes)
        .values({ packageId, ...instituteValues(input), position: n })
        .returning({ id: packageInstitutes.id }),
    );
    return { packageId, subjectId: id };
  });

// ---------------------------------------------------------------- parts under a grouping or a group

async function packageOfGrouping(tx: Executor, groupingId: string) {
  const [row] = await tx
    .select({ packageId: packagePdSessionGroupings.packageId })
    .from(packagePdSessionGroupings)
    .where(eq(packagePdSessionGroupings.id, groupingId));
  if (!row) throw itemNotFound();
  return row.packageId;
}

async function packageOfGroup(tx: Executor, groupId: string) {
  const [row] = await tx
    .select({ packageId: packageGroups.packageId })
    .from(packageGroups)
    .where(eq(packageGroups.id, groupId));
  if (!row) throw itemNotFound();
  return row.packageId;
}

export const addPdSession = (deps: AppDeps, auth: RequestAuth, groupingId: string, input: PdSessionInput) =>
  change(deps, auth, 'pdSession.add', async (tx) => {
    const packageId = await packageOfGrouping(tx, groupingId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(packagePdSessions)
      .where(eq(packagePdSessions.groupingId, groupingId));
    const id = inserted(
      await tx
        .insert(packagePdSessions)
        .values({ groupingId, ...sessionValues(input), position: n })
        .returning({ id: packagePdSessions.id }),
    );
    return { packageId, subjectId: id };
  });

export const addGroupSection = (deps: AppDeps, auth: RequestAuth, groupId: string, input: GroupSectionInput) =>
  change(deps, auth, 'groupSection.add', async (tx) => {
    const packageId = await packageOfGroup(tx, groupId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(packageGroupSections)
      .where(eq(packageGroupSections.packageGroupId, groupId));
    const id = inserted(
      await tx
        .insert(packageGroupSections)
        .values({ packageGroupId: groupId, ...sectionValues(input), position: n })
        .returning({ id: packageGroupSections.id }),
    );
    return { packageId, subjectId: id };
  });

// ---------------------------------------------------------------- edits

export const updateGrouping = (deps: AppDeps, auth: RequestAuth, id: string, input: PdSessionGroupingInput) =>
  change(deps, auth, 'grouping.update', async (tx) => {
    const packageId = await packageOfGrouping(tx, id);
    await tx.update(packagePdSessionGroupings).set(groupingValues(input)).where(eq(packagePdSessionGroupings.id, id));
    return { packageId, subjectId: id };
  });

async function packageOfSession(tx: Executor, id: string) {
  const [row] = await tx
    .select({ groupingId: packagePdSessions.groupingId })
    .from(packagePdSessions)
    .where(eq(packagePdSessions.id, id));
  if (!row) throw itemNotFound();
  return packageOfGrouping(tx, row.groupingId);
}

export const updatePdSession = (deps: AppDeps, auth: RequestAuth, id: string, input: PdSessionInput) =>
  change(deps, auth, 'pdSession.update', async (tx) => {
    const packageId = await packageOfSession(tx, id);
    await tx.update(packagePdSessions).set(sessionValues(input)).where(eq(packagePdSessions.id, id));
    return { packageId, subjectId: id };
  });

async function packageOfEvent(tx: Executor, id: string) {
  const [row] = await tx
    .select({ packageId: packageEvents.packageId })
    .from(packageEvents)
    .where(eq(packageEvents.id, id));
  if (!row) throw itemNotFound();
  return row.packageId;
}

export const updateEvent = (deps: AppDeps, auth: RequestAuth, id: string, input: PackageEventInput) =>
  change(deps, auth, 'event.update', async (tx) => {
    const packageId = await packageOfEvent(tx, id);
    await requireEvent(tx, input.eventId, input.ticketTypeId);
    await tx.update(packageEvents).set(eventValues(input)).where(eq(packageEvents.id, id));
    return { packageId, subjectId: id };
  });

export const updateGroup = (deps: AppDeps, auth: RequestAuth, id: string, input: PackageGroupInput) =>
  change(deps, auth, 'group.update', async (tx) => {
    const packageId = await packageOfGroup(tx, id);
    await tx.update(packageGroups).set(groupValues(input)).where(eq(packageGroups.id, id));
    return { packageId, subjectId: id };
  });

async function packageOfSection(tx: Executor, id: string) {
  const [row] = await tx
    .select({ groupId: packageGroupSections.packageGroupId })
    .from(packageGroupSections)
    .where(eq(packageGroupSections.id, id));
  if (!row) throw itemNotFound();
  return packageOfGroup(tx, row.groupId);
}

export const updateGroupSection = (deps: AppDeps, auth: RequestAuth, id: string, input: GroupSectionInput) =>
  change(deps, auth, 'groupSection.update', async (tx) => {
    const packageId = await packageOfSection(tx, id);
    await tx.update(packageGroupSections).set(sectionValues(input)).where(eq(packageGroupSections.id, id));
    return { packageId, subjectId: id };
  });

async function packageOfInstitute(tx: Executor, id: string) {
  const [row] = await tx
    .select({ packageId: packageInstitutes.packageId })
    .from(packageInstitutes)
    .where(eq(packageInstitutes.id, id));
  if (!row) throw itemNotFound();
  return row.packageId;
}

export const updateInstitute = (deps: AppDeps, auth: RequestAuth, id: string, input: PackageInstituteInput) =>
  change(deps, auth, 'institute.update', async (tx) => {
    const packageId = await packageOfInstitute(tx, id);
    await requireEvent(tx, input.eventId);
    await tx.update(packageInstitutes).set(instituteValues(input)).where(eq(packageInstitutes.id, id));
    return { packageId, subjectId: id };
  });

// ---------------------------------------------------------------- deletes (refused once a request selected the part)

async function refuseWhenSelected(found: Promise<{ n: number }[]>) {
  const [row] = await found;
  if ((row?.n ?? 0) > 0) throw conflict(m.inUse);
}

export const deleteGrouping = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'grouping.delete', async (tx) => {
    const packageId = await packageOfGrouping(tx, id);
    const sessions = tx
      .select({ id: packagePdSessions.id })
      .from(packagePdSessions)
      .where(eq(packagePdSessions.groupingId, id));
    await refuseWhenSelected(
      tx
        .select({ n: count() })
        .from(packageRequestPdSessions)
        .where(inArray(packageRequestPdSessions.pdSessionId, sessions)),
    );
    await tx.delete(packagePdSessionGroupings).where(eq(packagePdSessionGroupings.id, id));
    return { packageId, subjectId: id };
  });

export const deletePdSession = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'pdSession.delete', async (tx) => {
    const packageId = await packageOfSession(tx, id);
    await refuseWhenSelected(
      tx.select({ n: count() }).from(packageRequestPdSessions).where(eq(packageRequestPdSessions.pdSessionId, id)),
    );
    await tx.delete(packagePdSessions).where(eq(packagePdSessions.id, id));
    return { packageId, subjectId: id };
  });

export const deleteEvent = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'event.delete', async (tx) => {
    const packageId = await packageOfEvent(tx, id);
    await refuseWhenSelected(
      tx.select({ n: count() }).from(packageRequestEvents).where(eq(packageRequestEvents.packageEventId, id)),
    );
    await tx.delete(packageEvents).where(eq(packageEvents.id, id));
    return { packageId, subjectId: id };
  });

export const deleteGroup = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'group.delete', async (tx) => {
    const packageId = await packageOfGroup(tx, id);
    const sections = tx
      .select({ id: packageGroupSections.id })
      .from(packageGroupSections)
      .where(eq(packageGroupSections.packageGroupId, id));
    await refuseWhenSelected(
      tx
        .select({ n: count() })
        .from(packageRequestGroupSections)
        .where(inArray(packageRequestGroupSections.groupSectionId, sections)),
    );
    await tx.delete(packageGroups).where(eq(packageGroups.id, id));
    return { packageId, subjectId: id };
  });

export const deleteGroupSection = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'groupSection.delete', async (tx) => {
    const packageId = await packageOfSection(tx, id);
    await refuseWhenSelected(
      tx
        .select({ n: count() })
        .from(packageRequestGroupSections)
        .where(eq(packageRequestGroupSections.groupSectionId, id)),
    );
    await tx.delete(packageGroupSections).where(eq(packageGroupSections.id, id));
    return { packageId, subjectId: id };
  });

export const deleteInstitute = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'institute.delete', async (tx) => {
    const packageId = await packageOfInstitute(tx, id);
    await refuseWhenSelected(
      tx
        .select({ n: count() })
        .from(packageRequestInstitutes)
        .where(eq(packageRequestInstitutes.packageInstituteId, id)),
    );
    await tx.delete(packageInstitutes).where(eq(packageInstitutes.id, id));
    return { packageId, subjectId: id };
  });
