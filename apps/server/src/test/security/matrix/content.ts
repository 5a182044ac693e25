import { desc } from 'drizzle-orm';
import { organizationResources, videoCollections, videoDocuments, videos } from '../../../db/schema/content.ts';
import { schoolYears } from '../../../db/schema/lookups.ts';
import { multipart, pdf, uniqueName, type World } from '../fixtures.ts';
import { signedIn, staffOnly, type Rows } from './rows.ts';

/**
 * Organization resources, video collections and the 'Resources' page. School A has a PDF resource:
 * its members (staff viewing as one too) and staff in their own session open it; school B's people are
 * told it does not exist (404). Every signed-in member may watch the world's video collection.
 */
const schoolAOrStaff = (ok: number) => ({
  anonymous: 401,
  otherMember: 404,
  otherAdmin: 404,
  otherOwner: 404,
  member: ok,
  admin: ok,
  owner: ok,
  staff: ok,
  staffAsMember: ok,
});

interface ContentWorld {
  schoolYearId: string;
  resourceId: string;
  collectionId: string;
  slug: string;
  videoId: string;
  documentId: string;
}

const built = new WeakMap<World, Promise<ContentWorld>>();

let counter = 0;
const unique = () => {
  counter += 1;
  return counter;
};

async function newResource(w: World, schoolYearId: string): Promise<string> {
  const id = crypto.randomUUID();
  const fileKey = `organization-resources/${id}/matrix.pdf`;
  await w.t.deps.storage.put(fileKey, pdf, 'application/pdf');
  await w.t.deps.db.insert(organizationResources).values({
    id,
    organizationId: w.schoolA.organization.id,
    schoolYearId,
    title: uniqueName('Fluency guide'),
    fileKey,
    fileName: 'guide.pdf',
    fileSize: pdf.length,
  });
  return id;
}

async function newVideo(w: World, collectionId: string): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(videos)
    .values({ collectionId, vimeoId: '76979871', title: uniqueName('Modeling') })
    .returning({ id: videos.id });
  if (!row) throw new Error('video not created');
  return row.id;
}

async function newDocument(w: World, videoId: string): Promise<string> {
  const id = crypto.randomUUID();
  const fileKey = `video-documents/${id}/matrix.pdf`;
  await w.t.deps.storage.put(fileKey, pdf, 'application/pdf');
  await w.t.deps.db
    .insert(videoDocuments)
    .values({ id, videoId, title: uniqueName('Guide'), fileKey, fileName: 'guide.pdf', fileSize: pdf.length });
  return id;
}

async function newCollection(w: World): Promise<{ id: string; slug: string }> {
  const slug = `matrix-${unique()}-${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await w.t.deps.db
    .insert(videoCollections)
    .values({ slug, name: uniqueName('Coaching') })
    .returning({ id: videoCollections.id });
  if (!row) throw new Error('collection not created');
  return { id: row.id, slug };
}

function contentWorld(w: World): Promise<ContentWorld> {
  let found = built.get(w);
  if (!found) {
    found = (async () => {
      const [year] = await w.t.deps.db
        .select({ id: schoolYears.id })
        .from(schoolYears)
        .orderBy(desc(schoolYears.startsOn));
      if (!year) throw new Error('no school year');
      const collection = await newCollection(w);
      const videoId = await newVideo(w, collection.id);
      return {
        schoolYearId: year.id,
        resourceId: await newResource(w, year.id),
        collectionId: collection.id,
        slug: collection.slug,
        videoId,
        documentId: await newDocument(w, videoId),
      };
    })();
    built.set(w, found);
  }
  return found;
}

const resourceForm = async (w: World) =>
  multipart(
    {
      organizationId: w.schoolA.organization.id,
      schoolYearId: (await contentWorld(w)).schoolYearId,
      title: uniqueName('Talk moves'),
      grades: 'K–5',
    },
    pdf,
  );

export const contentRows: Rows = {
  'GET /api/organization-resources/filters': { expect: signedIn(200) },
  'GET /api/organization-resources': {
    input: async (w) => ({
      query: {
        organizationId: w.schoolA.organization.id,
        schoolYearId: (await contentWorld(w)).schoolYearId,
        search: 'fluency',
      },
    }),
    expect: schoolAOrStaff(200),
  },
  'GET /api/organization-resources/:resourceId/file': {
    input: async (w) => ({ params: { resourceId: (await contentWorld(w)).resourceId } }),
    expect: schoolAOrStaff(200),
  },
  'GET /api/video-collections/:slug': {
    input: async (w) => ({ params: { slug: (await contentWorld(w)).slug } }),
    expect: signedIn(200),
  },
  'GET /api/video-documents/:documentId/file': {
    input: async (w) => ({ params: { documentId: (await contentWorld(w)).documentId } }),
    expect: signedIn(200),
  },
  'GET /api/resources-hub': { expect: signedIn(200) },

  'GET /api/admin/school-years': { expect: staffOnly(200) },
  'POST /api/admin/school-years': {
    input: () => {
      const start = 3000 + unique();
      return { body: { name: `${start}-${start + 1}`, startsOn: `${start}-07-01`, endsOn: `${start + 1}-06-30` } };
    },
    expect: staffOnly(201),
  },
  'GET /api/admin/organization-resources': {
    input: async (w) => ({
      query: { organizationId: w.schoolA.organization.id, schoolYearId: (await contentWorld(w)).schoolYearId },
    }),
    expect: staffOnly(200),
  },
  'POST /api/admin/organization-resources': { input: async (w) => resourceForm(w), expect: staffOnly(201) },
  'PUT /api/admin/organization-resources/:id': {
    input: async (w) => ({
      params: { id: await newResource(w, (await contentWorld(w)).schoolYearId) },
      ...(await resourceForm(w)),
    }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/organization-resources/:id': {
    input: async (w) => ({ params: { id: await newResource(w, (await contentWorld(w)).schoolYearId) } }),
    expect: staffOnly(204),
  },
  'GET /api/admin/video-collections': { expect: staffOnly(200) },
  'POST /api/admin/video-collections': {
    input: () => ({
      body: { name: uniqueName('Number talks'), slug: `number-talks-${unique()}-${crypto.randomUUID().slice(0, 8)}` },
    }),
    expect: staffOnly(201),
  },
  'GET /api/admin/video-collections/:id': {
    input: async (w) => ({ params: { id: (await contentWorld(w)).collectionId } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/video-collections/:id': {
    input: async (w) => {
      const collection = await newCollection(w);
      return { params: { id: collection.id }, body: { name: uniqueName('Renamed'), slug: collection.slug } };
    },
    expect: staffOnly(200),
  },
  'DELETE /api/admin/video-collections/:id': {
    input: async (w) => ({ params: { id: (await newCollection(w)).id } }),
    expect: staffOnly(204),
  },
  'POST /api/admin/video-collections/:id/videos': {
    input: async (w) => ({
      params: { id: (await contentWorld(w)).collectionId },
      body: { vimeoId: '22439234', title: uniqueName('Debrief') },
    }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/videos/:id': {
    input: async (w) => ({
      params: { id: await newVideo(w, (await contentWorld(w)).collectionId) },
      body: { vimeoId: '22439234', title: uniqueName('Debrief') },
    }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/videos/:id': {
    input: async (w) => ({ params: { id: await newVideo(w, (await contentWorld(w)).collectionId) } }),
    expect: staffOnly(204),
  },
  'POST /api/admin/videos/:id/documents': {
    input: async (w) => ({
      params: { id: (await contentWorld(w)).videoId },
      ...multipart({ title: uniqueName('Guide') }, pdf),
    }),
    expect: staffOnly(201),
  },
  'DELETE /api/admin/video-documents/:id': {
    input: async (w) => ({ params: { id: await newDocument(w, (await contentWorld(w)).videoId) } }),
    expect: staffOnly(204),
  },
};
