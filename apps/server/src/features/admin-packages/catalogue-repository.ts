import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  GroupSectionInput,
  PackageEventInput,
  PackageGroupInput,
  PackageInput,
  PackageInstituteInput,
  PdSessionGroupingInput,
  PdSessionInput,
} from '@portal/domain/packages/admin-contracts.ts';
import type { Database, Executor } from '../../db/client.ts';
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

/** The package catalogue editor's SQL (catalogue.ts): a package, its parts, and what the editor offers to pick. */

// ---------------------------------------------------------------- reads for the editor

/** Each package event's ticket type, by package event id. */
export function packageEventTicketTypes(db: Database, packageId: string) {
  return db
    .select({ id: packageEvents.id, ticketTypeId: eventTicketTypes.id, ticketTypeName: eventTicketTypes.name })
    .from(packageEvents)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, packageEvents.ticketTypeId))
    .where(eq(packageEvents.packageId, packageId));
}

/** The latest `limit` events, by start date. */
export function latestEventOptions(db: Database, limit: number) {
  return db
    .select({ id: events.id, name: events.name, startDate: events.startDate, kind: events.kind })
    .from(events)
    .orderBy(desc(events.startDate), asc(events.name))
    .limit(limit);
}

export function schoolYearOptions(db: Database) {
  return db
    .select({ id: schoolYears.id, name: schoolYears.name })
    .from(schoolYears)
    .orderBy(desc(schoolYears.startsOn));
}

/** The ticket types of the given events (none asked, none read), by name. */
export async function ticketTypesOfEvents(db: Database, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({
      id: eventTicketTypes.id,
      eventId: eventTicketTypes.eventId,
      name: eventTicketTypes.name,
      priceCents: eventTicketTypes.priceCents,
    })
    .from(eventTicketTypes)
    .where(inArray(eventTicketTypes.eventId, eventIds))
    .orderBy(asc(eventTicketTypes.name));
}

// ---------------------------------------------------------------- what a part refers to

export async function schoolYearExists(tx: Executor, schoolYearId: string) {
  const [year] = await tx.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.id, schoolYearId));
  return year !== undefined;
}

export async function packageEventChoiceExists(tx: Executor, eventId: string) {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  return event !== undefined;
}

export async function packageTicketTypeChoiceExists(tx: Executor, ticketTypeId: string, eventId: string) {
  const [type] = await tx
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(and(eq(eventTicketTypes.id, ticketTypeId), eq(eventTicketTypes.eventId, eventId)));
  return type !== undefined;
}

/** Locks the package row, so its parts' positions are counted by one change at a time; false when there is none. */
export async function lockCataloguePackage(tx: Executor, packageId: string) {
  const [row] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId)).for('update');
  return row !== undefined;
}

export async function packageIdOfGrouping(tx: Executor, groupingId: string) {
  const [row] = await tx
    .select({ packageId: packagePdSessionGroupings.packageId })
    .from(packagePdSessionGroupings)
    .where(eq(packagePdSessionGroupings.id, groupingId));
  return row?.packageId;
}

export async function packageIdOfGroup(tx: Executor, groupId: string) {
  const [row] = await tx
    .select({ packageId: packageGroups.packageId })
    .from(packageGroups)
    .where(eq(packageGroups.id, groupId));
  return row?.packageId;
}

export async function groupingIdOfPdSession(tx: Executor, pdSessionId: string) {
  const [row] = await tx
    .select({ groupingId: packagePdSessions.groupingId })
    .from(packagePdSessions)
    .where(eq(packagePdSessions.id, pdSessionId));
  return row?.groupingId;
}

export async function groupIdOfGroupSection(tx: Executor, sectionId: string) {
  const [row] = await tx
    .select({ groupId: packageGroupSections.packageGroupId })
    .from(packageGroupSections)
    .where(eq(packageGroupSections.id, sectionId));
  return row?.groupId;
}

export async function packageIdOfPackageEvent(tx: Executor, packageEventId: string) {
  const [row] = await tx
    .select({ packageId: packageEvents.packageId })
    .from(packageEvents)
    .where(eq(packageEvents.id, packageEventId));
  return row?.packageId;
}

export async function packageIdOfInstitute(tx: Executor, instituteId: string) {
  const [row] = await tx
    .select({ packageId: packageInstitutes.packageId })
    .from(packageInstitutes)
    .where(eq(packageInstitutes.id, instituteId));
  return row?.packageId;
}

// ---------------------------------------------------------------- columns of each part

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

const countOf = async (found: Promise<{ n: number }[]>) => (await found)[0]?.n ?? 0;

// ---------------------------------------------------------------- new rows, placed after their siblings

/** A new package, last of its school year; its id. */
export async function insertCataloguePackage(tx: Executor, input: PackageInput) {
  const n = await countOf(
    tx.select({ n: count() }).from(packages).where(eq(packages.schoolYearId, input.schoolYearId)),
  );
  const [row] = await tx
    .insert(packages)
    .values({ ...packageValues(input), position: n })
    .returning({ id: packages.id });
  if (!row) throw new Error('package not created');
  return row.id;
}

export async function insertPdSessionGrouping(tx: Executor, packageId: string, input: PdSessionGroupingInput) {
  const n = await countOf(
    tx.select({ n: count() }).from(packagePdSessionGroupings).where(eq(packagePdSessionGroupings.packageId, packageId)),
  );
  return inserted(
    await tx
      .insert(packagePdSessionGroupings)
      .values({ packageId, ...groupingValues(input), position: n })
      .returning({ id: packagePdSessionGroupings.id }),
  );
}

export async function insertPackageEvent(tx: Executor, packageId: string, input: PackageEventInput) {
  const n = await countOf(tx.select({ n: count() }).from(packageEvents).where(eq(packageEvents.packageId, packageId)));
  return inserted(
    await tx
      .insert(packageEvents)
      .values({ packageId, ...eventValues(input), position: n })
      .returning({ id: packageEvents.id }),
  );
}

export async function insertPackageGroup(tx: Executor, packageId: string, input: PackageGroupInput) {
  const n = await countOf(tx.select({ n: count() }).from(packageGroups).where(eq(packageGroups.packageId, packageId)));
  return inserted(
    await tx
      .insert(packageGroups)
      .values({ packageId, ...groupValues(input), position: n })
      .returning({ id: packageGroups.id }),
  );
}

export async function insertPackageInstitute(tx: Executor, packageId: string, input: PackageInstituteInput) {
  const n = await countOf(
    tx.select({ n: count() }).from(packageInstitutes).where(eq(packageInstitutes.packageId, packageId)),
  );
  return inserted(
    await tx
      .insert(packageInstitutes)
      .values({ packageId, ...instituteValues(input), position: n })
      .returning({ id: packageInstitutes.id }),
  );
}

export async function insertPackagePdSession(tx: Executor, groupingId: string, input: PdSessionInput) {
  const n = await countOf(
    tx.select({ n: count() }).from(packagePdSessions).where(eq(packagePdSessions.groupingId, groupingId)),
  );
  return inserted(
    await tx
      .insert(packagePdSessions)
      .values({ groupingId, ...sessionValues(input), position: n })
      .returning({ id: packagePdSessions.id }),
  );
}

export async function insertPackageGroupSection(tx: Executor, groupId: string, input: GroupSectionInput) {
  const n = await countOf(
    tx.select({ n: count() }).from(packageGroupSections).where(eq(packageGroupSections.packageGroupId, groupId)),
  );
  return inserted(
    await tx
      .insert(packageGroupSections)
      .values({ packageGroupId: groupId, ...sectionValues(input), position: n })
      .returning({ id: packageGroupSections.id }),
  );
}

// ---------------------------------------------------------------- edits

/** False when there is no such package. */
export async function updateCataloguePackage(tx: Executor, packageId: string, input: PackageInput) {
  const updated = await tx
    .update(packages)
    .set(packageValues(input))
    .where(eq(packages.id, packageId))
    .returning({ id: packages.id });
  return updated.length > 0;
}

export async function updatePdSessionGroupingRow(tx: Executor, id: string, input: PdSessionGroupingInput) {
  await tx.update(packagePdSessionGroupings).set(groupingValues(input)).where(eq(packagePdSessionGroupings.id, id));
}

export async function updatePackagePdSessionRow(tx: Executor, id: string, input: PdSessionInput) {
  await tx.update(packagePdSessions).set(sessionValues(input)).where(eq(packagePdSessions.id, id));
}

export async function updatePackageEventRow(tx: Executor, id: string, input: PackageEventInput) {
  await tx.update(packageEvents).set(eventValues(input)).where(eq(packageEvents.id, id));
}

export async function updatePackageGroupRow(tx: Executor, id: string, input: PackageGroupInput) {
  await tx.update(packageGroups).set(groupValues(input)).where(eq(packageGroups.id, id));
}

export async function updatePackageGroupSectionRow(tx: Executor, id: string, input: GroupSectionInput) {
  await tx.update(packageGroupSections).set(sectionValues(input)).where(eq(packageGroupSections.id, id));
}

export async function updatePackageInstituteRow(tx: Executor, id: string, input: PackageInstituteInput) {
  await tx.update(packageInstitutes).set(instituteValues(input)).where(eq(packageInstitutes.id, id));
}

// ------------------------------------------------ how many request selections a part has, and its delete

export function selectionsOfGrouping(tx: Executor, groupingId: string) {
  const sessions = tx
    .select({ id: packagePdSessions.id })
    .from(packagePdSessions)
    .where(eq(packagePdSessions.groupingId, groupingId));
  return countOf(
    tx
      .select({ n: count() })
      .from(packageRequestPdSessions)
      .where(inArray(packageRequestPdSessions.pdSessionId, sessions)),
  );
}

export function selectionsOfPdSession(tx: Executor, pdSessionId: string) {
  return countOf(
    tx
      .select({ n: count() })
      .from(packageRequestPdSessions)
      .where(eq(packageRequestPdSessions.pdSessionId, pdSessionId)),
  );
}

export function selectionsOfPackageEvent(tx: Executor, packageEventId: string) {
  return countOf(
    tx.select({ n: count() }).from(packageRequestEvents).where(eq(packageRequestEvents.packageEventId, packageEventId)),
  );
}

export function selectionsOfGroup(tx: Executor, groupId: string) {
  const sections = tx
    .select({ id: packageGroupSections.id })
    .from(packageGroupSections)
    .where(eq(packageGroupSections.packageGroupId, groupId));
  return countOf(
    tx
      .select({ n: count() })
      .from(packageRequestGroupSections)
      .where(inArray(packageRequestGroupSections.groupSectionId, sections)),
  );
}

export function selectionsOfGroupSection(tx: Executor, sectionId: string) {
  return countOf(
    tx
      .select({ n: count() })
      .from(packageRequestGroupSections)
      .where(eq(packageRequestGroupSections.groupSectionId, sectionId)),
  );
}

export function selectionsOfInstitute(tx: Executor, instituteId: string) {
  return countOf(
    tx
      .select({ n: count() })
      .from(packageRequestInstitutes)
      .where(eq(packageRequestInstitutes.packageInstituteId, instituteId)),
  );
}

export async function deletePdSessionGroupingRow(tx: Executor, id: string) {
  await tx.delete(packagePdSessionGroupings).where(eq(packagePdSessionGroupings.id, id));
}

export async function deletePackagePdSessionRow(tx: Executor, id: string) {
  await tx.delete(packagePdSessions).where(eq(packagePdSessions.id, id));
}

export async function deletePackageEventRow(tx: Executor, id: string) {
  await tx.delete(packageEvents).where(eq(packageEvents.id, id));
}

export async function deletePackageGroupRow(tx: Executor, id: string) {
  await tx.delete(packageGroups).where(eq(packageGroups.id, id));
}

export async function deletePackageGroupSectionRow(tx: Executor, id: string) {
  await tx.delete(packageGroupSections).where(eq(packageGroupSections.id, id));
}

export async function deletePackageInstituteRow(tx: Executor, id: string) {
  await tx.delete(packageInstitutes).where(eq(packageInstitutes.id, id));
}
