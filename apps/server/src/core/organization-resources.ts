import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { SavedResource } from '@portal/domain/content/favourites.ts';
import {
  excerptParts,
  headlineFragmentDelimiter,
  headlineParts,
  headlineStart,
  headlineStop,
  organizationResourceMessages,
  organizationResourcePaths,
  pdfDownloadName,
  prefixTsQuery,
  type OrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import type { Database, Executor } from '../db/client.ts';
import { organizationResources } from '../db/schema/content.ts';
import { schoolYears } from '../db/schema/lookups.ts';
import { organizationMemberships, organizations } from '../db/schema/organizations.ts';
import { notFound } from '../platform/errors.ts';
import type { RequestAuth } from '../platform/sessions.ts';
import type { FileStorage } from '../platform/storage.ts';
import { favouritedIds } from './favourites.ts';

/**
 * Organization resources as the member page, the resources hub, the staff console and saved
 * resources read them: who may open an organization's resources, the ranked full-text search, and
 * the access-checked download.
 */

/** Staff in their own session open every organization's resources; viewing as a member, that member's. */
const isStaff = (auth: RequestAuth) => auth.user.role === 'STAFF' && !auth.impersonator;

const activeMembership = (userId: string) =>
  and(eq(organizationMemberships.userId, userId), isNull(organizationMemberships.archivedAt));

/** The organizations the user is an active member of, by name: the page's organization filter. */
export async function memberOrganizations(db: Executor, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .where(activeMembership(userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** Every school year, the latest first (the page preselects the first). */
export async function schoolYearsLatestFirst(db: Executor): Promise<{ id: string; name: string; startsOn: string }[]> {
  return db
    .select({ id: schoolYears.id, name: schoolYears.name, startsOn: schoolYears.startsOn })
    .from(schoolYears)
    .orderBy(desc(schoolYears.startsOn));
}

/** Whether the caller may open the organization's resources: staff, or an active member. */
export async function mayOpenOrganization(db: Executor, auth: RequestAuth, organizationId: string): Promise<boolean> {
  if (isStaff(auth)) return true;
  const [row] = await db
    .select({ id: organizationMemberships.id })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.organizationId, organizationId), activeMembership(auth.user.id)));
  return row !== undefined;
}

export interface OrganizationResourceSearch {
  organizationId: string;
  schoolYearId: string;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

const marks = `StartSel=${headlineStart}, StopSel=${headlineStop}`;
/** The title whole; the description as its best one or two passages. */
const titleHeadline = `${marks}, HighlightAll=true`;
const descriptionHeadline = `${marks}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter="${headlineFragmentDelimiter}"`;

interface RawRow {
  id: string;
  title: string;
  grades: string;
  description: string;
  url: string | null;
  fileName: string | null;
  fileSize: number | null;
  titleMarked: string | null;
  descriptionMarked: string | null;
}

function present(row: RawRow, saved: ReadonlySet<string>): OrganizationResourceRow {
  return {
    id: row.id,
    title: row.title,
    grades: row.grades,
    description: row.description,
    url: row.url,
    file: row.fileName !== null && row.fileSize !== null ? { name: row.fileName, size: row.fileSize } : null,
    titleParts: row.titleMarked === null ? null : headlineParts(row.titleMarked),
    descriptionParts: row.descriptionMarked === null ? null : excerptParts(row.description, row.descriptionMarked),
    isFavorited: saved.has(row.id),
  };
}

/**
 * One page of an organization's resources for a school year. With a search: the rows whose weighted
 * tsvector matches (GIN index), best first by ts_rank (a title match above a description match), with
 * ts_headline run on that page's rows only; without: by title.
 */
export async function searchOrganizationResources(
  db: Database,
  userId: string,
  query: OrganizationResourceSearch,
): Promise<{ items: OrganizationResourceRow[]; total: number }> {
  const tsQuery = query.search ? prefixTsQuery(query.search) : null;
  const scope = and(
    eq(organizationResources.organizationId, query.organizationId),
    eq(organizationResources.schoolYearId, query.schoolYearId),
  );
  const tsq = tsQuery === null ? null : sql`to_tsquery('english', ${tsQuery})`;
  const where: SQL | undefined = tsq ? and(scope, sql`${organizationResources.searchVector} @@ ${tsq}`) : scope;
  const offset = (query.page - 1) * query.pageSize;
  const [rows, [total]] = await Promise.all([
    tsq
      ? db
          .execute(
            sql`
          select p.id, p.title, p.grades, p.description, p.url, p.file_name as "fileName", p.file_size as "fileSize",
            ts_headline('english', p.title, ${tsq}, ${titleHeadline}) as "titleMarked",
            case when p.description = '' then null else ts_headline('english', p.description, ${tsq}, ${descriptionHeadline}) end as "descriptionMarked"
          from (
            select ${organizationResources.id} as id, ${organizationResources.title} as title, ${organizationResources.grades} as grades,
              ${organizationResources.description} as description, ${organizationResources.url} as url,
              ${organizationResources.fileName} as file_name, ${organizationResources.fileSize} as file_size,
              ts_rank(${organizationResources.searchVector}, ${tsq}) as rank
            from ${organizationResources}
            where ${where}
            order by rank desc, ${organizationResources.title} asc, ${organizationResources.id} asc
            limit ${query.pageSize} offset ${offset}
          ) p
          order by p.rank desc, p.title asc, p.id asc`,
          )
          // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
          .then((result) => (result as { rows: RawRow[] }).rows)
      : db
          .select({
            id: organizationResources.id,
            title: organizationResources.title,
            grades: organizationResources.grades,
            description: organizationResources.description,
            url: organizationResources.url,
            fileName: organizationResources.fileName,
            fileSize: organizationResources.fileSize,
            titleMarked: sql<string | null>`null`,
            descriptionMarked: sql<string | null>`null`,
          })
          .from(organizationResources)
          .where(where)
          .orderBy(asc(organizationResources.title), asc(organizationResources.id))
          .limit(query.pageSize)
          .offset(offset),
    db.select({ total: count() }).from(organizationResources).where(where),
  ]);
  const saved = await favouritedIds(
    db,
    userId,
    'organization_resource',
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => present(row, saved)), total: total?.total ?? 0 };
}

/** One resource with its organization and file key, or undefined. */
export async function findOrganizationResource(db: Executor, resourceId: string) {
  const [row] = await db
    .select({
      id: organizationResources.id,
      organizationId: organizationResources.organizationId,
      schoolYearId: organizationResources.schoolYearId,
      title: organizationResources.title,
      url: organizationResources.url,
      fileKey: organizationResources.fileKey,
      fileName: organizationResources.fileName,
    })
    .from(organizationResources)
    .where(eq(organizationResources.id, resourceId));
  return row;
}

/**
 * Saved-resource rows (core/saved-resources.ts) for the resources among `ids` the user may open now: PDFs
 * of organizations they are an active member of. A link resource is not saveable: My Saved Resources
 * holds PDFs and videos (organizations.md §3 'type pdf/video').
 */
export async function readSavedOrganizationResources(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<SavedResource[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: organizationResources.id, title: organizationResources.title, organizationName: organizations.name })
    .from(organizationResources)
    .innerJoin(organizations, eq(organizations.id, organizationResources.organizationId))
    .innerJoin(
      organizationMemberships,
      and(eq(organizationMemberships.organizationId, organizationResources.organizationId), activeMembership(userId)),
    )
    .where(and(inArray(organizationResources.id, [...ids]), isNotNull(organizationResources.fileKey)));
  return rows.map((row) => ({
    id: row.id,
    targetType: 'organization_resource',
    title: row.title,
    type: 'pdf',
    downloadLink: organizationResourcePaths.file(row.id),
    openLink: null,
    collection: row.organizationName,
    isFavorited: true,
  }));
}

export interface OrganizationResourceFile {
  bytes: Buffer;
  filename: string;
}

/**
 * The PDF of a resource the caller may open. An unknown resource, a link, and a resource of an
 * organization the caller is not a member of are the same 404, so ids cannot be probed.
 */
export async function organizationResourceDownload(
  db: Executor,
  storage: FileStorage,
  auth: RequestAuth,
  resourceId: string,
): Promise<OrganizationResourceFile> {
  const resource = await findOrganizationResource(db, resourceId);
  if (!resource?.fileKey || !resource.fileName || !(await mayOpenOrganization(db, auth, resource.organizationId))) {
    throw notFound(organizationResourceMessages.notFound);
  }
  const bytes = await storage.get(resource.fileKey);
  if (!bytes) throw notFound(organizationResourceMessages.fileMissing);
  return { bytes, filename: pdfDownloadName(resource.fileName) };
}
