import { randomUUID } from 'node:crypto';
import {
  detectResourceFileType,
  linkOrFileProblems,
  resourceContentTypes,
  resourceFields,
  resourceMessages,
  type ResourceFields,
  type ResourceFileType,
  type ResourceMove,
  type ResourceRow,
  type StaffResourceList,
} from '@portal/domain/content/resources.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { readEventResources, readResourceFileRow } from '../../core/event-resources.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { MultipartForm } from '../../platform/multipart-form.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  deleteResourceRow,
  eventExists,
  findResource,
  insertResource,
  lockEvent,
  lockResourceFile,
  nextPosition,
  orderedIds,
  renumber,
  sectionsOfEvent,
  setSections,
  updateResourceRow,
} from './repository.ts';

const eventNotFound = () => notFound('No such event.');
const resourceNotFound = () => notFound(resourceMessages.notFound);
const correct = 'Please correct the highlighted fields.';

/** A file name as it may be stored and shown: control characters (NUL included) dropped. */
const printable = (name: string) => [...name].filter((c) => c >= ' ' && c !== '\u007f').join('');

interface NewFile {
  bytes: Buffer;
  name: string;
  type: ResourceFileType;
}

/**
 * The form's fields and file checked together, so every mistake shows at once. A resource is a link
 * or a file, never both; `hasFile` says the resource already holds one (an edit may keep it).
 */
function validate(form: MultipartForm, hasFile: boolean): { fields: ResourceFields; file: NewFile | null } {
  const errors: Record<string, string> = {};
  const parsed = resourceFields.safeParse(form.fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  let file: NewFile | null = null;
  if (form.file) {
    // By content: a renamed HTML page or program is refused whatever its name says.
    const type = detectResourceFileType(form.file.bytes, form.file.name);
    if (type)
      file = {
        bytes: form.file.bytes,
        name: printable(form.file.name).trim().slice(0, 200) || `resource.${type}`,
        type,
      };
    else errors.file = resourceMessages.fileType;
  }
  for (const [field, message] of Object.entries(linkOrFileProblems(form.fields.url ?? '', form.file !== null, hasFile)))
    errors[field] ??= message;
  if (!parsed.success || Object.keys(errors).length > 0) throw badRequest(correct, errors);
  return { fields: parsed.data, file };
}

async function checkSections(tx: Executor, eventId: string, sectionIds: readonly string[]): Promise<void> {
  if (!(await sectionsOfEvent(tx, eventId, sectionIds)))
    throw badRequest(resourceMessages.sectionsOfEvent, { sectionIds: resourceMessages.sectionsOfEvent });
}

const fileKeyOf = (resourceId: string, type: ResourceFileType) =>
  `event-resources/${resourceId}/${randomUUID()}.${type}`;

/**
 * Runs a write whose new file (if any) is stored last inside the transaction, and removed again when
 * the transaction fails; a file the write replaced or dropped is removed only after the commit.
 */
async function withFiles<T>(
  deps: AppDeps,
  run: (
    tx: Executor,
    store: (key: string, file: NewFile) => Promise<void>,
  ) => Promise<{ result: T; dropped: string | null }>,
): Promise<T> {
  const stored: string[] = [];
  try {
    const { result, dropped } = await deps.db.transaction(async (tx) =>
      run(tx, async (key, file) => {
        stored.push(key);
        await deps.storage.put(key, file.bytes, resourceContentTypes[file.type]);
      }),
    );
    if (dropped) await deps.storage.remove(dropped);
    return result;
  } catch (error) {
    for (const key of stored) await deps.storage.remove(key);
    throw error;
  }
}

async function rowOf(deps: AppDeps, eventId: string, resourceId: string): Promise<ResourceRow> {
  const found = await readResourceFileRow(deps.db, eventId, resourceId);
  if (!found) throw resourceNotFound();
  return found.resource;
}

export async function listStaffResources(deps: AppDeps, eventId: string): Promise<StaffResourceList> {
  if (!(await eventExists(deps.db, eventId))) throw eventNotFound();
  return { items: await readEventResources(deps.db, eventId) };
}

/** POST /api/admin/events/:eventId/resources: a link or a file, last in the event's order. */
export async function createResource(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  form: MultipartForm,
): Promise<ResourceRow> {
  const { fields, file } = validate(form, false);
  const resourceId = randomUUID();
  await withFiles(deps, async (tx, store) => {
    if (!(await lockEvent(tx, eventId))) throw eventNotFound();
    await checkSections(tx, eventId, fields.sectionIds);
    const fileKey = file ? fileKeyOf(resourceId, file.type) : null;
    await insertResource(tx, {
      id: resourceId,
      eventId,
      title: fields.title,
      description: fields.description,
      url: file ? null : fields.url,
      fileKey,
      fileName: file?.name ?? null,
      fileSize: file?.bytes.length ?? null,
      fileType: file?.type ?? null,
      position: await nextPosition(tx, eventId),
      createdById: auth.user.id,
    });
    await setSections(tx, resourceId, fields.sectionIds);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-resource.create',
      subjectType: 'event_resource',
      subjectId: resourceId,
      data: {
        eventId,
        title: fields.title,
        url: file ? null : fields.url,
        file: file ? { name: file.name, size: file.bytes.length } : null,
        sectionIds: fields.sectionIds,
      },
    });
    if (file && fileKey) await store(fileKey, file);
    return { result: undefined, dropped: null };
  });
  return rowOf(deps, eventId, resourceId);
}

/**
 * PUT /api/admin/resources/:id. A new file replaces the old one; a link replaces a file; with neither,
 * a file resource keeps its file. The row is locked, so two saves at once apply one after the other.
 */
export async function updateResource(
  deps: AppDeps,
  auth: RequestAuth,
  resourceId: string,
  form: MultipartForm,
): Promise<ResourceRow> {
  const current = await findResource(deps.db, resourceId);
  if (!current) throw resourceNotFound();
  const { fields, file } = validate(form, current.fileKey !== null);
  await withFiles(deps, async (tx, store) => {
    const locked = await lockResourceFile(tx, resourceId);
    if (!locked) throw resourceNotFound();
    await checkSections(tx, current.eventId, fields.sectionIds);
    const keepFile = !file && fields.url === '';
    if (keepFile && locked.fileKey === null) throw badRequest(correct, linkOrFileProblems('', false, false));
    const fileKey = file ? fileKeyOf(resourceId, file.type) : null;
    await updateResourceRow(tx, resourceId, {
      title: fields.title,
      description: fields.description,
      ...(keepFile
        ? {}
        : file
          ? { url: null, fileKey, fileName: file.name, fileSize: file.bytes.length, fileType: file.type }
          : { url: fields.url, fileKey: null, fileName: null, fileSize: null, fileType: null }),
    });
    await setSections(tx, resourceId, fields.sectionIds);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-resource.update',
      subjectType: 'event_resource',
      subjectId: resourceId,
      data: {
        eventId: current.eventId,
        title: fields.title,
        url: keepFile || file ? null : fields.url,
        file: file ? { name: file.name, size: file.bytes.length } : null,
        sectionIds: fields.sectionIds,
      },
    });
    if (file && fileKey) await store(fileKey, file);
    return { result: undefined, dropped: keepFile ? null : locked.fileKey };
  });
  return rowOf(deps, current.eventId, resourceId);
}

/** DELETE /api/admin/resources/:id: the row (and its targets) go; its file is removed after the commit. */
export async function deleteResource(deps: AppDeps, auth: RequestAuth, resourceId: string): Promise<void> {
  const current = await findResource(deps.db, resourceId);
  if (!current) throw resourceNotFound();
  await withFiles(deps, async (tx) => {
    await lockEvent(tx, current.eventId);
    const deleted = await deleteResourceRow(tx, resourceId);
    if (!deleted) throw resourceNotFound();
    await renumber(tx, await orderedIds(tx, current.eventId));
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-resource.delete',
      subjectType: 'event_resource',
      subjectId: resourceId,
      data: { eventId: current.eventId },
    });
    return { result: undefined, dropped: deleted.fileKey };
  });
}

/**
 * POST /api/admin/resources/:id/move: swaps the resource with its neighbour above or below, under
 * the event's lock. The first cannot move up nor the last down (the screen disables those buttons).
 */
export async function moveResource(
  deps: AppDeps,
  auth: RequestAuth,
  resourceId: string,
  move: ResourceMove,
): Promise<StaffResourceList> {
  const current = await findResource(deps.db, resourceId);
  if (!current) throw resourceNotFound();
  await deps.db.transaction(async (tx) => {
    await lockEvent(tx, current.eventId);
    const ids = await orderedIds(tx, current.eventId);
    const at = ids.indexOf(resourceId);
    if (at < 0) throw resourceNotFound();
    const to = move.direction === 'up' ? at - 1 : at + 1;
    const neighbour = ids[to];
    if (neighbour === undefined)
      throw conflict(move.direction === 'up' ? 'This resource is already first.' : 'This resource is already last.');
    ids[to] = resourceId;
    ids[at] = neighbour;
    await renumber(tx, ids);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-resource.move',
      subjectType: 'event_resource',
      subjectId: resourceId,
      data: { eventId: current.eventId, direction: move.direction },
    });
  });
  return { items: await readEventResources(deps.db, current.eventId) };
}
