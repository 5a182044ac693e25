import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceMessages, type ResourceRow, type StaffResourceList } from '@portal/domain/content/resources.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { eventResources } from '../../db/schema/resources.ts';
import { createConferenceDay, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { resourcePdf } from '../../test/resource-factories.ts';
import { multipartBody } from '../../test/multipart.ts';

const t = useTestApp();

type Day = Awaited<ReturnType<typeof createConferenceDay>>;
let day: Day;
let staff: Caller;

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const docx = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from('....[Content_Types].xml....word/document.xml....'),
]);

function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  caller: Caller = staff,
) {
  const form = multipartBody(fields, file);
  return t.app.inject({
    method,
    url,
    headers: { ...form.headers, 'x-requested-with': 'portal', ...(caller.cookie ? { cookie: caller.cookie } : {}) },
    payload: form.body,
  });
}
const create = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }, caller?: Caller) =>
  send('POST', `/api/admin/events/${day.event.id}/resources`, fields, file, caller);
const staffList = async () =>
  (await call(t.app, 'GET', `/api/admin/events/${day.event.id}/resources`, { caller: staff })).json<StaffResourceList>()
    .items;
const storedKey = async (id: string) =>
  (await t.deps.db.select({ fileKey: eventResources.fileKey }).from(eventResources).where(eq(eventResources.id, id)))[0]
    ?.fileKey ?? null;

beforeAll(async () => {
  day = await createConferenceDay(t.deps.db);
  staff = (await signedInUser(t, 'STAFF')).caller;
});

describe('creating resources', () => {
  it('creates a link aimed at a section, last in order, audited', async () => {
    const response = await create({
      title: ' Writing slides ',
      description: 'Week one',
      url: 'https://example.org/slides',
      sectionIds: day.section.id,
    });
    expect(response.statusCode).toBe(201);
    const row = response.json<ResourceRow>();
    expect(row).toMatchObject({
      title: 'Writing slides',
      description: 'Week one',
      url: 'https://example.org/slides',
      file: null,
      sections: [{ id: day.section.id, title: 'Coaching Writing' }],
    });
    const [entry] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'event-resource.create', subjectId: row.id });
  });

  it('creates a file resource, kept in storage and downloadable; the type is read from the content', async () => {
    const response = await create(
      { title: 'Handout', description: '', url: '', sectionIds: '' },
      { name: 'handout.docx', bytes: docx },
    );
    expect(response.statusCode).toBe(201);
    const row = response.json<ResourceRow>();
    expect(row).toMatchObject({
      url: null,
      file: { name: 'handout.docx', size: docx.length, type: 'docx' },
      sections: [],
    });
    const download = await call(t.app, 'GET', `/api/events/${day.event.id}/resources/${row.id}/file`, {
      caller: staff,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(download.headers['content-disposition']).toBe('attachment; filename="handout.docx"');
    expect(download.rawPayload.equals(docx)).toBe(true);
  });

  it.each([
    [
      'no link and no file',
      { title: 'Nothing', url: '' },
      undefined,
      { url: resourceMessages.linkOrFile, file: resourceMessages.linkOrFile },
    ],
    [
      'a link and a file',
      { title: 'Both', url: 'https://example.org' },
      { name: 'a.pdf', bytes: resourcePdf },
      { url: resourceMessages.notBoth },
    ],
    [
      'an HTML page named .pdf',
      { title: 'Sneaky' },
      { name: 'a.pdf', bytes: Buffer.from('<html><script>alert(1)</script>') },
      { file: resourceMessages.fileType },
    ],
    [
      'no title and a javascript: link',
      { title: ' ', url: 'javascript:alert(1)' },
      undefined,
      { title: resourceMessages.titleRequired, url: resourceMessages.urlInvalid },
    ],
    [
      'a section id that is not one',
      { title: 'Odd', url: 'https://example.org', sectionIds: 'abc' },
      undefined,
      { sectionIds: resourceMessages.sectionsOfEvent },
    ],
  ])('refuses %s (400) and writes nothing', async (_, fields, file, errors) => {
    const before = (await staffList()).length;
    const response = await create(fields, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(errors);
    expect(await staffList()).toHaveLength(before);
  });

  it('refuses a section of another event, and a file over 10 MB', async () => {
    const other = await createConferenceDay(t.deps.db);
    const foreign = await create({ title: 'Foreign', url: 'https://example.org', sectionIds: other.section.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ sectionIds: resourceMessages.sectionsOfEvent });
    const big = Buffer.concat([resourcePdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await create({ title: 'Huge' }, { name: 'huge.pdf', bytes: big });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors).toEqual({ file: resourceMessages.fileTooLarge });
  });

  it('refuses members (403) and an unknown event (404)', async () => {
    const member = await signedInUser(t);
    expect((await create({ title: 'Mine', url: 'https://example.org' }, undefined, member.caller)).statusCode).toBe(
      403,
    );
    const unknown = await send('POST', '/api/admin/events/00000000-0000-4000-8000-000000000000/resources', {
      title: 'Lost',
      url: 'https://example.org',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('editing, ordering and deleting', () => {
  it('replaces a file with a new one, keeps it when neither is sent, and a link drops it; old files are removed', async () => {
    const created = (await create({ title: 'Map' }, { name: 'map.pdf', bytes: resourcePdf })).json<ResourceRow>();
    const firstKey = await storedKey(created.id);
    const url = `/api/admin/resources/${created.id}`;
    const kept = await send('PUT', url, { title: 'Map (kept)', url: '', sectionIds: day.section.id });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      title: 'Map (kept)',
      file: { name: 'map.pdf', type: 'pdf' },
      sections: [{ id: day.section.id }],
    });
    expect(await storedKey(created.id)).toBe(firstKey);

    const replaced = await send('PUT', url, { title: 'Map (image)' }, { name: 'map.png', bytes: png });
    expect(replaced.json()).toMatchObject({ file: { name: 'map.png', type: 'png' }, sections: [] });
    expect(await t.deps.storage.get(firstKey ?? '')).toBeNull();
    const secondKey = await storedKey(created.id);

    const linked = await send('PUT', url, { title: 'Map (online)', url: 'https://example.org/map' });
    expect(linked.json()).toMatchObject({ url: 'https://example.org/map', file: null });
    expect(await t.deps.storage.get(secondKey ?? '')).toBeNull();

    const nothing = await send('PUT', url, { title: 'Map (nothing)', url: '' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toMatchObject({ url: resourceMessages.linkOrFile });
  });

  it('moves a resource up and down; the first cannot go up nor the last down (409)', async () => {
    const items = await staffList();
    const [first, second] = items;
    const last = items.at(-1);
    if (!first || !second || !last) throw new Error('too few resources');
    const moved = await call(t.app, 'POST', `/api/admin/resources/${second.id}/move`, {
      caller: staff,
      body: { direction: 'up' },
    });
    expect(moved.statusCode).toBe(200);
    const order = moved.json<StaffResourceList>().items;
    expect(order.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(order.map((r) => r.order)).toEqual(order.map((_, index) => index));
    expect(
      (
        await call(t.app, 'POST', `/api/admin/resources/${second.id}/move`, {
          caller: staff,
          body: { direction: 'up' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call(t.app, 'POST', `/api/admin/resources/${last.id}/move`, {
          caller: staff,
          body: { direction: 'down' },
        })
      ).statusCode,
    ).toBe(409);
    const bad = await call(t.app, 'POST', `/api/admin/resources/${last.id}/move`, {
      caller: staff,
      body: { direction: 'sideways' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('direction');
  });

  it('deletes a resource and its file; a second delete is 404', async () => {
    const created = (
      await create({ title: 'Old flyer' }, { name: 'flyer.pdf', bytes: resourcePdf })
    ).json<ResourceRow>();
    const key = await storedKey(created.id);
    const deleted = await call(t.app, 'DELETE', `/api/admin/resources/${created.id}`, { caller: staff });
    expect(deleted.statusCode).toBe(204);
    expect(await t.deps.storage.get(key ?? '')).toBeNull();
    expect((await staffList()).some((r) => r.id === created.id)).toBe(false);
    expect((await call(t.app, 'DELETE', `/api/admin/resources/${created.id}`, { caller: staff })).statusCode).toBe(404);
  });

  it('keeps positions distinct when resources are created at the same moment', async () => {
    await Promise.all(
      Array.from({ length: 4 }, (_, index) => create({ title: `Parallel ${index}`, url: 'https://example.org' })),
    );
    const orders = (await staffList()).map((r) => r.order);
    expect(new Set(orders).size).toBe(orders.length);
  });
});
