import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/users.ts';
import { createCategory, createDocument, createGrouping } from '../../toolkit-factories.ts';
import { multipart, pdf, uniqueName, type World } from '../fixtures.ts';
import { staffOnly, type Rows } from './rows.ts';

/**
 * The toolkit: school A's member holds toolkit access (staff viewing as them too); everyone else,
 * staff in their own session included, holds none and is refused (403). The world has a category with
 * a document, and a grouping, for the member routes and staff rows to act on.
 */
const toolkitMember = (ok: number) => ({
  anonymous: 401,
  otherMember: 403,
  otherAdmin: 403,
  otherOwner: 403,
  member: ok,
  admin: 403,
  owner: 403,
  staff: 403,
  staffAsMember: ok,
});

interface ToolkitWorld {
  categoryId: string;
  groupingId: string;
  documentId: string;
}

const built = new WeakMap<World, Promise<ToolkitWorld>>();

function toolkitWorld(w: World): Promise<ToolkitWorld> {
  let found = built.get(w);
  if (!found) {
    found = (async () => {
      const db = w.t.deps.db;
      await db.update(users).set({ toolKitAccess: true }).where(eq(users.id, w.schoolA.member.user.id));
      const category = await createCategory(db, uniqueName('Routines'));
      const grouping = await createGrouping(db, uniqueName('Literacy'));
      const document = await createDocument(db, w.t.deps.storage, {
        title: uniqueName('Guide'),
        categoryId: category.id,
        bytes: pdf,
      });
      return { categoryId: category.id, groupingId: grouping.id, documentId: document.id };
    })();
    built.set(w, found);
  }
  return found;
}

const newDocument = async (w: World) =>
  (
    await createDocument(w.t.deps.db, w.t.deps.storage, {
      title: uniqueName('Handout'),
      categoryId: (await toolkitWorld(w)).categoryId,
      bytes: pdf,
    })
  ).id;
const documentForm = async (w: World) =>
  multipart(
    { title: uniqueName('Handout'), description: 'Week one', categoryId: (await toolkitWorld(w)).categoryId },
    pdf,
  );
const favourite = async (w: World) => ({
  body: { targetType: 'toolkit_document', targetId: (await toolkitWorld(w)).documentId },
});

export const toolkitRows: Rows = {
  'GET /api/toolkit/treasure-chest': {
    input: async (w) => {
      await toolkitWorld(w);
      return {};
    },
    expect: toolkitMember(200),
  },
  'GET /api/toolkit/documents/:documentId/file': {
    input: async (w) => ({ params: { documentId: (await toolkitWorld(w)).documentId } }),
    expect: toolkitMember(200),
  },
  'GET /api/favourites': {
    input: async (w) => {
      await toolkitWorld(w);
      return {};
    },
    expect: toolkitMember(200),
  },
  'POST /api/favourites': { input: favourite, expect: toolkitMember(200) },
  'DELETE /api/favourites': { input: favourite, expect: toolkitMember(200) },

  'GET /api/admin/toolkit/outline': { expect: staffOnly(200) },
  'POST /api/admin/toolkit/categories': {
    input: () => ({ body: { name: uniqueName('Category'), audience: ['testPrep'] } }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/toolkit/categories/:id': {
    input: async (w) => ({
      params: { id: (await toolkitWorld(w)).categoryId },
      body: { name: uniqueName('Routines') },
    }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/toolkit/categories/:id': {
    input: async (w) => ({ params: { id: (await createCategory(w.t.deps.db, uniqueName('Empty'))).id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/toolkit/categories/:id/move': {
    // A category made last can always move up past the world's own.
    input: async (w) => {
      await toolkitWorld(w);
      return {
        params: { id: (await createCategory(w.t.deps.db, uniqueName('Last'), [], 1000)).id },
        body: { direction: 'up' },
      };
    },
    expect: staffOnly(200),
  },
  'POST /api/admin/toolkit/groupings': {
    input: async (w) => ({ body: { title: uniqueName('Units'), parentId: (await toolkitWorld(w)).groupingId } }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/toolkit/groupings/:id': {
    input: async (w) => ({
      params: { id: (await toolkitWorld(w)).groupingId },
      body: { title: uniqueName('Literacy'), parentId: null, audience: ['grade3Pilot'] },
    }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/toolkit/groupings/:id': {
    input: async (w) => ({ params: { id: (await createGrouping(w.t.deps.db, uniqueName('Empty'))).id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/toolkit/groupings/:id/move': {
    input: async (w) => {
      await toolkitWorld(w);
      return {
        params: { id: (await createGrouping(w.t.deps.db, uniqueName('Last'), { position: 1000 })).id },
        body: { direction: 'up' },
      };
    },
    expect: staffOnly(200),
  },
  'GET /api/admin/toolkit/documents': { input: () => ({ query: { search: 'Guide' } }), expect: staffOnly(200) },
  'POST /api/admin/toolkit/documents': { input: documentForm, expect: staffOnly(201) },
  'PUT /api/admin/toolkit/documents/:id': {
    input: async (w) => ({ params: { id: await newDocument(w) }, ...(await documentForm(w)) }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/toolkit/documents/:id': {
    input: async (w) => ({ params: { id: await newDocument(w) } }),
    expect: staffOnly(204),
  },
  'POST /api/admin/toolkit/documents/:id/move': {
    input: async (w) => {
      const { categoryId } = await toolkitWorld(w);
      const id = (
        await createDocument(w.t.deps.db, w.t.deps.storage, {
          title: uniqueName('Last'),
          categoryId,
          position: 1000,
          bytes: pdf,
        })
      ).id;
      return { params: { id }, body: { direction: 'up' } };
    },
    expect: staffOnly(200),
  },
  'GET /api/admin/users/:userId/toolkit': {
    input: (w) => ({ params: { userId: w.schoolB.member.user.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/users/:userId/toolkit': {
    input: (w) => ({
      params: { userId: w.schoolB.member.user.id },
      body: {
        toolKitAccess: false,
        schoolLeaderAccess: false,
        testPrep: true,
        grade3Pilot: false,
        grade4Pilot: false,
        grade5Pilot: false,
      },
    }),
    expect: staffOnly(200),
  },
};
