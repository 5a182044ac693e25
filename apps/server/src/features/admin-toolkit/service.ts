import { randomUUID } from 'node:crypto';
import type { toolkitCategoryInput, toolkitGroupingInput } from '@portal/domain/content/toolkit.ts';
import {
  groupingParentProblem,
  isPdf,
  placementProblem,
  toolkitDocumentFields,
  toolkitMessages,
  type StaffToolkitDocument,
  type StaffToolkitDocumentPage,
  type StaffToolkitOutline,
  type ToolkitDocumentFields,
  type ToolkitMove,
  type ToolkitUser,
  type ToolkitUserFlags,
} from '@portal/domain/content/toolkit.ts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { removeFavouritesOf } from '../../core/favourites.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { MultipartForm } from '../../platform/multipart-form.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  categoryExists,
  categoryIdsInOrder,
  deleteCategoryRow,
  deleteDocumentRow,
  deleteGroupingRow,
  documentIdsInPlace,
  findDocument,
  findGroupingParent,
  findUserFlags,
  groupingExists,
  groupingParents,
  holdsAnything,
  insertCategory,
  insertDocument,
  insertToolkitGrouping,
  lockToolkit,
  lockUserFlags,
  nextCategoryPosition,
  nextDocumentPosition,
  nextGroupingPosition,
  readDocumentPage,
  readOutline,
  readPlaceDocuments,
  renumber,
  siblingGroupingIds,
  updateCategoryRow,
  updateDocumentRow,
  updateGroupingRow,
  updateUserFlags,
  type Place,
} from './repository.ts';

const correct = 'Please correct the highlighted fields.';
const categoryNotFound = () => notFound(toolkitMessages.categoryNotFound);
const groupingNotFound = () => notFound(toolkitMessages.groupingNotFound);
const documentNotFound = () => notFound(toolkitMessages.documentNotFound);

/** A file name as it may be stored and shown: control characters (NUL included) dropped. */
const printable = (name: string) => [...name].filter((c) => c >= ' ' && c !== '\u007f').join('');

/** Swaps an id with its neighbour above or below in an ordered list, or says it cannot move. */
function swapped(ids: string[], id: string, direction: ToolkitMove['direction']): string[] {
  const at = ids.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  const neighbour = ids[to];
  if (at < 0 || neighbour === undefined)
    throw conflict(direction === 'up' ? toolkitMessages.alreadyFirst : toolkitMessages.alreadyLast);
  const next = [...ids];
  next[to] = id;
  next[at] = neighbour;
  return next;
}

export const readStaffOutline = (deps: AppDeps): Promise<StaffToolkitOutline> => readOutline(deps.db);

// ---------------------------------------------------------------- categories

type CategoryInput = z.output<typeof toolkitCategoryInput>;
type GroupingInput = z.output<typeof toolkitGroupingInput>;

/** POST /api/admin/toolkit/categories: a category, last in the order. */
export async function createCategory(
  deps: AppDeps,
  auth: RequestAuth,
  input: CategoryInput,
): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    const row = await insertCategory(tx, {
      name: input.name,
      audience: input.audience,
      position: await nextCategoryPosition(tx),
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-category.create',
      subjectType: 'toolkit_category',
      subjectId: row?.id ?? null,
      data: input,
    });
  });
  return readOutline(deps.db);
}

/** PUT /api/admin/toolkit/categories/:id: its name and audience. */
export async function updateCategory(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  input: CategoryInput,
): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    const updated = await updateCategoryRow(tx, id, { name: input.name, audience: input.audience });
    if (updated.length === 0) throw categoryNotFound();
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-category.update',
      subjectType: 'toolkit_category',
      subjectId: id,
      data: input,
    });
  });
  return readOutline(deps.db);
}

/** DELETE /api/admin/toolkit/categories/:id: only an empty one (409 otherwise). */
export async function deleteCategory(deps: AppDeps, auth: RequestAuth, id: string): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    if (!(await categoryExists(tx, id))) throw categoryNotFound();
    if (await holdsAnything(tx, 'category', id)) throw conflict(toolkitMessages.notEmpty);
    await deleteCategoryRow(tx, id);
    await renumber(tx, 'toolkit_categories', await categoryIdsInOrder(tx));
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-category.delete',
      subjectType: 'toolkit_category',
      subjectId: id,
    });
  });
  return readOutline(deps.db);
}

/** POST /api/admin/toolkit/categories/:id/move: one place up or down. */
export async function moveCategory(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  move: ToolkitMove,
): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    if (!(await categoryExists(tx, id))) throw categoryNotFound();
    await renumber(tx, 'toolkit_categories', swapped(await categoryIdsInOrder(tx), id, move.direction));
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-category.move',
      subjectType: 'toolkit_category',
      subjectId: id,
      data: move,
    });
  });
  return readOutline(deps.db);
}

// ---------------------------------------------------------------- groupings

async function checkParent(tx: Executor, id: string | null, parentId: string | null): Promise<void> {
  if (parentId !== null && !(await groupingExists(tx, parentId)))
    throw badRequest(correct, { parentId: toolkitMessages.groupingNotFound });
  const problem = groupingParentProblem(await groupingParents(tx), id, parentId);
  if (problem) throw badRequest(correct, { parentId: problem });
}

/** POST /api/admin/toolkit/groupings: a grouping at the top or inside another, last among its siblings. */
export async function createGrouping(
  deps: AppDeps,
  auth: RequestAuth,
  input: GroupingInput,
): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    await checkParent(tx, null, input.parentId);
    const row = await insertToolkitGrouping(tx, {
      title: input.title,
      parentId: input.parentId,
      audience: input.audience,
      position: await nextGroupingPosition(tx, input.parentId),
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-grouping.create',
      subjectType: 'toolkit_grouping',
      subjectId: row?.id ?? null,
      data: input,
    });
  });
  return readOutline(deps.db);
}

/** PUT /api/admin/toolkit/groupings/:id: title, audience and parent (never into itself, at most 4 deep). */
export async function updateToolkitGrouping(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  input: GroupingInput,
): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    const current = await findGroupingParent(tx, id);
    if (!current) throw groupingNotFound();
    await checkParent(tx, id, input.parentId);
    const moved = current.parentId !== input.parentId;
    await updateGroupingRow(tx, id, {
      title: input.title,
      audience: input.audience,
      parentId: input.parentId,
      ...(moved ? { position: await nextGroupingPosition(tx, input.parentId) } : {}),
    });
    if (moved) await renumber(tx, 'toolkit_groupings', await siblingGroupingIds(tx, current.parentId));
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-grouping.update',
      subjectType: 'toolkit_grouping',
      subjectId: id,
      data: input,
    });
  });
  return readOutline(deps.db);
}

/** DELETE /api/admin/toolkit/groupings/:id: only an empty one (409 otherwise). */
export async function deleteGrouping(deps: AppDeps, auth: RequestAuth, id: string): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    const current = await findGroupingParent(tx, id);
    if (!current) throw groupingNotFound();
    if (await holdsAnything(tx, 'grouping', id)) throw conflict(toolkitMessages.notEmpty);
    await deleteGroupingRow(tx, id);
    await renumber(tx, 'toolkit_groupings', await siblingGroupingIds(tx, current.parentId));
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-grouping.delete',
      subjectType: 'toolkit_grouping',
      subjectId: id,
    });
  });
  return readOutline(deps.db);
}

/** POST /api/admin/toolkit/groupings/:id/move: one place up or down among its siblings. */
export async function moveGrouping(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  move: ToolkitMove,
): Promise<StaffToolkitOutline> {
  await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    const current = await findGroupingParent(tx, id);
    if (!current) throw groupingNotFound();
    await renumber(
      tx,
      'toolkit_groupings',
      swapped(await siblingGroupingIds(tx, current.parentId), id, move.direction),
    );
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-grouping.move',
      subjectType: 'toolkit_grouping',
      subjectId: id,
      data: move,
    });
  });
  return readOutline(deps.db);
}

// ---------------------------------------------------------------- documents

interface NewFile {
  bytes: Buffer;
  name: string;
}

/** The form's fields and file checked together, so every mistake shows at once; a new document needs a file. */
function validateDocument(
  form: MultipartForm,
  fileRequired: boolean,
): { fields: ToolkitDocumentFields; file: NewFile | null } {
  const errors: Record<string, string> = {};
  const parsed = toolkitDocumentFields.safeParse(form.fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  // The place is checked even when another field fails, so every mistake shows at once.
  const place = toolkitDocumentFields.pick({ categoryId: true, groupingId: true }).safeParse(form.fields);
  const problem = place.success ? placementProblem(place.data) : null;
  if (problem) errors.categoryId ??= problem;
  let file: NewFile | null = null;
  if (form.file) {
    // By content: a renamed HTML page or program is refused whatever its name says.
    if (isPdf(form.file.bytes))
      file = { bytes: form.file.bytes, name: printable(form.file.name).trim().slice(0, 200) || 'document.pdf' };
    else errors.file = toolkitMessages.fileType;
  } else if (fileRequired) errors.file = toolkitMessages.fileRequired;
  if (!parsed.success || Object.keys(errors).length > 0) throw badRequest(correct, errors);
  return { fields: parsed.data, file };
}

async function checkPlace(tx: Executor, place: Place): Promise<void> {
  if (place.categoryId !== null && !(await categoryExists(tx, place.categoryId)))
    throw badRequest(correct, { categoryId: toolkitMessages.categoryNotFound });
  if (place.groupingId !== null && !(await groupingExists(tx, place.groupingId)))
    throw badRequest(correct, { groupingId: toolkitMessages.groupingNotFound });
}

const fileKeyOf = (documentId: string) => `toolkit-documents/${documentId}/${randomUUID()}.pdf`;

/**
 * Runs a write whose new file is stored last inside the transaction and removed again when it fails;
 * a file the write replaced or dropped is removed only after the commit.
 */
async function withFile(
  deps: AppDeps,
  file: NewFile | null,
  key: string,
  run: (tx: Executor) => Promise<string | null>,
): Promise<void> {
  let stored = false;
  try {
    const dropped = await deps.db.transaction(async (tx) => {
      const result = await run(tx);
      if (file) {
        stored = true;
        await deps.storage.put(key, file.bytes, 'application/pdf');
      }
      return result;
    });
    if (dropped) await deps.storage.remove(dropped);
  } catch (error) {
    if (stored) await deps.storage.remove(key);
    throw error;
  }
}

async function presentDocument(deps: AppDeps, id: string): Promise<StaffToolkitDocument> {
  const found = await findDocument(deps.db, id);
  if (!found) throw documentNotFound();
  const { fileKey: _fileKey, ...document } = found;
  return document;
}

export async function listDocuments(
  deps: AppDeps,
  query: {
    search?: string | undefined;
    categoryId?: string | undefined;
    groupingId?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<StaffToolkitDocumentPage> {
  return { ...(await readDocumentPage(deps.db, query)), page: query.page, pageSize: query.pageSize };
}

/** POST /api/admin/toolkit/documents (multipart): a PDF in a category or grouping, last there. */
export async function createDocument(
  deps: AppDeps,
  auth: RequestAuth,
  form: MultipartForm,
): Promise<StaffToolkitDocument> {
  const { fields, file } = validateDocument(form, true);
  if (!file) throw badRequest(correct, { file: toolkitMessages.fileRequired });
  const id = randomUUID();
  const key = fileKeyOf(id);
  await withFile(deps, file, key, async (tx) => {
    await lockToolkit(tx);
    await checkPlace(tx, fields);
    await insertDocument(tx, {
      id,
      title: fields.title,
      description: fields.description,
      categoryId: fields.categoryId,
      groupingId: fields.groupingId,
      fileKey: key,
      fileName: file.name,
      fileSize: file.bytes.length,
      position: await nextDocumentPosition(tx, fields),
      createdById: auth.user.id,
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-document.create',
      subjectType: 'toolkit_document',
      subjectId: id,
      data: { ...fields, file: { name: file.name, size: file.bytes.length } },
    });
    return null;
  });
  return presentDocument(deps, id);
}

/** PUT /api/admin/toolkit/documents/:id (multipart): its texts and place; a new PDF replaces the file. */
export async function updateDocument(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  form: MultipartForm,
): Promise<StaffToolkitDocument> {
  const { fields, file } = validateDocument(form, false);
  const key = fileKeyOf(id);
  await withFile(deps, file, key, async (tx) => {
    await lockToolkit(tx);
    const current = await findDocument(tx, id);
    if (!current) throw documentNotFound();
    await checkPlace(tx, fields);
    const moved = current.categoryId !== fields.categoryId || current.groupingId !== fields.groupingId;
    await updateDocumentRow(tx, id, {
      title: fields.title,
      description: fields.description,
      categoryId: fields.categoryId,
      groupingId: fields.groupingId,
      ...(moved ? { position: await nextDocumentPosition(tx, fields) } : {}),
      ...(file ? { fileKey: key, fileName: file.name, fileSize: file.bytes.length } : {}),
    });
    if (moved) await renumber(tx, 'toolkit_documents', await documentIdsInPlace(tx, current));
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-document.update',
      subjectType: 'toolkit_document',
      subjectId: id,
      data: { ...fields, file: file ? { name: file.name, size: file.bytes.length } : null },
    });
    return file ? current.fileKey : null;
  });
  return presentDocument(deps, id);
}

/** DELETE /api/admin/toolkit/documents/:id: the row and everyone's favourites of it; the file after the commit. */
export async function deleteDocument(deps: AppDeps, auth: RequestAuth, id: string): Promise<void> {
  await withFile(deps, null, fileKeyOf(id), async (tx) => {
    await lockToolkit(tx);
    const current = await findDocument(tx, id);
    if (!current) throw documentNotFound();
    await deleteDocumentRow(tx, id);
    await removeFavouritesOf(tx, 'toolkit_document', [id]);
    await renumber(tx, 'toolkit_documents', await documentIdsInPlace(tx, current));
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-document.delete',
      subjectType: 'toolkit_document',
      subjectId: id,
      data: { title: current.title },
    });
    return current.fileKey;
  });
}

/** POST /api/admin/toolkit/documents/:id/move: one place up or down in its category or grouping. */
export async function moveDocument(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  move: ToolkitMove,
): Promise<{ items: StaffToolkitDocument[] }> {
  const place = await deps.db.transaction(async (tx) => {
    await lockToolkit(tx);
    const current = await findDocument(tx, id);
    if (!current) throw documentNotFound();
    await renumber(tx, 'toolkit_documents', swapped(await documentIdsInPlace(tx, current), id, move.direction));
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-document.move',
      subjectType: 'toolkit_document',
      subjectId: id,
      data: move,
    });
    return { categoryId: current.categoryId, groupingId: current.groupingId };
  });
  return { items: await readPlaceDocuments(deps.db, place) };
}

// ---------------------------------------------------------------- a user's flags

/** GET /api/admin/users/:userId/toolkit: a user's toolkit access and Treasure Chest flags. */
export async function readUserFlags(deps: AppDeps, userId: string): Promise<ToolkitUser> {
  const row = await findUserFlags(deps.db, userId);
  if (!row) throw notFound('No such user.');
  return row;
}

/** PUT /api/admin/users/:userId/toolkit: sets them all at once (audited with the old and new values). */
export async function saveUserFlags(
  deps: AppDeps,
  auth: RequestAuth,
  userId: string,
  flags: ToolkitUserFlags,
): Promise<ToolkitUser> {
  return deps.db.transaction(async (tx) => {
    const before = await lockUserFlags(tx, userId);
    if (!before) throw notFound('No such user.');
    const after = await updateUserFlags(tx, userId, flags);
    if (!after) throw notFound('No such user.');
    await audit(tx, {
      ...actorOf(auth),
      action: 'toolkit-flags.update',
      subjectType: 'user',
      subjectId: userId,
      data: { before, after: flags },
    });
    return after;
  });
}
