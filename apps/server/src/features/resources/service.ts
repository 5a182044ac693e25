import type { z } from 'zod';
import {
  resourceMessages,
  resourceScope,
  type resourceQuery,
  type ResourceAccess,
  type ResourceListReply,
  type ResourceScope,
} from '@portal/domain/content/resources.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readResourcePage, resourceDownload, type ResourceDownload } from '../../core/event-resources.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { findEventName, findSection } from '../../core/event-structure.ts';
import { attendanceOf, ownsApplication } from './repository.ts';

type Query = z.output<typeof resourceQuery>;

/** Staff in their own session see every resource; viewing as a member, what that member sees. */
const isStaff = (auth: RequestAuth) => auth.user.role === 'STAFF' && !auth.impersonator;
const notAttending = () => notFound(resourceMessages.notAttending);

async function accessOf(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  applicationId: string | undefined,
): Promise<ResourceAccess | 'staff'> {
  if (isStaff(auth)) return 'staff';
  if (applicationId && !(await ownsApplication(deps.db, auth.user.id, eventId, applicationId)))
    throw notFound(resourceMessages.applicationNotFound);
  return attendanceOf(deps.db, auth.user.id, eventId, applicationId);
}

/**
 * GET /api/events/:eventId/resources (events.md §7: eventId, eventSectionId, eaId). An unknown event
 * and one the caller does not attend get the same 404; eaId must be the caller's own application of
 * the event, and then only what it gives is shown; eventSectionId narrows to a section they attend.
 */
export async function listResources(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  query: Query,
): Promise<ResourceListReply> {
  const event = await findEventName(deps.db, eventId);
  if (!event) throw notAttending();
  const access = await accessOf(deps, auth, eventId, query.eaId);
  const section = query.eventSectionId ? await findSection(deps.db, eventId, query.eventSectionId) : null;
  const scope = resourceScope(access, query.eventSectionId ?? null);
  if (!scope) throw notAttending();
  if (query.eventSectionId && !section) throw notFound('No such section.');
  const { items, total } = await readResourcePage(deps.db, eventId, {
    scope,
    search: query.search,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { event, section: section ?? null, items, total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/events/:eventId/resources/:resourceId/file: the file, to anyone whose list would show the resource. */
export async function downloadResource(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  resourceId: string,
): Promise<ResourceDownload> {
  const access = await accessOf(deps, auth, eventId, undefined);
  const scope: ResourceScope | null = resourceScope(access, null);
  return resourceDownload(deps.db, deps.storage, eventId, resourceId, scope);
}
