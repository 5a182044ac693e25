import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  isPackageRequestEditable,
  packageMessages,
  packageStepList,
  packageTotals,
} from '@portal/domain/packages/rules.ts';
import type { PackageDetail, PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import type { Database, Executor } from '../db/client.ts';
import { events, eventTicketTypes } from '../db/schema/commerce.ts';
import { grades, positions, schoolYears } from '../db/schema/lookups.ts';
import { organizationMemberships, organizations } from '../db/schema/organizations.ts';
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
} from '../db/schema/packages.ts';
import { notFound } from '../platform/errors.ts';

/**
 * Reading a package and a package request whole, as the member's wizard, the staff review and the
 * review PDF all need it: a fixed number of queries per read, whatever the package holds.
 */

export const packageRequestNotFound = () => notFound(packageMessages.notFound);

export async function loadPackage(db: Executor, packageId: string): Promise<PackageDetail | null> {
  const [row] = await db
    .select({ pkg: packages, schoolYear: { id: schoolYears.id, name: schoolYears.name } })
    .from(packages)
    .innerJoin(schoolYears, eq(schoolYears.id, packages.schoolYearId))
    .where(eq(packages.id, packageId));
  if (!row) return null;
  const groupings = await db
    .select()
    .from(packagePdSessionGroupings)
    .where(eq(packagePdSessionGroupings.packageId, packageId))
    .orderBy(asc(packagePdSessionGroupings.position));
  const sessions = await db
    .select({ session: packagePdSessions })
    .from(packagePdSessions)
    .innerJoin(packagePdSessionGroupings, eq(packagePdSessionGroupings.id, packagePdSessions.groupingId))
    .where(eq(packagePdSessionGroupings.packageId, packageId))
    .orderBy(asc(packagePdSessions.position));
  const eventRows = await db
    .select({
      item: packageEvents,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      price: eventTicketTypes.priceCents,
    })
    .from(packageEvents)
    .innerJoin(events, eq(events.id, packageEvents.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, packageEvents.ticketTypeId))
    .where(eq(packageEvents.packageId, packageId))
    .orderBy(asc(packageEvents.position));
  const groupRows = await db
    .select()
    .from(packageGroups)
    .where(eq(packageGroups.packageId, packageId))
    .orderBy(asc(packageGroups.position));
  const sectionRows = await db
    .select({ section: packageGroupSections })
    .from(packageGroupSections)
    .innerJoin(packageGroups, eq(packageGroups.id, packageGroupSections.packageGroupId))
    .where(eq(packageGroups.packageId, packageId))
    .orderBy(asc(packageGroupSections.position));
  const instituteRows = await db
    .select({ item: packageInstitutes, name: events.name })
    .from(packageInstitutes)
    .innerJoin(events, eq(events.id, packageInstitutes.eventId))
    .where(eq(packageInstitutes.packageId, packageId))
    .orderBy(asc(packageInstitutes.position));
  const { pkg } = row;
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    groupsDescription: pkg.groupsDescription,
    eventsDescription: pkg.eventsDescription,
    schoolBasedPDSessionsDescription: pkg.schoolBasedPdSessionsDescription,
    schoolYear: row.schoolYear,
    minimumAmount: pkg.minimumAmountCents,
    travelCost: { type: pkg.travelCostType, amountPerDay: pkg.travelCostAmountCents },
    pdSessionGroupings: groupings.map((grouping) => ({
      id: grouping.id,
      title: grouping.title,
      description: grouping.description,
      minDays: grouping.minDays,
      pdSessions: sessions
        .filter(({ session }) => session.groupingId === grouping.id)
        .map(({ session }) => ({
          id: session.id,
          name: session.name,
          description: session.description,
          setting: session.setting,
          minDays: session.minDays,
          maxDays: session.maxDays,
          selectionInterval: session.selectionInterval,
          allowZeroSelection: session.allowZeroSelection,
          useCustomSelection: session.useCustomSelection,
          customSelections: session.customSelections,
          dayRate: session.dayRateCents,
        })),
    })),
    events: eventRows.map(({ item, name, startDate, endDate, price }) => ({
      id: item.id,
      eventId: item.eventId,
      name,
      startDate,
      endDate,
      price,
      minParticipants: item.minParticipants,
      maxParticipants: item.maxParticipants,
      selectionInterval: item.selectionInterval,
      allowZeroSelection: item.allowZeroSelection,
    })),
    groups: groupRows.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      requiredForPurchase: group.requiredForPurchase,
      minimumAmount: group.minimumAmountCents,
      attendeeCost: group.attendeeCostCents,
      minAttendees: group.minAttendees,
      maxAttendees: group.maxAttendees,
      enableFreeSeatOffer: group.enableFreeSeatOffer,
      paidSeatsRequiredForOffer: group.paidSeatsRequiredForOffer,
      freeSeatsInOffer: group.freeSeatsInOffer,
      sections: sectionRows
        .filter(({ section }) => section.packageGroupId === group.id)
        .map(({ section }) => ({
          id: section.id,
          title: section.title,
          description: section.description,
          minTickets: section.minTickets,
          maxTickets: section.maxTickets,
          staffDevelopers: section.staffDevelopers,
        })),
    })),
    institutes: instituteRows.map(({ item, name }) => ({
      id: item.id,
      eventId: item.eventId,
      name,
      participantCost: item.participantCostCents,
      minParticipants: item.minParticipants,
      maxParticipants: item.maxParticipants,
      selectionInterval: item.selectionInterval,
      allowZeroSelection: item.allowZeroSelection,
    })),
  };
}

export async function loadSelections(
  db: Executor,
  packageRequestId: string,
): Promise<PackageRequestDetail['selections']> {
  const pdSessions = await db
    .select()
    .from(packageRequestPdSessions)
    .where(eq(packageRequestPdSessions.packageRequestId, packageRequestId));
  const eventRows = await db
    .select()
    .from(packageRequestEvents)
    .where(eq(packageRequestEvents.packageRequestId, packageRequestId));
  const sections = await db
    .select()
    .from(packageRequestGroupSections)
    .where(eq(packageRequestGroupSections.packageRequestId, packageRequestId));
  const institutes = await db
    .select()
    .from(packageRequestInstitutes)
    .where(eq(packageRequestInstitutes.packageRequestId, packageRequestId));
  const instituteGrades = await db
    .select()
    .from(packageRequestInstituteGrades)
    .where(eq(packageRequestInstituteGrades.packageRequestId, packageRequestId));
  return {
    pdSessions: pdSessions.map(({ pdSessionId, requestedDays, overrideDate, overrideAmount, createdByInitiator }) => ({
      pdSessionId,
      requestedDays,
      overrideDate,
      overrideAmount,
      createdByInitiator,
    })),
    events: eventRows.map(({ packageEventId, requestedParticipants, overrideDate, overrideAmount }) => ({
      packageEventId,
      requestedParticipants,
      overrideDate,
      overrideAmount,
    })),
    groupSections: sections.map(({ groupSectionId, requestedParticipants, overrideDate, overrideParticipants }) => ({
      groupSectionId,
      requestedParticipants,
      overrideDate,
      overrideParticipants,
    })),
    institutes: institutes.map((institute) => ({
      packageInstituteId: institute.packageInstituteId,
      requestedParticipants: institute.requestedParticipants,
      overrideDate: institute.overrideDate,
      overrideAmount: institute.overrideAmount,
      createdByInitiator: institute.createdByInitiator,
      grades: instituteGrades
        .filter((grade) => grade.packageInstituteId === institute.packageInstituteId)
        .map(({ gradeId, participants, overrideParticipants }) => ({ gradeId, participants, overrideParticipants })),
    })),
  };
}

export type PackageRequestRow = typeof packageRequests.$inferSelect;

/** The request row (locked for update inside a transaction when asked), or null. */
export async function findPackageRequest(
  db: Executor,
  packageRequestId: string,
  options: { lock?: boolean } = {},
): Promise<PackageRequestRow | null> {
  const query = db.select().from(packageRequests).where(eq(packageRequests.id, packageRequestId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface ManagedPackageRequest {
  request: PackageRequestRow;
  /** The caller's position in the organization (the assignments page shows PRINCIPAL the New York notice). */
  positionName: string | null;
}

/**
 * A package request the caller manages: an owner or admin of its organization through an active
 * membership. Anyone else gets the same 404 as for an unknown request, so ids reveal nothing. The
 * wizard and the assignments both start here; `lock` holds the request for the transaction's update.
 */
export async function managedPackageRequest(
  db: Executor,
  userId: string,
  packageRequestId: string,
  lock = false,
): Promise<ManagedPackageRequest> {
  const request = await findPackageRequest(db, packageRequestId, { lock });
  if (!request) throw packageRequestNotFound();
  const [membership] = await db
    .select({ role: organizationMemberships.role, positionName: positions.name })
    .from(organizationMemberships)
    .leftJoin(positions, eq(positions.id, organizationMemberships.positionId))
    .where(
      and(
        eq(organizationMemberships.organizationId, request.organizationId),
        eq(organizationMemberships.userId, userId),
        isNull(organizationMemberships.archivedAt),
      ),
    );
  if (membership?.role !== 'OWNER' && membership?.role !== 'ADMIN') throw packageRequestNotFound();
  return { request, positionName: membership.positionName };
}

/** The whole request as the wizard, the review and staff read it. */
export async function loadPackageRequestDetail(
  db: Database,
  request: PackageRequestRow,
): Promise<PackageRequestDetail> {
  const [pkg, selections, organizationRows, gradeRows] = await Promise.all([
    loadPackage(db, request.packageId),
    loadSelections(db, request.id),
    db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, request.organizationId)),
    db.select({ id: grades.id, name: grades.name }).from(grades).orderBy(asc(grades.sortOrder)),
  ]);
  const [organization] = organizationRows;
  if (!pkg || !organization) throw packageRequestNotFound();
  return {
    id: request.id,
    status: request.status,
    editable: isPackageRequestEditable(request.status),
    usingPtaFunds: request.usingPtaFunds,
    submittedAt: request.submittedAt?.toISOString() ?? null,
    organization,
    package: pkg,
    steps: packageStepList(pkg),
    selections,
    totals: packageTotals(pkg, selections),
    grades: gradeRows,
  };
}

/** How many requests each package has, for the staff catalogue: one grouped query. */
export async function requestCounts(db: Executor, packageIds: readonly string[]): Promise<Map<string, number>> {
  if (packageIds.length === 0) return new Map();
  const rows = await db
    .select({ packageId: packageRequests.packageId, requests: count() })
    .from(packageRequests)
    .where(inArray(packageRequests.packageId, [...packageIds]))
    .groupBy(packageRequests.packageId);
  return new Map(rows.map((row) => [row.packageId, row.requests]));
}

/** An organization's package requests, every school year, newest catalogue first (the organization page's affiliated packages). */
export async function organizationPackageRequests(
  db: Executor,
  organizationId: string,
): Promise<{ id: string; packageName: string; status: PackageRequestRow['status'] }[]> {
  return db
    .select({ id: packageRequests.id, packageName: packages.name, status: packageRequests.status })
    .from(packageRequests)
    .innerJoin(packages, eq(packages.id, packageRequests.packageId))
    .innerJoin(schoolYears, eq(schoolYears.id, packages.schoolYearId))
    .where(eq(packageRequests.organizationId, organizationId))
    .orderBy(desc(schoolYears.startsOn), asc(packages.position), asc(packages.name));
}
