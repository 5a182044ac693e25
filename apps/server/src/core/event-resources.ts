import { and, asc, count, eq, exists, ilike, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  resourceDownloadName,
  resourceMessages,
  resourceVisible,
  type ResourceFileType,
  type ResourceRow,
  type ResourceScope,
} from '@portal/domain/content/resources.ts';
import type { Database, Executor } from '../db/client.ts';
import { eventResources } from '../db/schema/resources.ts';
import { notFound } from '../platform/errors.ts';
import type { FileStorage } from '../platform/storage.ts';

/**
 * Event resources as the member page and the staff console read them: rows with their target
 * sections in one query (a correlated json_agg, so a page is one round trip), and their files.
 */

/** An ILIKE pattern matching the text anywhere, its own % and _ taken literally. */
function containing(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const targets = (sectionIds?: readonly string[]) =>
  sql`(select 1 from event_resource_sections rs where rs.resource_id = "event_resources"."id"${
    sectionIds
      ? sql` and rs.section_id in (${sql.join(
          sectionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``
  })`;

/** The SQL twin of resources.resourceVisible: event-wide resources, or those aimed at a section in scope. */
function inScope(scope: ResourceScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.sectionIds.length === 0) return notExists(targets());
  return or(notExists(targets()), exists(targets(scope.sectionIds)));
}

function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containing(search);
  return or(ilike(eventResources.title, pattern), ilike(eventResources.description, pattern));
}

const rowColumns = {
  id: eventResources.id,
  title: eventResources.title,
  description: eventResources.description,
  url: eventResources.url,
  fileName: eventResources.fileName,
  fileSize: eventResources.fileSize,
  fileType: eventResources.fileType,
  order: eventResources.position,
  // Written out with table names: drizzle leaves a one-table select's own columns unqualified, and
  // inside this subquery an unqualified "id" would name the section's.
  sections: sql<{ id: string; title: string }[]>`coalesce((
    select json_agg(json_build_object('id', s.id, 'title', s.title) order by s.position, s.title)
    from event_resource_sections rs inner join event_sections s on s.id = rs.section_id
    where rs.resource_id = "event_resources"."id"
  ), '[]'::json)`,
};

interface RawRow {
  id: string;
  title: string;
  description: string;
  url: string | null;
  fileName: string | null;
  fileSize: number | null;
  fileType: string | null;
  order: number;
  sections: { id: string; title: string }[];
}

function present(row: RawRow): ResourceRow {
  const file =
    row.fileName !== null && row.fileSize !== null && row.fileType !== null
      ? { name: row.fileName, size: row.fileSize, type: row.fileType as ResourceFileType }
      : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    file,
    order: row.order,
    sections: row.sections,
  };
}

export interface ResourcePageQuery {
  scope: ResourceScope;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

/** One page of an event's resources in scope, in staff order, with the total matching. */
export async function readResourcePage(
  db: Database,
  eventId: string,
  query: ResourcePageQuery,
): Promise<{ items: ResourceRow[]; total: number }> {
  const where = and(eq(eventResources.eventId, eventId), inScope(query.scope), matching(query.search));
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(eventResources)
      .where(where)
      .orderBy(asc(eventResources.position), asc(eventResources.createdAt), asc(eventResources.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(eventResources).where(where),
  ]);
  return { items: rows.map(present), total: total?.total ?? 0 };
}

/** Every resource of an event, in order (the staff console's list). */
export async function readEventResources(db: Executor, eventId: string): Promise<ResourceRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(eventResources)
    .where(eq(eventResources.eventId, eventId))
    .orderBy(asc(eventResources.position), asc(eventResources.createdAt), asc(eventResources.id));
  return rows.map(present);
}

/** One resource of an event with what its download needs, or undefined. */
export async function readResourceFileRow(db: Executor, eventId: string, resourceId: string) {
  const [row] = await db
    .select({ ...rowColumns, fileKey: eventResources.fileKey })
    .from(eventResources)
    .where(and(eq(eventResources.id, resourceId), eq(eventResources.eventId, eventId)));
  return row ? { resource: present(row), fileKey: row.fileKey } : undefined;
}

export interface ResourceDownload {
  bytes: Buffer;
  filename: string;
  type: ResourceFileType;
}

/**
 * The file of a resource the caller's scope shows; anything else (no such resource, a link, a
 * resource of a section they do not attend) is the same 404.
 */
export async function resourceDownload(
  db: Executor,
  storage: FileStorage,
  eventId: string,
  resourceId: string,
  scope: ResourceScope | null,
): Promise<ResourceDownload> {
  const found = await readResourceFileRow(db, eventId, resourceId);
  const { resource, fileKey } = found ?? {};
  if (
    !scope ||
    !resource?.file ||
    !fileKey ||
    !resourceVisible(
      resource.sections.map((s) => s.id),
      scope,
    )
  )
    throw notFound(resourceMessages.notFound);
  const bytes = await storage.get(fileKey);
  if (!bytes) throw notFound(resourceMessages.fileMissing);
  return { bytes, filename: resourceDownloadName(resource.file.name, resource.file.type), type: resource.file.type };
}
