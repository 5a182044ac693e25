import type { ExportFormat } from '@portal/domain/exports.ts';
import { rosterMessages, type RosterPage, type RosterRow } from '@portal/domain/organizations/roster.ts';
import { organizationRoleLabels } from '@portal/domain/people/roles.ts';
import type { AppDeps } from '../../app-deps.ts';
import { organizationExportName } from './export-names.ts';
import type { Database } from '../../db/client.ts';
import { keysetRows, type Export } from '../../platform/exports.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { archiveMembership, managerRole, requireOwner } from '../../core/memberships.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { findActiveMembership } from './repository.ts';
import {
  cancelOpenInvitations,
  organizationNameOf,
  rosterPage,
  updateNonOwnerRole,
  updateToolkitAccess,
} from './roster-repository.ts';

const memberNotFound = () => notFound('No such member of this organization.');
const ownerCannotChange = () => forbidden(rosterMessages.ownerCannotChange);

export async function getRoster(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  query: { page: number; pageSize: number; search?: string },
): Promise<RosterPage> {
  const viewerRole = await managerRole(deps.db, organizationId, auth.user.id);
  const [organizationName, page] = await Promise.all([
    organizationNameOf(deps.db, organizationId),
    rosterPage(deps.db, organizationId, query),
  ]);
  return {
    organizationId,
    organizationName: organizationName ?? '',
    viewerRole,
    items: page.items,
    page: query.page,
    pageSize: query.pageSize,
    total: page.total,
  };
}

/** Rows a page at a time in roster order: the roster's own page query, so the file matches what the screen pages through. */
function rosterRows(db: Database, organizationId: string, search: string | undefined) {
  let page = 0;
  // The roster's statements page by position (they start from the users_roster_order index), so
  // the pages are read in turn rather than after a key; one page is in memory at a time.
  return keysetRows<RosterRow>(async (_after, limit) => {
    page += 1;
    return (await rosterPage(db, organizationId, { page, pageSize: limit, search })).items;
  }, 100);
}

/** GET /api/organizations/:organizationId/roster/export: the roster under its search, for its OWNER and ADMINs. */
export async function exportRoster(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  query: { search?: string; format: ExportFormat },
): Promise<Export<RosterRow>> {
  await managerRole(deps.db, organizationId, auth.user.id);
  const baseName = await organizationExportName(deps, organizationId, 'roster');
  return {
    baseName,
    title: 'Roster',
    format: query.format,
    rows: rosterRows(deps.db, organizationId, query.search),
    columns: [
      { header: 'First name', value: (row) => row.firstName },
      { header: 'Last name', value: (row) => row.lastName },
      { header: 'Email', value: (row) => row.email },
      { header: 'Role', value: (row) => organizationRoleLabels[row.role] },
      { header: 'Position', value: (row) => row.positionLabel ?? '' },
      { header: 'Grades', value: (row) => row.grades.join(', ') },
      { header: 'Toolkit access', value: (row) => (row.toolKitAccess ? 'Yes' : 'No') },
      { header: 'Status', value: (row) => (row.pending ? 'Invited' : 'Member') },
    ],
  };
}

/**
 * Deleting a member archives their membership (their history stays); deleting a pending invitee
 * cancels the open invitation. Nobody deletes themselves, and the OWNER cannot be deleted here.
 */
export async function removeMember(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  userId: string,
): Promise<void> {
  await managerRole(deps.db, organizationId, auth.user.id);
  if (userId === auth.user.id) throw badRequest(rosterMessages.cannotDeleteSelf);
  await deps.db.transaction(async (tx) => {
    const membership = await findActiveMembership(tx, organizationId, { userId });
    if (membership?.role === 'OWNER') throw ownerCannotChange();
    if (membership) await archiveMembership(tx, membership.id, deps.clock());
    const cancelled = await cancelOpenInvitations(tx, organizationId, userId);
    if (!membership && cancelled.length === 0) throw memberNotFound();
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization.member-delete',
      subjectType: 'organization',
      subjectId: organizationId,
      data: { userId, membershipId: membership?.id ?? null, cancelledInvitationIds: cancelled.map((c) => c.id) },
    });
  });
}

/** Only the OWNER makes or removes admins; the OWNER's own role is not changed here. */
export async function changeAdminRole(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  membershipId: string,
  role: 'ADMIN' | 'MEMBER',
): Promise<string> {
  await requireOwner(deps.db, organizationId, auth.user.id);
  const membership = await findActiveMembership(deps.db, organizationId, { membershipId });
  if (!membership) throw memberNotFound();
  if (membership.role === 'OWNER') throw ownerCannotChange();
  await deps.db.transaction(async (tx) => {
    // Conditional: if staff made this member the owner meanwhile, nothing changes.
    const updated = await updateNonOwnerRole(tx, membershipId, role);
    if (updated.length === 0) throw ownerCannotChange();
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization.member-role',
      subjectType: 'organization',
      subjectId: organizationId,
      data: { membershipId, userId: membership.userId, from: membership.role, to: role },
    });
  });
  return role === 'ADMIN' ? rosterMessages.madeAdmin : rosterMessages.adminRemoved;
}

/** Toolkit access is a flag of the person (content access), granted by the OWNER or an ADMIN of their school. */
export async function changeToolkitAccess(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  userId: string,
  toolKitAccess: boolean,
): Promise<string> {
  await managerRole(deps.db, organizationId, auth.user.id);
  const membership = await findActiveMembership(deps.db, organizationId, { userId });
  if (!membership) throw memberNotFound();
  if (membership.role === 'OWNER') throw ownerCannotChange();
  await deps.db.transaction(async (tx) => {
    await updateToolkitAccess(tx, userId, toolKitAccess);
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization.member-toolkit',
      subjectType: 'organization',
      subjectId: organizationId,
      data: { userId, toolKitAccess },
    });
  });
  return toolKitAccess ? rosterMessages.toolkitGranted : rosterMessages.toolkitRemoved;
}
