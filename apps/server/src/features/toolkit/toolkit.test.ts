import { beforeAll, describe, expect, it } from 'vitest';
import { toolkitMessages, type TreasureChest } from '@portal/domain/content/toolkit.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { resourcePdf } from '../../test/resource-factories.ts';
import { createCategory, createDocument, createGrouping, toolkitMember } from '../../test/toolkit-factories.ts';

const t = useTestApp();

const chest = (caller?: Caller) => call(t.app, 'GET', '/api/toolkit/treasure-chest', caller ? { caller } : {});
const download = (caller: Caller | undefined, id: string) =>
  call(t.app, 'GET', `/api/toolkit/documents/${id}/file`, caller ? { caller } : {});

/** Every title a Treasure Chest shows: containers and documents. */
function titles(reply: TreasureChest): string[] {
  return [
    ...reply.categories.flatMap((c) => [c.name, ...c.documents.map((d) => d.title)]),
    ...reply.groupings.flatMap((g) => [g.title, ...g.documents.map((d) => d.title)]),
  ];
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = t.deps.db;
  const storage = t.deps.storage;
  const everyone = await createCategory(db, 'Classroom routines', [], 0);
  const leaders = await createCategory(db, 'Leading a school', ['schoolLeader'], 1);
  const testPrep = await createCategory(db, 'Test prep', ['testPrep'], 2);
  const literacy = await createGrouping(db, 'Literacy', { position: 0 });
  const grade3 = await createGrouping(db, 'Grade 3 pilot', { parentId: literacy.id, audience: ['grade3Pilot'] });
  const units = await createGrouping(db, 'Units', { parentId: grade3.id });
  const grade5 = await createGrouping(db, 'Grade 5 pilot', {
    parentId: literacy.id,
    audience: ['grade5Pilot'],
    position: 1,
  });
  ids.everyone = (await createDocument(db, storage, { title: 'Morning meeting guide', categoryId: everyone.id })).id;
  ids.leaders = (await createDocument(db, storage, { title: 'Walkthrough checklist', categoryId: leaders.id })).id;
  ids.testPrep = (await createDocument(db, storage, { title: 'Practice test', categoryId: testPrep.id })).id;
  ids.literacy = (await createDocument(db, storage, { title: 'Reading workshop', groupingId: literacy.id })).id;
  ids.unit = (await createDocument(db, storage, { title: 'Unit 1 plan', groupingId: units.id })).id;
  ids.grade5 = (await createDocument(db, storage, { title: 'Grade 5 novel study', groupingId: grade5.id })).id;
  ids.units = units.id;
  ids.grade3 = grade3.id;
});

describe('GET /api/toolkit/treasure-chest', () => {
  it('shows a plain toolkit member what is aimed at everyone, nested groupings in order', async () => {
    const member = await toolkitMember(t);
    const response = await chest(member.caller);
    expect(response.statusCode).toBe(200);
    const reply = response.json<TreasureChest>();
    expect(titles(reply)).toEqual(['Classroom routines', 'Morning meeting guide', 'Literacy', 'Reading workshop']);
    expect(reply.categories[0]?.documents[0]).toMatchObject({
      fileName: 'Morning meeting guide.pdf',
      fileSize: resourcePdf.length,
      downloadLink: `/api/toolkit/documents/${ids.everyone}/file`,
      isFavorited: false,
    });
  });

  it.each([
    [{ schoolLeaderAccess: true }, ['Leading a school', 'Walkthrough checklist']],
    [{ testPrep: true }, ['Test prep', 'Practice test']],
    [{ grade3Pilot: true }, ['Grade 3 pilot', 'Units', 'Unit 1 plan']],
    [{ grade5Pilot: true }, ['Grade 5 pilot', 'Grade 5 novel study']],
    [{ grade4Pilot: true }, []],
  ])('adds what a flag opens: %o', async (flag, extra) => {
    const member = await toolkitMember(t, { toolKitAccess: true, ...flag });
    const shown = titles((await chest(member.caller)).json<TreasureChest>());
    expect(shown).toEqual(expect.arrayContaining(['Classroom routines', 'Literacy', ...extra]));
    expect(shown).toHaveLength(4 + extra.length);
  });

  it('nests a child grouping under its parent (parentId), hidden with it', async () => {
    const member = await toolkitMember(t, { toolKitAccess: true, grade3Pilot: true });
    const reply = (await chest(member.caller)).json<TreasureChest>();
    expect(reply.groupings.find((g) => g.title === 'Units')?.parentId).toBe(ids.grade3);
  });

  it('refuses a member without toolkit access (403), whatever other flags they hold; signed out is 401', async () => {
    const member = await toolkitMember(t, { toolKitAccess: false, schoolLeaderAccess: true, testPrep: true });
    const refused = await chest(member.caller);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(toolkitMessages.noAccess);
    expect(refused.body).not.toContain('Morning meeting');
    expect((await chest()).statusCode).toBe(401);
  });
});

describe('GET /api/toolkit/documents/:documentId/file', () => {
  it('downloads a PDF the member may open, as an attachment, not sniffable', async () => {
    const member = await toolkitMember(t);
    const response = await download(member.caller, ids.everyone ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Morning meeting guide.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(resourcePdf)).toBe(true);
  });

  it.each([
    ['leaders', { schoolLeaderAccess: true }],
    ['testPrep', { testPrep: true }],
    ['unit', { grade3Pilot: true }],
    ['grade5', { grade5Pilot: true }],
  ] as const)('a document aimed at a flag (%s) downloads with the flag and is 404 without it', async (key, flag) => {
    const id = ids[key] ?? '';
    expect((await download((await toolkitMember(t, { toolKitAccess: true, ...flag })).caller, id)).statusCode).toBe(
      200,
    );
    const without = await download((await toolkitMember(t)).caller, id);
    expect(without.statusCode).toBe(404);
    expect(without.json().detail).toBe(toolkitMessages.documentNotFound);
  });

  it('refuses a member without toolkit access (403), an unknown document (404) and a bad id (400)', async () => {
    const outsider = await toolkitMember(t, { toolKitAccess: false, grade3Pilot: true });
    expect((await download(outsider.caller, ids.everyone ?? '')).statusCode).toBe(403);
    const member = await toolkitMember(t);
    expect((await download(member.caller, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await download(member.caller, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ documentId: 'Not a document id' });
    expect((await download(undefined, ids.everyone ?? '')).statusCode).toBe(401);
  });
});
