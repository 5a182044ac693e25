import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import {
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstitutes,
  packageRequests,
} from './packages.ts';
import { users } from './users.ts';

/**
 * A person an accepted package request's item is assigned to (events.md §2 'Package ticket
 * assignment'): a conference-day ticket of a requested event, a seat of a requested group section,
 * or a place of a requested institute. Exactly one item column is set; each points at the request's
 * own selection (so an item the request does not hold cannot be assigned, and the assignment goes
 * with the selection). A save replaces a segment's rows under the request's row lock, checked
 * against what each item holds.
 */
export const packageAssignments = pgTable(
  'package_assignments',
  {
    id: id(),
    packageRequestId: uuid('package_request_id')
      .notNull()
      .references(() => packageRequests.id, { onDelete: 'cascade' }),
    packageEventId: uuid('package_event_id'),
    groupSectionId: uuid('group_section_id'),
    packageInstituteId: uuid('package_institute_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The assignee's place in the item's picker order, as last saved. */
    position: integer('position').notNull().default(0),
    assignedById: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'package_assignments_one_item',
      sql`num_nonnulls(${t.packageEventId}, ${t.groupSectionId}, ${t.packageInstituteId}) = 1`,
    ),
    foreignKey({
      name: 'package_assignments_event_fk',
      columns: [t.packageRequestId, t.packageEventId],
      foreignColumns: [packageRequestEvents.packageRequestId, packageRequestEvents.packageEventId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'package_assignments_group_section_fk',
      columns: [t.packageRequestId, t.groupSectionId],
      foreignColumns: [packageRequestGroupSections.packageRequestId, packageRequestGroupSections.groupSectionId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'package_assignments_institute_fk',
      columns: [t.packageRequestId, t.packageInstituteId],
      foreignColumns: [packageRequestInstitutes.packageRequestId, packageRequestInstitutes.packageInstituteId],
    }).onDelete('cascade'),
    // The same person holds at most one ticket of an item (the duplicate-pick rule, enforced).
    uniqueIndex('package_assignments_event_user').on(t.packageRequestId, t.packageEventId, t.userId),
    uniqueIndex('package_assignments_group_section_user').on(t.packageRequestId, t.groupSectionId, t.userId),
    uniqueIndex('package_assignments_institute_user').on(t.packageRequestId, t.packageInstituteId, t.userId),
    index('package_assignments_user').on(t.userId),
  ],
);
