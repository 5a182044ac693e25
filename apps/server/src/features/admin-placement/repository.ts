import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PathLevel } from '@portal/domain/applications/rules.ts';
import type { Executor } from '../../db/client.ts';
import {
  eventApplicationPlacements,
  eventApplications,
  eventApplicationSections,
} from '../../db/schema/applications.ts';
import { eventGroupings, eventPaths, eventSections } from '../../db/schema/commerce.ts';
import { users } from '../../db/schema/users.ts';

/** Paths placed by ranking: ranked, section by section (events.md §5). */
const rankedPath = and(
  eq(eventPaths.requireRankedSelection, true),
  eq(eventPaths.applicationSelectionLevel, 'SECTIONS'),
);

export interface BoardGrouping {
  id: string;
  name: string;
  pathId: string;
  pathName: string;
  pathLevel: PathLevel;
  rankedSelectionAmount: number;
  maxTickets: number | null;
  ticketsTaken: number;
  sections: { id: string; title: string; maxTickets: number | null; ticketsTaken: number; placed: number }[];
}

/** The groupings of the event's ranked paths with their sections, counters and published places: two queries. */
export async function readGroupings(db: Executor, eventId: string): Promise<BoardGrouping[]> {
  const rows = await db
    .select({
      groupingId: eventGroupings.id,
      groupingName: eventGroupings.name,
      pathId: eventPaths.id,
      pathName: eventPaths.name,
      pathLevel: eventPaths.level,
      rankedSelectionAmount: eventPaths.rankedSelectionAmount,
      groupingMax: eventGroupings.maxTickets,
      groupingTaken: eventGroupings.ticketsTaken,
      id: eventSections.id,
      title: eventSections.title,
      maxTickets: eventSections.maxTickets,
      ticketsTaken: eventSections.ticketsTaken,
    })
    .from(eventSections)
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .innerJoin(eventPaths, eq(eventPaths.id, eventGroupings.pathId))
    .where(and(eq(eventSections.eventId, eventId), rankedPath))
    .orderBy(
      asc(eventPaths.position),
      asc(eventGroupings.position),
      asc(eventGroupings.id),
      asc(eventSections.position),
      asc(eventSections.id),
    );
  const placed = rows.length
    ? await db
        .select({ sectionId: eventApplicationPlacements.sectionId, placed: count() })
        .from(eventApplicationPlacements)
        .where(
          inArray(
            eventApplicationPlacements.sectionId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(eventApplicationPlacements.sectionId)
    : [];
  const placedIn = new Map(placed.map((row) => [row.sectionId, row.placed]));
  const groupings = new Map<string, BoardGrouping>();
  for (const row of rows) {
    const grouping = groupings.get(row.groupingId) ?? {
      id: row.groupingId,
      name: row.groupingName,
      pathId: row.pathId,
      pathName: row.pathName,
      pathLevel: row.pathLevel,
      rankedSelectionAmount: row.rankedSelectionAmount,
      maxTickets: row.groupingMax,
      ticketsTaken: row.groupingTaken,
      sections: [],
    };
    grouping.sections.push({
      id: row.id,
      title: row.title,
      maxTickets: row.maxTickets,
      ticketsTaken: row.ticketsTaken,
      placed: placedIn.get(row.id) ?? 0,
    });
    groupings.set(row.groupingId, grouping);
  }
  return [...groupings.values()];
}

function applicantFilter(eventId: string, search?: string): SQL | undefined {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(eventApplications.eventId, eventId),
    eq(eventApplications.status, 'ACCEPTED'),
    rankedPath,
    like ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.email, like)) : undefined,
  );
}

const applicantColumns = {
  applicationId: eventApplications.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  submittedAt: eventApplications.submittedAt,
  createdAt: eventApplications.createdAt,
  pathId: eventApplications.pathId,
  pathName: eventPaths.name,
};

/** Accepted applicants on a ranked path: all of them (a run), or one page with the total. */
export async function readApplicants(
  db: Executor,
  eventId: string,
  page?: { page: number; pageSize: number; search?: string | undefined },
) {
  const query = db
    .select(applicantColumns)
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .innerJoin(eventPaths, eq(eventPaths.id, eventApplications.pathId))
    .where(applicantFilter(eventId, page?.search))
    .orderBy(asc(eventApplications.submittedAt), asc(eventApplications.id))
    .$dynamic();
  if (!page) return { rows: await query, total: null };
  const rows = await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ total: count() })
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .innerJoin(eventPaths, eq(eventPaths.id, eventApplications.pathId))
    .where(applicantFilter(eventId, page.search));
  return { rows, total: total?.total ?? 0 };
}
export type ApplicantRow = Awaited<ReturnType<typeof readApplicants>>['rows'][number];

/** The ranked choices of the given applications (all of an event's when ids is null): one query. */
export async function readChoices(db: Executor, eventId: string, applicationIds: readonly string[] | null) {
  if (applicationIds?.length === 0) return [];
  return db
    .select({
      applicationId: eventApplicationSections.applicationId,
      sectionId: eventApplicationSections.sectionId,
      ranking: eventApplicationSections.ranking,
      sectionTitle: eventSections.title,
    })
    .from(eventApplicationSections)
    .innerJoin(eventApplications, eq(eventApplications.id, eventApplicationSections.applicationId))
    .innerJoin(eventSections, eq(eventSections.id, eventApplicationSections.sectionId))
    .where(
      and(
        eq(eventApplications.eventId, eventId),
        eq(eventApplications.status, 'ACCEPTED'),
        applicationIds ? inArray(eventApplicationSections.applicationId, [...applicationIds]) : undefined,
      ),
    )
    .orderBy(asc(eventApplicationSections.ranking));
}

/** The published places of the given applications (all of an event's when ids is null): one query. */
export async function readPlaces(db: Executor, eventId: string, applicationIds: readonly string[] | null) {
  if (applicationIds?.length === 0) return [];
  return db
    .select({
      applicationId: eventApplicationPlacements.applicationId,
      groupingId: eventApplicationPlacements.groupingId,
      sectionId: eventApplicationPlacements.sectionId,
      rank: eventApplicationPlacements.rank,
      handReason: eventApplicationPlacements.handReason,
      sectionTitle: eventSections.title,
    })
    .from(eventApplicationPlacements)
    .innerJoin(eventApplications, eq(eventApplications.id, eventApplicationPlacements.applicationId))
    .innerJoin(eventSections, eq(eventSections.id, eventApplicationPlacements.sectionId))
    .where(
      and(
        eq(eventApplications.eventId, eventId),
        eq(eventApplications.status, 'ACCEPTED'),
        applicationIds ? inArray(eventApplicationPlacements.applicationId, [...applicationIds]) : undefined,
      ),
    );
}
