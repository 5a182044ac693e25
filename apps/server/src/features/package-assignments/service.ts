import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import {
  assignableItems,
  assigneeSummaries,
  assignmentsOpen,
  checkSegment,
  packageAssignmentMessages,
  packageUpdateMail,
  segmentEntries,
  segmentLines,
  showsNewYorkNotice,
  type AssignableItems,
  type PackageAssignmentsReply,
  type PackageNotificationsReply,
  type SegmentInput,
} from '@portal/domain/packages/assignments.ts';
import type { PackageAssignmentSegment } from '@portal/domain/packages/paths.ts';
import type { AppDeps } from '../../app-deps.ts';
import { assignableByIds } from '../../core/assignable-users.ts';
import {
  loadPackage,
  loadSelections,
  managedPackageRequest,
  packageRequestNotFound,
  type ManagedPackageRequest,
  type PackageRequestRow,
} from '../../core/packages.ts';
import type { Executor } from '../../db/client.ts';
import { packageAssignments } from '../../db/schema/package-assignments.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/**
 * Package ticket assignment (events.md §2, §5, §6, §7): an accepted package request's tickets, seats
 * and institute places handed to people of its organization, one segment per save. Only an active
 * OWNER or ADMIN of the request's organization reaches it; anyone else is told it does not exist.
 */

/** The column of package_assignments that names a segment's item. */
const itemKey = {
  'allocate-tickets': 'packageEventId',
  'assign-staff': 'groupSectionId',
  'assign-applicants': 'packageInstituteId',
} as const satisfies Record<PackageAssignmentSegment, keyof typeof packageAssignments.$inferSelect>;
type ItemKey = (typeof itemKey)[PackageAssignmentSegment];

/** A row's three item columns with only the segment's set. */
function itemColumns(segment: PackageAssignmentSegment, itemId: string): Record<ItemKey, string | null> {
  return { packageEventId: null, groupSectionId: null, packageInstituteId: null, [itemKey[segment]]: itemId };
}

/** An accepted request its organization's owner or admin manages; before acceptance nothing is assigned. */
async function managedRequest(
  db: Executor,
  auth: RequestAuth,
  packageRequestId: string,
  lock = false,
): Promise<ManagedPackageRequest> {
  const managed = await managedPackageRequest(db, auth.user.id, packageRequestId, lock);
  if (!assignmentsOpen(managed.request.status)) throw conflict(packageAssignmentMessages.notAccepted);
  return managed;
}

interface Loaded {
  packageName: string;
  items: AssignableItems;
}

async function loadItems(db: Executor, request: PackageRequestRow): Promise<Loaded> {
  const pkg = await loadPackage(db, request.packageId);
  const selections = await loadSelections(db, request.id);
  if (!pkg) throw packageRequestNotFound();
  return { packageName: pkg.name, items: assignableItems(pkg, selections) };
}

type Holder = AssignableUser & {
  packageEventId: string | null;
  groupSectionId: string | null;
  packageInstituteId: string | null;
};

/** Every assignee of the request in saved order; pending while not an active member of the organization. */
async function holdersOf(db: Executor, request: PackageRequestRow): Promise<Holder[]> {
  return db
    .select({
      packageEventId: packageAssignments.packageEventId,
      groupSectionId: packageAssignments.groupSectionId,
      packageInstituteId: packageAssignments.packageInstituteId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isPending: sql<boolean>`not exists (select 1 from organization_memberships m
        where m.organization_id = ${request.organizationId} and m.user_id = ${users.id} and m.archived_at is null)`,
    })
    .from(packageAssignments)
    .innerJoin(users, eq(users.id, packageAssignments.userId))
    .where(eq(packageAssignments.packageRequestId, request.id))
    .orderBy(asc(packageAssignments.position), asc(packageAssignments.createdAt), asc(packageAssignments.id));
}

const person = ({ id, firstName, lastName, email, isPending }: Holder): AssignableUser => ({
  id,
  firstName,
  lastName,
  email,
  isPending,
});

async function buildReply(
  db: Executor,
  managed: ManagedPackageRequest,
  loaded: Loaded,
): Promise<PackageAssignmentsReply> {
  const { request } = managed;
  const holders = await holdersOf(db, request);
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, request.organizationId));
  if (!organization) throw packageRequestNotFound();
  const of = (key: ItemKey, itemId: string) => holders.filter((h) => h[key] === itemId).map(person);
  const { items } = loaded;
  return {
    packageRequestId: request.id,
    packageName: loaded.packageName,
    status: request.status,
    organizationId: request.organizationId,
    organizationName: organization.name,
    newYorkNotice: showsNewYorkNotice(managed.positionName),
    events: items.events.map((e) => ({ ...e, assignedUsers: of('packageEventId', e.packageEventId) })),
    groups: items.groups.map((g) => ({
      ...g,
      sections: g.sections.map((s) => ({ ...s, assignedUsers: of('groupSectionId', s.sectionId) })),
    })),
    institutes: items.institutes.map((i) => ({ ...i, assignedUsers: of('packageInstituteId', i.packageInstituteId) })),
  };
}

/** GET /api/package-requests/:id/assignments. */
export async function getPackageAssignments(
  deps: AppDeps,
  auth: RequestAuth,
  packageRequestId: string,
): Promise<PackageAssignmentsReply> {
  const managed = await managedRequest(deps.db, auth, packageRequestId);
  return buildReply(deps.db, managed, await loadItems(deps.db, managed.request));
}

async function replaceAssignees(
  tx: Executor,
  input: {
    request: PackageRequestRow;
    segment: PackageAssignmentSegment;
    itemId: string;
    assignedUsers: readonly string[];
    before: readonly string[];
  },
  assignedById: string,
  now: Date,
): Promise<void> {
  const { request, segment, itemId, assignedUsers, before } = input;
  const column = packageAssignments[itemKey[segment]];
  const mine = and(eq(packageAssignments.packageRequestId, request.id), eq(column, itemId));
  await tx
    .delete(packageAssignments)
    .where(assignedUsers.length > 0 ? and(mine, notInArray(packageAssignments.userId, [...assignedUsers])) : mine);
  const added = assignedUsers.filter((id) => !before.includes(id));
  if (added.length > 0) {
    await tx.insert(packageAssignments).values(
      added.map((userId) => ({
        packageRequestId: request.id,
        ...itemColumns(segment, itemId),
        userId,
        assignedById,
        createdAt: now,
      })),
    );
  }
  if (assignedUsers.length > 0) {
    const order = sql.join(
      assignedUsers.map((userId, index) => sql`when ${userId}::uuid then ${index}::int`),
      sql` `,
    );
    await tx
      .update(packageAssignments)
      .set({ position: sql`case ${packageAssignments.userId} ${order} end` })
      .where(and(mine, inArray(packageAssignments.userId, [...assignedUsers])));
  }
}

/**
 * PUT /api/package-requests/:id/assignments/{segment}: the listed items' assignees replaced in one
 * transaction under the request's row lock, so concurrent saves run one after the other and each is
 * checked against what the request holds. Items not listed keep their assignees.
 */
export async function savePackageAssignments(
  deps: AppDeps,
  auth: RequestAuth,
  packageRequestId: string,
  input: SegmentInput,
): Promise<PackageAssignmentsReply> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // Visibility first, so a stranger cannot even wait on the lock.
    await managedRequest(tx, auth, packageRequestId);
    const managed = await managedRequest(tx, auth, packageRequestId, true);
    const { request } = managed;
    const loaded = await loadItems(tx, request);
    const entries = segmentEntries(input, loaded.items);
    const check = checkSegment(
      segmentLines(loaded.items, input.segment),
      entries.map((e) => ({ itemId: e.itemId, slots: e.assignedUsers })),
    );
    if (check.error) throw badRequest(check.error);

    const holders = await holdersOf(tx, request);
    const key = itemKey[input.segment];
    const changes = entries.map((entry) => {
      const before = holders.filter((h) => h[key] === entry.itemId).map((h) => h.id);
      return {
        ...entry,
        before,
        added: entry.assignedUsers.filter((id) => !before.includes(id)),
        removed: before.filter((id) => !entry.assignedUsers.includes(id)),
      };
    });
    const newcomers = [...new Set(changes.flatMap((c) => c.added))];
    const found = await assignableByIds(tx, request.organizationId, newcomers);
    if (newcomers.some((id) => !found.has(id))) throw badRequest(packageAssignmentMessages.notAssignable);

    for (const change of changes) {
      await replaceAssignees(
        tx,
        {
          request,
          segment: input.segment,
          itemId: change.itemId,
          assignedUsers: change.assignedUsers,
          before: change.before,
        },
        auth.user.id,
        now,
      );
    }
    const changed = changes.filter((c) => c.added.length > 0 || c.removed.length > 0);
    if (changed.length > 0) {
      await audit(tx, {
        ...actorOf(auth),
        action: `package_assignments.${input.segment}`,
        subjectType: 'package_request',
        subjectId: request.id,
        data: { items: changed.map((c) => ({ itemId: c.itemId, added: c.added, removed: c.removed })) },
      });
    }
    return buildReply(tx, managed, loaded);
  });
}

/**
 * POST /api/package-requests/:id/assignments/notifications ('Send Update Notifications', events.md
 * §6): each person assigned in the request is emailed, through the mail outbox in one transaction,
 * what they hold as last saved. Under the request's row lock, so it reads what concurrent saves
 * committed; refused (409) when nobody is assigned.
 */
export async function sendPackageNotifications(
  deps: AppDeps,
  auth: RequestAuth,
  packageRequestId: string,
): Promise<PackageNotificationsReply> {
  return deps.db.transaction(async (tx) => {
    await managedRequest(tx, auth, packageRequestId);
    const { request } = await managedRequest(tx, auth, packageRequestId, true);
    const loaded = await loadItems(tx, request);
    const holders = await holdersOf(tx, request);
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, request.organizationId));
    if (!organization) throw packageRequestNotFound();
    const summaries = assigneeSummaries(
      loaded.items,
      holders.map((h) => ({
        userId: h.id,
        packageEventId: h.packageEventId,
        groupSectionId: h.groupSectionId,
        packageInstituteId: h.packageInstituteId,
      })),
    );
    if (summaries.size === 0) throw conflict(packageAssignmentMessages.nobodyAssigned);
    const people = new Map(holders.map((h) => [h.id, h]));
    for (const [userId, lines] of summaries) {
      const person = people.get(userId);
      if (!person) continue;
      await queueMail(tx, {
        to: person.email,
        ...packageUpdateMail({
          firstName: person.firstName,
          organizationName: organization.name,
          packageName: loaded.packageName,
          lines,
        }),
      });
    }
    await audit(tx, {
      ...actorOf(auth),
      action: 'package_assignments.notify',
      subjectType: 'package_request',
      subjectId: request.id,
      data: { people: [...summaries.keys()] },
    });
    return { notified: summaries.size };
  });
}
