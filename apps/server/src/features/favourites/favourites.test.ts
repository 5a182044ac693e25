import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { favouriteMessages, favouritesPerUserMax, type SavedResourceList } from '@portal/domain/content/favourites.ts';
import { toolkitMessages, type TreasureChest } from '@portal/domain/content/toolkit.ts';
import { favourites } from '../../db/schema/toolkit.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { createCategory, createDocument, createGrouping, toolkitMember } from '../../test/toolkit-factories.ts';

const t = useTestApp();

const list = (caller: Caller | undefined, query = '') =>
  call(t.app, 'GET', `/api/favourites${query}`, caller ? { caller } : {});
const save = (caller: Caller, targetId: string, targetType = 'toolkit_document') =>
  call(t.app, 'POST', '/api/favourites', { caller, body: { targetType, targetId } });
const unsave = (caller: Caller, targetId: string) =>
  call(t.app, 'DELETE', '/api/favourites', { caller, body: { targetType: 'toolkit_document', targetId } });

let open: { id: string }[];
let leadersOnly: string;
let member: Awaited<ReturnType<typeof toolkitMember>>;

beforeAll(async () => {
  const db = t.deps.db;
  const category = await createCategory(db, 'Classroom routines');
  const grouping = await createGrouping(db, 'Literacy');
  const leaders = await createCategory(db, 'Leading a school', ['schoolLeader']);
  open = [
    await createDocument(db, t.deps.storage, { title: 'Morning meeting guide', categoryId: category.id }),
    await createDocument(db, t.deps.storage, { title: 'Reading workshop', groupingId: grouping.id }),
    await createDocument(db, t.deps.storage, { title: 'Conferring notes', groupingId: grouping.id, position: 1 }),
  ];
  leadersOnly = (await createDocument(db, t.deps.storage, { title: 'Walkthrough checklist', categoryId: leaders.id }))
    .id;
  member = await toolkitMember(t);
});

const idAt = (index: number) => open[index]?.id ?? '';

describe('/api/favourites', () => {
  it('starts empty, saves idempotently, and lists saved resources with type, download link and collection', async () => {
    expect((await list(member.caller)).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    const first = await save(member.caller, idAt(0));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ targetType: 'toolkit_document', targetId: idAt(0), isFavorited: true });
    t.clock.advance(1000);
    expect((await save(member.caller, idAt(1))).statusCode).toBe(200);
    // Saving again changes nothing.
    expect((await save(member.caller, idAt(0))).json()).toEqual(first.json());
    const reply = (await list(member.caller)).json<SavedResourceList>();
    expect(reply.total).toBe(2);
    expect(reply.items.map((i) => i.title).sort()).toEqual(['Morning meeting guide', 'Reading workshop']);
    expect(reply.items.find((i) => i.id === idAt(1))).toEqual({
      id: idAt(1),
      targetType: 'toolkit_document',
      title: 'Reading workshop',
      type: 'pdf',
      downloadLink: `/api/toolkit/documents/${idAt(1)}/file`,
      openLink: null,
      collection: 'Literacy',
      isFavorited: true,
    });
  });

  it('marks saved documents in the Treasure Chest, and removes idempotently', async () => {
    const shown = (
      await call(t.app, 'GET', '/api/toolkit/treasure-chest', { caller: member.caller })
    ).json<TreasureChest>();
    expect(shown.categories[0]?.documents[0]?.isFavorited).toBe(true);
    expect(shown.groupings[0]?.documents.map((d) => d.isFavorited)).toEqual([true, false]);
    const removed = await unsave(member.caller, idAt(0));
    expect(removed.json()).toEqual({ targetType: 'toolkit_document', targetId: idAt(0), isFavorited: false });
    expect((await unsave(member.caller, idAt(0))).statusCode).toBe(200);
    expect((await list(member.caller)).json<SavedResourceList>().items.map((i) => i.title)).toEqual([
      'Reading workshop',
    ]);
  });

  it("pages the list, and keeps each member's favourites to themselves", async () => {
    await save(member.caller, idAt(2));
    const second = (await list(member.caller, '?pageSize=1&page=2')).json<SavedResourceList>();
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items).toHaveLength(1);
    const other = await toolkitMember(t);
    expect((await list(other.caller)).json<SavedResourceList>().total).toBe(0);
  });

  it('refuses to save what the member may not open (404), and hides a saved one once they lose the flag', async () => {
    const refused = await save(member.caller, leadersOnly);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(favouriteMessages.notFound);
    expect((await save(member.caller, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const leader = await toolkitMember(t, { toolKitAccess: true, schoolLeaderAccess: true });
    expect((await save(leader.caller, leadersOnly)).statusCode).toBe(200);
    expect((await list(leader.caller)).json<SavedResourceList>().total).toBe(1);
    await call(t.app, 'PUT', `/api/admin/users/${leader.user.id}/toolkit`, {
      caller: (await signedInUser(t, 'STAFF')).caller,
      body: {
        toolKitAccess: true,
        schoolLeaderAccess: false,
        testPrep: false,
        grade3Pilot: false,
        grade4Pilot: false,
        grade5Pilot: false,
      },
    });
    expect((await list(leader.caller)).json<SavedResourceList>()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a member without toolkit access on every call (403), and signed out (401)', async () => {
    const outsider = await toolkitMember(t, { toolKitAccess: false });
    for (const response of [
      await list(outsider.caller),
      await save(outsider.caller, idAt(0)),
      await unsave(outsider.caller, idAt(0)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(toolkitMessages.noAccess);
    }
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('keeps one row when the same save arrives twice at once, and stops at 500 saved (409)', async () => {
    const saver = await toolkitMember(t);
    const both = await Promise.all([save(saver.caller, idAt(0)), save(saver.caller, idAt(0))]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await list(saver.caller)).json<SavedResourceList>().total).toBe(1);
    // 498 more saved rows (of targets that need not exist) bring the shelf to 499: one more fits, the next does not.
    await t.deps.db.insert(favourites).values(
      Array.from({ length: favouritesPerUserMax - 2 }, () => ({
        userId: saver.user.id,
        targetType: 'video',
        targetId: randomUUID(),
      })),
    );
    expect((await save(saver.caller, idAt(1))).statusCode).toBe(200);
    const full = await save(saver.caller, idAt(2));
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe(favouriteMessages.tooMany);
    // Saving one already saved is still fine at the limit.
    expect((await save(saver.caller, idAt(1))).statusCode).toBe(200);
  });

  it('refuses bad input with a message per field', async () => {
    const bad = await save(member.caller, 'nope', 'poster');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ targetType: expect.any(String), targetId: 'Not a resource id' });
    expect((await list(member.caller, '?pageSize=101')).statusCode).toBe(400);
  });
});
