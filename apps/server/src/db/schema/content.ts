import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { schoolYears } from './lookups.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A link or a PDF staff publish for one organization and one school year (organizations.md §2
 * 'Organization Resources'). Exactly one of url and file is set (CHECK); files live in
 * platform/storage under file_key and are served only through the access-checked download route.
 */
export const organizationResources = pgTable(
  'organization_resources',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    schoolYearId: uuid('school_year_id')
      .notNull()
      .references(() => schoolYears.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    grades: text('grades').notNull().default(''),
    description: text('description').notNull().default(''),
    url: text('url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    // Weighted so a title match ranks above a grades or description match (ts_rank reads the weights).
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("grades", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')`,
      ),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'organization_resources_link_or_file',
      sql`(${t.url} is not null and ${t.fileKey} is null and ${t.fileName} is null and ${t.fileSize} is null)
        or (${t.url} is null and ${t.fileKey} is not null and ${t.fileName} is not null and ${t.fileSize} is not null)`,
    ),
    index('organization_resources_list').on(t.organizationId, t.schoolYearId, t.title),
    index('organization_resources_search').using('gin', t.searchVector),
  ],
);

/** A named set of videos opened by its slug (/members/video-collection/{slug}). */
export const videoCollections = pgTable(
  'video_collections',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('video_collections_slug').on(t.slug)],
);

/** A Vimeo video of a collection, in `position` order. */
export const videos = pgTable(
  'videos',
  {
    id: id(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => videoCollections.id, { onDelete: 'cascade' }),
    vimeoId: text('vimeo_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('videos_vimeo_id', sql`${t.vimeoId} ~ '^[0-9]{1,15}$'`),
    index('videos_collection').on(t.collectionId, t.position),
  ],
);

/** A PDF that goes with a video (a viewing guide, a transcript). */
export const videoDocuments = pgTable(
  'video_documents',
  {
    id: id(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('video_documents_video').on(t.videoId, t.createdAt)],
);
