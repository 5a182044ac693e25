import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { events, eventSections } from './commerce.ts';
import { users } from './users.ts';

/**
 * A link or an uploaded file staff attach to an event (events.md §2 'Event resources'), shown in
 * `position` order. Exactly one of url and file is set (CHECK). Files live in platform/storage
 * under file_key and are served only through the access-checked download route.
 */
export const eventResources = pgTable(
  'event_resources',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** resources.resourceFileTypes: the type found by the file's content. */
    fileType: text('file_type'),
    position: integer('position').notNull().default(0),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'event_resources_link_or_file',
      sql`(${t.url} is not null and ${t.fileKey} is null and ${t.fileName} is null and ${t.fileSize} is null and ${t.fileType} is null)
        or (${t.url} is null and ${t.fileKey} is not null and ${t.fileName} is not null and ${t.fileSize} is not null and ${t.fileType} is not null)`,
    ),
    check(
      'event_resources_file_type',
      sql`${t.fileType} is null or ${t.fileType} in ('pdf', 'docx', 'pptx', 'xlsx', 'png', 'jpg')`,
    ),
    check('event_resources_position', sql`${t.position} >= 0`),
    index('event_resources_event').on(t.eventId, t.position),
    // The member search is ILIKE '%…%' on both texts: trigram indexes serve it (pg_trgm, migration 0001).
    index('event_resources_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('event_resources_description_trgm').using('gin', t.description.op('gin_trgm_ops')),
  ],
);

/** The sections a resource is aimed at; none: the whole event. */
export const eventResourceSections = pgTable(
  'event_resource_sections',
  {
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => eventResources.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => eventSections.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.sectionId] }),
    index('event_resource_sections_section').on(t.sectionId),
  ],
);
