import { beforeAll, describe, expect, it } from 'vitest';
import {
  toolkitMessages,
  type StaffToolkitDocument,
  type StaffToolkitOutline,
} from '@portal/domain/content/toolkit.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { resourcePdf } from '../../test/resource-factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { toolkitMember } from '../../test/toolkit-factories.ts';

const t = useTestApp();

let staff: Caller;
let member: Caller;

beforeAll(async () => {
  staff = (await signedInUser(t, 'STAFF')).caller;
  member = (await toolkitMember(t)).caller;
});

const outline = async () =>
  (await call(t.app, 'GET', '/api/admin/toolkit/outline', { caller: staff })).json<StaffToolkitOutline>();
const upload = (
  caller: Caller,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  method: 'POST' | 'PUT' = 'POST',
  id = '',
) => {
  const form = multipartBody(fields, file);
  return call(t.app, method, `/api/admin/toolkit/documents${id ? `/${id}` : ''}`, {
    caller,
    body: form.body,
    headers: form.headers,
  });
};

describe('categories and groupings', () => {
  it('staff create categories last in order, aimed at flags, and move them', async () => {
    await call(t.app, 'POST', '/api/admin/toolkit/categories', { caller: staff, body: { name: 'Classroom routines' } });
    const created = await call(t.app, 'POST', '/api/admin/toolkit/categories', {
      caller: staff,
      body: { name: 'Leading a school', audience: ['schoolLeader'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<StaffToolkitOutline>().categories).toMatchObject([
      { name: 'Classroom routines', audience: [], order: 0, documentCount: 0 },
      { name: 'Leading a school', audience: ['schoolLeader'], order: 1 },
    ]);
    const second = created.json<StaffToolkitOutline>().categories[1]?.id ?? '';
    const moved = await call(t.app, 'POST', `/api/admin/toolkit/categories/${second}/move`, {
      caller: staff,
      body: { direction: 'up' },
    });
    expect(moved.json<StaffToolkitOutline>().categories.map((c) => c.name)).toEqual([
      'Leading a school',
      'Classroom routines',
    ]);
    const stuck = await call(t.app, 'POST', `/api/admin/toolkit/categories/${second}/move`, {
      caller: staff,
      body: { direction: 'up' },
    });
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json().detail).toBe(toolkitMessages.alreadyFirst);
  });

  it('nests groupings, refusing a loop and more than 4 levels', async () => {
    const add = async (title: string, parentId: string | null) =>
      (await call(t.app, 'POST', '/api/admin/toolkit/groupings', { caller: staff, body: { title, parentId } }))
        .json<StaffToolkitOutline>()
        .groupings.find((g) => g.title === title)?.id ?? '';
    const top = await add('Literacy', null);
    const second = await add('Grade 3', top);
    const third = await add('Units', second);
    const fourth = await add('Unit 1', third);
    const tooDeep = await call(t.app, 'POST', '/api/admin/toolkit/groupings', {
      caller: staff,
      body: { title: 'Week 1', parentId: fourth },
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors).toEqual({ parentId: toolkitMessages.tooDeep });
    const loop = await call(t.app, 'PUT', `/api/admin/toolkit/groupings/${top}`, {
      caller: staff,
      body: { title: 'Literacy', parentId: third },
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors).toEqual({ parentId: toolkitMessages.parentCycle });
    const retarget = await call(t.app, 'PUT', `/api/admin/toolkit/groupings/${second}`, {
      caller: staff,
      body: { title: 'Grade 3 pilot', parentId: top, audience: ['grade3Pilot'] },
    });
    expect(retarget.json<StaffToolkitOutline>().groupings.find((g) => g.id === second)).toMatchObject({
      title: 'Grade 3 pilot',
      parentId: top,
      audience: ['grade3Pilot'],
    });
    const notEmpty = await call(t.app, 'DELETE', `/api/admin/toolkit/groupings/${top}`, { caller: staff });
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().detail).toBe(toolkitMessages.notEmpty);
    expect((await call(t.app, 'DELETE', `/api/admin/toolkit/groupings/${fourth}`, { caller: staff })).statusCode).toBe(
      200,
    );
  });

  it('refuses bad input per field, and members (403)', async () => {
    const bad = await call(t.app, 'POST', '/api/admin/toolkit/categories', {
      caller: staff,
      body: { name: ' ', audience: ['everyone'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: toolkitMessages.nameRequired, 'audience.0': expect.any(String) });
    expect(
      (await call(t.app, 'POST', '/api/admin/toolkit/categories', { caller: member, body: { name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/toolkit/outline', { caller: member })).statusCode).toBe(403);
  });
});

describe('documents', () => {
  it('staff upload a PDF into a category; members can then download it; staff replace and delete it', async () => {
    const category = (await outline()).categories.find((c) => c.name === 'Classroom routines')?.id ?? '';
    const created = await upload(
      staff,
      { title: 'Morning meeting guide', description: 'Ten minutes to start the day', categoryId: category },
      { name: 'morning.pdf', bytes: resourcePdf },
    );
    expect(created.statusCode).toBe(201);
    const document = created.json<StaffToolkitDocument>();
    expect(document).toMatchObject({
      title: 'Morning meeting guide',
      fileName: 'morning.pdf',
      fileSize: resourcePdf.length,
      categoryId: category,
      groupingId: null,
      order: 0,
    });
    const file = await call(t.app, 'GET', `/api/toolkit/documents/${document.id}/file`, { caller: member });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(resourcePdf)).toBe(true);

    const replacement = Buffer.concat([resourcePdf, Buffer.from('% second edition\n')]);
    const edited = await upload(
      staff,
      { title: 'Morning meeting', categoryId: category },
      { name: 'morning-2.pdf', bytes: replacement },
      'PUT',
      document.id,
    );
    expect(edited.json()).toMatchObject({
      title: 'Morning meeting',
      fileName: 'morning-2.pdf',
      fileSize: replacement.length,
    });
    expect(
      (await call(t.app, 'GET', `/api/toolkit/documents/${document.id}/file`, { caller: member })).rawPayload.equals(
        replacement,
      ),
    ).toBe(true);

    const listed = await call(t.app, 'GET', '/api/admin/toolkit/documents?search=morning', { caller: staff });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: document.id }] });

    await call(t.app, 'POST', '/api/favourites', {
      caller: member,
      body: { targetType: 'toolkit_document', targetId: document.id },
    });
    expect(
      (await call(t.app, 'DELETE', `/api/admin/toolkit/documents/${document.id}`, { caller: staff })).statusCode,
    ).toBe(204);
    expect(
      (await call(t.app, 'GET', `/api/toolkit/documents/${document.id}/file`, { caller: member })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/favourites', { caller: member })).json()).toMatchObject({ total: 0 });
  });

  it('refuses a file that is not a PDF by content, a missing file and place, and both places at once', async () => {
    const { categories, groupings } = await outline();
    const html = await upload(
      staff,
      { title: 'Not a PDF', categoryId: categories[0]?.id ?? '' },
      { name: 'fake.pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().errors).toEqual({ file: toolkitMessages.fileType });
    const empty = await upload(staff, { title: '' });
    expect(empty.json().errors).toEqual({
      title: toolkitMessages.titleRequired,
      categoryId: toolkitMessages.placeRequired,
      file: toolkitMessages.fileRequired,
    });
    const both = await upload(
      staff,
      { title: 'Both', categoryId: categories[0]?.id ?? '', groupingId: groupings[0]?.id ?? '' },
      { name: 'a.pdf', bytes: resourcePdf },
    );
    expect(both.json().errors).toEqual({ categoryId: toolkitMessages.placeOne });
  });

  it('moves documents within their place, and refuses members (403)', async () => {
    const grouping = (await outline()).groupings[0]?.id ?? '';
    const first = (
      await upload(staff, { title: 'First', groupingId: grouping }, { name: 'a.pdf', bytes: resourcePdf })
    ).json<StaffToolkitDocument>();
    const second = (
      await upload(staff, { title: 'Second', groupingId: grouping }, { name: 'b.pdf', bytes: resourcePdf })
    ).json<StaffToolkitDocument>();
    const moved = await call(t.app, 'POST', `/api/admin/toolkit/documents/${second.id}/move`, {
      caller: staff,
      body: { direction: 'up' },
    });
    expect(moved.json<{ items: StaffToolkitDocument[] }>().items.map((d) => d.title)).toEqual(['Second', 'First']);
    expect(
      (await upload(member, { title: 'Mine', groupingId: grouping }, { name: 'm.pdf', bytes: resourcePdf })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', `/api/admin/toolkit/documents/${first.id}`, { caller: member })).statusCode,
    ).toBe(403);
  });
});

describe("a user's toolkit flags", () => {
  it('staff read and set them; the member then sees the Treasure Chest; members may not set them', async () => {
    const target = await toolkitMember(t, { toolKitAccess: false });
    expect((await call(t.app, 'GET', '/api/toolkit/treasure-chest', { caller: target.caller })).statusCode).toBe(403);
    const flags = {
      toolKitAccess: true,
      schoolLeaderAccess: true,
      testPrep: false,
      grade3Pilot: true,
      grade4Pilot: false,
      grade5Pilot: false,
    };
    const saved = await call(t.app, 'PUT', `/api/admin/users/${target.user.id}/toolkit`, {
      caller: staff,
      body: flags,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: target.user.id, ...flags });
    expect(
      (await call(t.app, 'GET', `/api/admin/users/${target.user.id}/toolkit`, { caller: staff })).json(),
    ).toMatchObject(flags);
    expect((await call(t.app, 'GET', '/api/toolkit/treasure-chest', { caller: target.caller })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'PUT', `/api/admin/users/${target.user.id}/toolkit`, { caller: member, body: flags }))
        .statusCode,
    ).toBe(403);
    const bad = await call(t.app, 'PUT', `/api/admin/users/${target.user.id}/toolkit`, {
      caller: staff,
      body: { toolKitAccess: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/toolkit', { caller: staff }))
        .statusCode,
    ).toBe(404);
  });
});
