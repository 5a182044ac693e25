import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** toolkit.toolkitAudiences, as the CHECKs below spell them. */
const audienceCheck = (column: AnyPgColumn) =>
  sql`${column} <@ array['schoolLeader', 'testPrep', 'grade3Pilot', 'grade4Pilot', 'grade5Pilot']::text[]`;

/**
 * A Treasure Chest category (organizations.md §3 'categories (name, documents)'), shown in `position`
 * order to the toolkit members its audience names (empty: every toolkit member).
 */
export const toolkitCategories = pgTable(
  'toolkit_categories',
  {
    id: id(),
    name: text('name').notNull(),
    audience: text('audience')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('toolkit_categories_audience', audienceCheck(t.audience)),
    index('toolkit_categories_order').on(t.position),
  ],
);

/** A grouping, inside another grouping or at the top (parent_id null); deleting one is refused while it holds anything. */
export const toolkitGroupings = pgTable(
  'toolkit_groupings',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => toolkitGroupings.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    audience: text('audience')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('toolkit_groupings_audience', audienceCheck(t.audience)),
    check('toolkit_groupings_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
    index('toolkit_groupings_parent').on(t.parentId, t.position),
  ],
);

/**
 * A PDF in a category or a grouping (exactly one: CHECK). The file lives in platform/storage under
 * file_key and is served only through the access-checked download route.
 */
export const toolkitDocuments = pgTable(
  'toolkit_documents',
  {
    id: id(),
    categoryId: uuid('category_id').references(() => toolkitCategories.id, { onDelete: 'restrict' }),
    groupingId: uuid('grouping_id').references(() => toolkitGroupings.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    position: integer('position').notNull().default(0),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('toolkit_documents_one_place', sql`(${t.categoryId} is null) <> (${t.groupingId} is null)`),
    check('toolkit_documents_file_size', sql`${t.fileSize} >= 0`),
    index('toolkit_documents_category').on(t.categoryId, t.position),
    index('toolkit_documents_grouping').on(t.groupingId, t.position),
  ],
);

/**
 * What a member saved (organizations.md §7 'Favorites service'): a toolkit document, an organization
 * resource or a video. The target is named by type and id, not by a foreign key, since three tables
 * hold targets; core/favourites.ts removes a target's rows when the target is deleted.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.targetId] }),
    check('favourites_target_type', sql`${t.targetType} in ('toolkit_document', 'organization_resource', 'video')`),
    index('favourites_user_recent').on(t.userId, t.createdAt),
    index('favourites_target').on(t.targetType, t.targetId),
  ],
);
