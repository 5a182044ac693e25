import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  isPdf,
  organizationResourceFields,
  organizationResourceMessages,
  schoolYearMessages,
  type SchoolYearInput,
  type SchoolYearList,
  type SchoolYearRow,
  type StaffOrganizationResourceList,
  type StaffOrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import { linkOrFileProblems } from '@portal/domain/content/resources.ts';
import {
  videoCollectionMessages,
  videoDocumentFields,
  type VideoCollection,
  type VideoCollectionInput,
  type VideoCollectionSummaries,
  type VideoInput,
} from '@portal/domain/content/video-collections.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { organizationResources, videoCollections, videoDocuments, videos } from '../../db/schema/content.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { removeFavouritesOf } from '../../core/favourites.ts';
import {
  documentKeysOf,
  listVideoCollections,
  nextVideoPosition,
  videoCollectionById,
} from '../../core/video-collections.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { MultipartForm } from '../../platform/multipart-form.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

const correct = 'Please correct the highlighted fields.';
const resourceNotFound = () => notFound(organizationResourceMessages.notFound);
const collectionNotFound = () => notFound(videoCollectionMessages.notFound);
const videoNotFound = () => notFound('No such video.');

/** A file name as it may be stored and shown: control characters (NUL included) dropped. */
const printable = (name: string) => [...name].filter((c) => c >= ' ' && c !== '\u007f').join('');
const pdfName = (name: string) => printable(name).trim().slice(0, 200) || 'document.pdf';

/**
 * Runs a write whose new file (if any) is stored inside the transaction and removed again when the
 * transaction fails; files the write replaced or dropped are removed only after the commit.
 */
async function withFiles<T>(
  deps: AppDeps,
  run: (
    tx: Executor,
    store: (key: string, bytes: Buffer) => Promise<void>,
  ) => Promise<{ result: T; dropped: string[] }>,
): Promise<T> {
  const stored: string[] = [];
  try {
    const { result, dropped } = await deps.db.transaction(async (tx) =>
      run(tx, async (key, bytes) => {
        stored.push(key);
        await deps.storage.put(key, bytes, 'application/pdf');
      }),
    );
    for (const key of dropped) await deps.storage.remove(key);
    return result;
  } catch (error) {
    for (const key of stored) await deps.storage.remove(key);
    throw error;
  }
}

// ---------------------------------------------------------------- school years

const yearColumns = {
  id: schoolYears.id,
  name: schoolYears.name,
  startsOn: schoolYears.startsOn,
  endsOn: schoolYears.endsOn,
};

export async function listSchoolYears(deps: AppDeps): Promise<SchoolYearList> {
  return { items: await deps.db.select(yearColumns).from(schoolYears).orderBy(desc(schoolYears.startsOn)) };
}

/** POST /api/admin/school-years: a new year; a name taken already is a 409 on the name. */
export async function createSchoolYear(
  deps: AppDeps,
  auth: RequestAuth,
  input: SchoolYearInput,
): Promise<SchoolYearRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(schoolYears).values(input).returning(yearColumns);
      if (!row) throw new Error('school year not created');
      await audit(tx, {
        ...actorOf(auth),
        action: 'school-year.create',
        subjectType: 'school_year',
        subjectId: row.id,
        data: input,
      });
      return row;
    });
  } catch (error) {
    if (violatedUniqueIndex(error) !== null)
      throw conflict(schoolYearMessages.taken, { name: schoolYearMessages.taken });
    throw error;
  }
}

// ---------------------------------------------------------------- organization resources

const staffColumns = {
  id: organizationResources.id,
  organizationId: organizationResources.organizationId,
  schoolYearId: organizationResources.schoolYearId,
  title: organizationResources.title,
  grades: organizationResources.grades,
  description: organizationResources.description,
  url: organizationResources.url,
  fileName: organizationResources.fileName,
  fileSize: organizationResources.fileSize,
};

function presentStaff(
  row: { fileName: string | null; fileSize: number | null } & Omit<StaffOrganizationResourceRow, 'file'>,
): StaffOrganizationResourceRow {
  const { fileName, fileSize, ...rest } = row;
  return { ...rest, file: fileName !== null && fileSize !== null ? { name: fileName, size: fileSize } : null };
}

export async function listStaffOrganizationResources(
  deps: AppDeps,
  query: { organizationId: string; schoolYearId: string; page: number; pageSize: number },
): Promise<StaffOrganizationResourceList> {
  const where = and(
    eq(organizationResources.organizationId, query.organizationId),
    eq(organizationResources.schoolYearId, query.schoolYearId),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(staffColumns)
      .from(organizationResources)
      .where(where)
      .orderBy(asc(organizationResources.title), asc(organizationResources.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(organizationResources).where(where),
  ]);
  return { items: rows.map(presentStaff), total: total?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The form's fields and PDF checked together, so every mistake shows at once; the PDF by its content. */
function validateResource(form: MultipartForm, hasFile: boolean) {
  const errors: Record<string, string> = {};
  const parsed = organizationResourceFields.safeParse(form.fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  if (form.file && !isPdf(form.file.bytes)) errors.file = organizationResourceMessages.fileType;
  for (const [field, message] of Object.entries(
    linkOrFileProblems(form.fields.url ?? '', form.file !== null, hasFile, organizationResourceMessages),
  ))
    errors[field] ??= message;
  if (!parsed.success || Object.keys(errors).length > 0) throw badRequest(correct, errors);
  return { fields: parsed.data, file: form.file };
}

async function checkPlace(tx: Executor, organizationId: string, schoolYearId: string): Promise<void> {
  const [organization] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [year] = await tx.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.id, schoolYearId));
  const errors: Record<string, string> = {};
  if (!organization) errors.organizationId = organizationResourceMessages.unknownOrganization;
  if (!year) errors.schoolYearId = organizationResourceMessages.unknownSchoolYear;
  if (Object.keys(errors).length > 0) throw badRequest(correct, errors);
}

const resourceKey = (id: string) => `organization-resources/${id}/${randomUUID()}.pdf`;

async function staffRow(db: Executor, id: string): Promise<StaffOrganizationResourceRow> {
  const [row] = await db.select(staffColumns).from(organizationResources).where(eq(organizationResources.id, id));
  if (!row) throw resourceNotFound();
  return presentStaff(row);
}

/** POST /api/admin/organization-resources: a link or a PDF for an organization and a school year. */
export async function createOrganizationResource(
  deps: AppDeps,
  auth: RequestAuth,
  form: MultipartForm,
): Promise<StaffOrganizationResourceRow> {
  const { fields, file } = validateResource(form, false);
  const id = randomUUID();
  await withFiles(deps, async (tx, store) => {
    await checkPlace(tx, fields.organizationId, fields.schoolYearId);
    const fileKey = file ? resourceKey(id) : null;
    await tx.insert(organizationResources).values({
      id,
      organizationId: fields.organizationId,
      schoolYearId: fields.schoolYearId,
      title: fields.title,
      grades: fields.grades,
      description: fields.description,
      url: file ? null : fields.url,
      fileKey,
      fileName: file ? pdfName(file.name) : null,
      fileSize: file?.bytes.length ?? null,
      createdById: auth.user.id,
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization-resource.create',
      subjectType: 'organization_resource',
      subjectId: id,
      data: { ...fields, file: file ? { name: pdfName(file.name), size: file.bytes.length } : null },
    });
    if (file && fileKey) await store(fileKey, file.bytes);
    return { result: undefined, dropped: [] };
  });
  return staffRow(deps.db, id);
}

/** PUT /api/admin/organization-resources/:id: a new PDF replaces the old; a link replaces a PDF; with neither, the PDF stays. */
export async function updateOrganizationResource(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  form: MultipartForm,
): Promise<StaffOrganizationResourceRow> {
  const [current] = await deps.db
    .select({ fileKey: organizationResources.fileKey })
    .from(organizationResources)
    .where(eq(organizationResources.id, id));
  if (!current) throw resourceNotFound();
  const { fields, file } = validateResource(form, current.fileKey !== null);
  await withFiles(deps, async (tx, store) => {
    const [locked] = await tx
      .select({ fileKey: organizationResources.fileKey })
      .from(organizationResources)
      .where(eq(organizationResources.id, id))
      .for('update');
    if (!locked) throw resourceNotFound();
    await checkPlace(tx, fields.organizationId, fields.schoolYearId);
    const keepFile = !file && fields.url === '';
    if (keepFile && locked.fileKey === null)
      throw badRequest(correct, linkOrFileProblems('', false, false, organizationResourceMessages));
    const fileKey = file ? resourceKey(id) : null;
    await tx
      .update(organizationResources)
      .set({
        organizationId: fields.organizationId,
        schoolYearId: fields.schoolYearId,
        title: fields.title,
        grades: fields.grades,
        description: fields.description,
        ...(keepFile
          ? {}
          : {
              url: file ? null : fields.url,
              fileKey,
              fileName: file ? pdfName(file.name) : null,
              fileSize: file?.bytes.length ?? null,
            }),
      })
      .where(eq(organizationResources.id, id));
    // A link instead of a PDF can no longer be saved: nobody keeps it in My Saved Resources.
    if (!keepFile && !file) await removeFavouritesOf(tx, 'organization_resource', [id]);
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization-resource.update',
      subjectType: 'organization_resource',
      subjectId: id,
      data: { ...fields, newFile: file !== null },
    });
    if (file && fileKey) await store(fileKey, file.bytes);
    return { result: undefined, dropped: !keepFile && locked.fileKey ? [locked.fileKey] : [] };
  });
  return staffRow(deps.db, id);
}

export async function deleteOrganizationResource(deps: AppDeps, auth: RequestAuth, id: string): Promise<void> {
  await withFiles(deps, async (tx) => {
    const [deleted] = await tx
      .delete(organizationResources)
      .where(eq(organizationResources.id, id))
      .returning({ fileKey: organizationResources.fileKey, title: organizationResources.title });
    if (!deleted) throw resourceNotFound();
    await removeFavouritesOf(tx, 'organization_resource', [id]);
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization-resource.delete',
      subjectType: 'organization_resource',
      subjectId: id,
      data: { title: deleted.title },
    });
    return { result: undefined, dropped: deleted.fileKey ? [deleted.fileKey] : [] };
  });
}

// ---------------------------------------------------------------- video collections

export async function listStaffVideoCollections(deps: AppDeps): Promise<VideoCollectionSummaries> {
  return { items: await listVideoCollections(deps.db) };
}

async function saveCollection(deps: AppDeps, write: () => Promise<string>): Promise<VideoCollection> {
  try {
    return await videoCollectionById(deps.db, await write());
  } catch (error) {
    if (violatedUniqueIndex(error) !== null)
      throw conflict(videoCollectionMessages.slugTaken, { slug: videoCollectionMessages.slugTaken });
    throw error;
  }
}

export async function createVideoCollection(
  deps: AppDeps,
  auth: RequestAuth,
  input: VideoCollectionInput & { description: string },
): Promise<VideoCollection> {
  return saveCollection(deps, () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(videoCollections).values(input).returning({ id: videoCollections.id });
      if (!row) throw new Error('collection not created');
      await audit(tx, {
        ...actorOf(auth),
        action: 'video-collection.create',
        subjectType: 'video_collection',
        subjectId: row.id,
        data: input,
      });
      return row.id;
    }),
  );
}

export async function updateVideoCollection(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  input: VideoCollectionInput & { description: string },
): Promise<VideoCollection> {
  return saveCollection(deps, () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(videoCollections)
        .set(input)
        .where(eq(videoCollections.id, id))
        .returning({ id: videoCollections.id });
      if (!row) throw collectionNotFound();
      await audit(tx, {
        ...actorOf(auth),
        action: 'video-collection.update',
        subjectType: 'video_collection',
        subjectId: id,
        data: input,
      });
      return row.id;
    }),
  );
}

export async function deleteVideoCollection(deps: AppDeps, auth: RequestAuth, id: string): Promise<void> {
  await withFiles(deps, async (tx) => {
    const keys = await documentKeysOf(tx, { collectionId: id });
    const videoIds = (await tx.select({ id: videos.id }).from(videos).where(eq(videos.collectionId, id))).map(
      (row) => row.id,
    );
    const [deleted] = await tx
      .delete(videoCollections)
      .where(eq(videoCollections.id, id))
      .returning({ name: videoCollections.name });
    if (!deleted) throw collectionNotFound();
    await removeFavouritesOf(tx, 'video', videoIds);
    await audit(tx, {
      ...actorOf(auth),
      action: 'video-collection.delete',
      subjectType: 'video_collection',
      subjectId: id,
      data: { name: deleted.name },
    });
    return { result: undefined, dropped: keys };
  });
}

export async function addVideo(
  deps: AppDeps,
  auth: RequestAuth,
  collectionId: string,
  input: VideoInput & { description: string },
): Promise<VideoCollection> {
  await deps.db.transaction(async (tx) => {
    const [collection] = await tx
      .select({ id: videoCollections.id })
      .from(videoCollections)
      .where(eq(videoCollections.id, collectionId))
      .for('update');
    if (!collection) throw collectionNotFound();
    const [row] = await tx
      .insert(videos)
      .values({ ...input, collectionId, position: await nextVideoPosition(tx, collectionId) })
      .returning({ id: videos.id });
    await audit(tx, {
      ...actorOf(auth),
      action: 'video.create',
      subjectType: 'video',
      subjectId: row?.id ?? null,
      data: { collectionId, ...input },
    });
  });
  return videoCollectionById(deps.db, collectionId);
}

export async function updateVideo(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  input: VideoInput & { description: string },
): Promise<VideoCollection> {
  const collectionId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(videos)
      .set(input)
      .where(eq(videos.id, id))
      .returning({ collectionId: videos.collectionId });
    if (!row) throw videoNotFound();
    await audit(tx, { ...actorOf(auth), action: 'video.update', subjectType: 'video', subjectId: id, data: input });
    return row.collectionId;
  });
  return videoCollectionById(deps.db, collectionId);
}

export async function deleteVideo(deps: AppDeps, auth: RequestAuth, id: string): Promise<void> {
  await withFiles(deps, async (tx) => {
    const keys = await documentKeysOf(tx, { videoId: id });
    const [deleted] = await tx.delete(videos).where(eq(videos.id, id)).returning({ title: videos.title });
    if (!deleted) throw videoNotFound();
    await removeFavouritesOf(tx, 'video', [id]);
    await audit(tx, {
      ...actorOf(auth),
      action: 'video.delete',
      subjectType: 'video',
      subjectId: id,
      data: { title: deleted.title },
    });
    return { result: undefined, dropped: keys };
  });
}

/** POST /api/admin/videos/:id/documents: a titled PDF, checked by its content. */
export async function addVideoDocument(
  deps: AppDeps,
  auth: RequestAuth,
  videoId: string,
  form: MultipartForm,
): Promise<VideoCollection> {
  const errors: Record<string, string> = {};
  const parsed = videoDocumentFields.safeParse(form.fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  if (!form.file) errors.file = videoCollectionMessages.fileRequired;
  else if (!isPdf(form.file.bytes)) errors.file = videoCollectionMessages.fileType;
  if (!parsed.success || !form.file || Object.keys(errors).length > 0) throw badRequest(correct, errors);
  const file = form.file;
  const collectionId = await withFiles(deps, async (tx, store) => {
    const [video] = await tx
      .select({ collectionId: videos.collectionId })
      .from(videos)
      .where(eq(videos.id, videoId))
      .for('update');
    if (!video) throw videoNotFound();
    const id = randomUUID();
    const fileKey = `video-documents/${id}/${randomUUID()}.pdf`;
    await tx.insert(videoDocuments).values({
      id,
      videoId,
      title: parsed.data.title,
      fileKey,
      fileName: pdfName(file.name),
      fileSize: file.bytes.length,
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'video-document.create',
      subjectType: 'video_document',
      subjectId: id,
      data: { videoId, title: parsed.data.title, size: file.bytes.length },
    });
    await store(fileKey, file.bytes);
    return { result: video.collectionId, dropped: [] };
  });
  return videoCollectionById(deps.db, collectionId);
}

export async function deleteVideoDocument(deps: AppDeps, auth: RequestAuth, id: string): Promise<void> {
  await withFiles(deps, async (tx) => {
    const [deleted] = await tx
      .delete(videoDocuments)
      .where(eq(videoDocuments.id, id))
      .returning({ fileKey: videoDocuments.fileKey, title: videoDocuments.title });
    if (!deleted) throw notFound(videoCollectionMessages.documentNotFound);
    await audit(tx, {
      ...actorOf(auth),
      action: 'video-document.delete',
      subjectType: 'video_document',
      subjectId: id,
      data: { title: deleted.title },
    });
    return { result: undefined, dropped: [deleted.fileKey] };
  });
}
