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
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import * as parts from './catalogue-repository.ts';

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
    parts.packageEventTicketTypes(db, packageId),
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
    parts.latestEventOptions(deps.db, eventOptionLimit),
    parts.schoolYearOptions(deps.db),
  ]);
  const ticketTypes = await parts.ticketTypesOfEvents(
    deps.db,
    eventRows.map((e) => e.id),
  );
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

async function requireSchoolYear(tx: Executor, schoolYearId: string) {
  if (!(await parts.schoolYearExists(tx, schoolYearId)))
    throw badRequest(m.schoolYearRequired, { schoolYearId: m.schoolYearRequired });
}

export async function createPackage(deps: AppDeps, auth: RequestAuth, input: PackageInput) {
  return change(deps, auth, 'create', async (tx) => {
    await requireSchoolYear(tx, input.schoolYearId);
    const id = await parts.insertCataloguePackage(tx, input);
    return { packageId: id, subjectId: id };
  });
}

export async function updatePackage(deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageInput) {
  return change(deps, auth, 'update', async (tx) => {
    await requireSchoolYear(tx, input.schoolYearId);
    if (!(await parts.updateCataloguePackage(tx, packageId, input))) throw packageNotFound();
    return { packageId, subjectId: packageId };
  });
}

async function requirePackage(tx: Executor, packageId: string) {
  if (!(await parts.lockCataloguePackage(tx, packageId))) throw packageNotFound();
}

/** The event must exist, and the ticket type (for a package event) must be one of its own. */
async function requireEvent(tx: Executor, eventId: string, ticketTypeId?: string) {
  if (!(await parts.packageEventChoiceExists(tx, eventId)))
    throw badRequest(m.eventRequired, { eventId: m.eventRequired });
  if (ticketTypeId === undefined) return;
  if (!(await parts.packageTicketTypeChoiceExists(tx, ticketTypeId, eventId)))
    throw badRequest(m.ticketTypeOfEvent, { ticketTypeId: m.ticketTypeOfEvent });
}

// ---------------------------------------------------------------- parts directly under a package

export const addGrouping = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PdSessionGroupingInput) =>
  change(deps, auth, 'grouping.add', async (tx) => {
    await requirePackage(tx, packageId);
    return { packageId, subjectId: await parts.insertPdSessionGrouping(tx, packageId, input) };
  });

export const addEvent = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageEventInput) =>
  change(deps, auth, 'event.add', async (tx) => {
    await requirePackage(tx, packageId);
    await requireEvent(tx, input.eventId, input.ticketTypeId);
    return { packageId, subjectId: await parts.insertPackageEvent(tx, packageId, input) };
  });

export const addGroup = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageGroupInput) =>
  change(deps, auth, 'group.add', async (tx) => {
    await requirePackage(tx, packageId);
    return { packageId, subjectId: await parts.insertPackageGroup(tx, packageId, input) };
  });

export const addInstitute = (deps: AppDeps, auth: RequestAuth, packageId: string, input: PackageInstituteInput) =>
  change(deps, auth, 'institute.add', async (tx) => {
    await requirePackage(tx, packageId);
    await requireEvent(tx, input.eventId);
    return { packageId, subjectId: await parts.insertPackageInstitute(tx, packageId, input) };
  });

// ---------------------------------------------------------------- parts under a grouping or a group

async function packageOfGrouping(tx: Executor, groupingId: string) {
  const packageId = await parts.packageIdOfGrouping(tx, groupingId);
  if (packageId === undefined) throw itemNotFound();
  return packageId;
}

async function packageOfGroup(tx: Executor, groupId: string) {
  const packageId = await parts.packageIdOfGroup(tx, groupId);
  if (packageId === undefined) throw itemNotFound();
  return packageId;
}

export const addPdSession = (deps: AppDeps, auth: RequestAuth, groupingId: string, input: PdSessionInput) =>
  change(deps, auth, 'pdSession.add', async (tx) => {
    const packageId = await packageOfGrouping(tx, groupingId);
    return { packageId, subjectId: await parts.insertPackagePdSession(tx, groupingId, input) };
  });

export const addGroupSection = (deps: AppDeps, auth: RequestAuth, groupId: string, input: GroupSectionInput) =>
  change(deps, auth, 'groupSection.add', async (tx) => {
    const packageId = await packageOfGroup(tx, groupId);
    return { packageId, subjectId: await parts.insertPackageGroupSection(tx, groupId, input) };
  });

// ---------------------------------------------------------------- edits

export const updateGrouping = (deps: AppDeps, auth: RequestAuth, id: string, input: PdSessionGroupingInput) =>
  change(deps, auth, 'grouping.update', async (tx) => {
    const packageId = await packageOfGrouping(tx, id);
    await parts.updatePdSessionGroupingRow(tx, id, input);
    return { packageId, subjectId: id };
  });

async function packageOfSession(tx: Executor, id: string) {
  const groupingId = await parts.groupingIdOfPdSession(tx, id);
  if (groupingId === undefined) throw itemNotFound();
  return packageOfGrouping(tx, groupingId);
}

export const updatePdSession = (deps: AppDeps, auth: RequestAuth, id: string, input: PdSessionInput) =>
  change(deps, auth, 'pdSession.update', async (tx) => {
    const packageId = await packageOfSession(tx, id);
    await parts.updatePackagePdSessionRow(tx, id, input);
    return { packageId, subjectId: id };
  });

async function packageOfEvent(tx: Executor, id: string) {
  const packageId = await parts.packageIdOfPackageEvent(tx, id);
  if (packageId === undefined) throw itemNotFound();
  return packageId;
}

export const updateEvent = (deps: AppDeps, auth: RequestAuth, id: string, input: PackageEventInput) =>
  change(deps, auth, 'event.update', async (tx) => {
    const packageId = await packageOfEvent(tx, id);
    await requireEvent(tx, input.eventId, input.ticketTypeId);
    await parts.updatePackageEventRow(tx, id, input);
    return { packageId, subjectId: id };
  });

export const updateGroup = (deps: AppDeps, auth: RequestAuth, id: string, input: PackageGroupInput) =>
  change(deps, auth, 'group.update', async (tx) => {
    const packageId = await packageOfGroup(tx, id);
    await parts.updatePackageGroupRow(tx, id, input);
    return { packageId, subjectId: id };
  });

async function packageOfSection(tx: Executor, id: string) {
  const groupId = await parts.groupIdOfGroupSection(tx, id);
  if (groupId === undefined) throw itemNotFound();
  return packageOfGroup(tx, groupId);
}

export const updateGroupSection = (deps: AppDeps, auth: RequestAuth, id: string, input: GroupSectionInput) =>
  change(deps, auth, 'groupSection.update', async (tx) => {
    const packageId = await packageOfSection(tx, id);
    await parts.updatePackageGroupSectionRow(tx, id, input);
    return { packageId, subjectId: id };
  });

async function packageOfInstitute(tx: Executor, id: string) {
  const packageId = await parts.packageIdOfInstitute(tx, id);
  if (packageId === undefined) throw itemNotFound();
  return packageId;
}

export const updateInstitute = (deps: AppDeps, auth: RequestAuth, id: string, input: PackageInstituteInput) =>
  change(deps, auth, 'institute.update', async (tx) => {
    const packageId = await packageOfInstitute(tx, id);
    await requireEvent(tx, input.eventId);
    await parts.updatePackageInstituteRow(tx, id, input);
    return { packageId, subjectId: id };
  });

// ---------------------------------------------------------------- deletes (refused once a request selected the part)

async function refuseWhenSelected(selections: Promise<number>) {
  if ((await selections) > 0) throw conflict(m.inUse);
}

export const deleteGrouping = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'grouping.delete', async (tx) => {
    const packageId = await packageOfGrouping(tx, id);
    await refuseWhenSelected(parts.selectionsOfGrouping(tx, id));
    await parts.deletePdSessionGroupingRow(tx, id);
    return { packageId, subjectId: id };
  });

export const deletePdSession = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'pdSession.delete', async (tx) => {
    const packageId = await packageOfSession(tx, id);
    await refuseWhenSelected(parts.selectionsOfPdSession(tx, id));
    await parts.deletePackagePdSessionRow(tx, id);
    return { packageId, subjectId: id };
  });

export const deleteEvent = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'event.delete', async (tx) => {
    const packageId = await packageOfEvent(tx, id);
    await refuseWhenSelected(parts.selectionsOfPackageEvent(tx, id));
    await parts.deletePackageEventRow(tx, id);
    return { packageId, subjectId: id };
  });

export const deleteGroup = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'group.delete', async (tx) => {
    const packageId = await packageOfGroup(tx, id);
    await refuseWhenSelected(parts.selectionsOfGroup(tx, id));
    await parts.deletePackageGroupRow(tx, id);
    return { packageId, subjectId: id };
  });

export const deleteGroupSection = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'groupSection.delete', async (tx) => {
    const packageId = await packageOfSection(tx, id);
    await refuseWhenSelected(parts.selectionsOfGroupSection(tx, id));
    await parts.deletePackageGroupSectionRow(tx, id);
    return { packageId, subjectId: id };
  });

export const deleteInstitute = (deps: AppDeps, auth: RequestAuth, id: string) =>
  change(deps, auth, 'institute.delete', async (tx) => {
    const packageId = await packageOfInstitute(tx, id);
    await refuseWhenSelected(parts.selectionsOfInstitute(tx, id));
    await parts.deletePackageInstituteRow(tx, id);
    return { packageId, subjectId: id };
  });
