import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  organizationResourceMessages,
  schoolYearMessages,
  type OrganizationResourceList,
  type StaffOrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import { videoCollectionMessages, type VideoCollection } from '@portal/domain/content/video-collections.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { resourcePdf } from '../../test/resource-factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { csrfHeader, csrfHeaderValue } from '../../platform/security.ts';

const t = useTestApp();
let staff: Caller;
let member: Caller;
let organizationId: string;
let schoolYearId: string;

const send = (
  method: 'POST' | 'PUT',
  url: string,
  caller: Caller,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) => {
  const form = multipartBody(fields, file);
  return t.app.inject({
    method,
    url,
    payload: form.body,
    headers: { ...form.headers, [csrfHeader]: csrfHeaderValue, cookie: caller.cookie ?? '' },
  });
};

beforeAll(async () => {
  staff = (await signedInUser(t, 'STAFF')).caller;
  const m = await signedInUser(t);
  member = m.caller;
  organizationId = (await createOrganization(t.deps.db, 'Roosevelt High')).id;
  await addMembership(t.deps.db, organizationId, m.user.id);
  const [year] = await t.deps.db.select({ id: schoolYears.id }).from(schoolYears).orderBy(desc(schoolYears.startsOn));
  schoolYearId = year?.id ?? '';
});

describe('staff organization resources', () => {
  it('creates a PDF resource the organization’s members then find and download, edits it into a link, and deletes it', async () => {
    const created = await send(
      'POST',
      '/api/admin/organization-resources',
      staff,
      { organizationId, schoolYearId, title: 'Argument writing', grades: '9–12', description: 'Claims and evidence' },
      { name: 'argument.pdf', bytes: resourcePdf },
    );
    expect(created.statusCode).toBe(201);
    const row = created.json<StaffOrganizationResourceRow>();
    expect(row).toMatchObject({
      title: 'Argument writing',
      grades: '9–12',
      url: null,
      file: { name: 'argument.pdf', size: resourcePdf.length },
    });
    const found = await call(
      t.app,
      'GET',
      `/api/organization-resources?organizationId=${organizationId}&schoolYearId=${schoolYearId}&search=argument`,
      { caller: member },
    );
    expect(found.json<OrganizationResourceList>().items.map((item) => item.id)).toEqual([row.id]);
    const file = await call(t.app, 'GET', `/api/organization-resources/${row.id}/file`, { caller: member });
    expect(file.rawPayload.equals(resourcePdf)).toBe(true);

    const edited = await send('PUT', `/api/admin/organization-resources/${row.id}`, staff, {
      organizationId,
      schoolYearId,
      title: 'Argument writing, revised',
      url: 'https://example.org/argument',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Argument writing, revised',
      url: 'https://example.org/argument',
      file: null,
    });
    expect(
      (await call(t.app, 'GET', `/api/organization-resources/${row.id}/file`, { caller: member })).statusCode,
    ).toBe(404);

    const listed = await call(
      t.app,
      'GET',
      `/api/admin/organization-resources?organizationId=${organizationId}&schoolYearId=${schoolYearId}`,
      { caller: staff },
    );
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: row.id }] });
    expect(
      (await call(t.app, 'DELETE', `/api/admin/organization-resources/${row.id}`, { caller: staff })).statusCode,
    ).toBe(204);
    expect(
      (await call(t.app, 'DELETE', `/api/admin/organization-resources/${row.id}`, { caller: staff })).statusCode,
    ).toBe(404);
  });

  it('refuses a file that is not a PDF by its content, a missing title, and both a link and a file', async () => {
    const html = await send(
      'POST',
      '/api/admin/organization-resources',
      staff,
      { organizationId, schoolYearId, title: '' },
      { name: 'fake.pdf', bytes: Buffer.from('<html>') },
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().errors).toMatchObject({
      file: organizationResourceMessages.fileType,
      title: organizationResourceMessages.titleRequired,
    });
    const both = await send(
      'POST',
      '/api/admin/organization-resources',
      staff,
      { organizationId, schoolYearId, title: 'x', url: 'https://example.org' },
      { name: 'a.pdf', bytes: resourcePdf },
    );
    expect(both.json().errors).toMatchObject({ url: organizationResourceMessages.notBoth });
    const unknown = await send('POST', '/api/admin/organization-resources', staff, {
      organizationId: crypto.randomUUID(),
      schoolYearId,
      title: 'x',
      url: 'https://example.org',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({ organizationId: organizationResourceMessages.unknownOrganization });
  });

  it('refuses members: nothing is written', async () => {
    const refused = await send('POST', '/api/admin/organization-resources', member, {
      organizationId,
      schoolYearId,
      title: 'Sneaky',
      url: 'https://example.org',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await call(
          t.app,
          'GET',
          `/api/admin/organization-resources?organizationId=${organizationId}&schoolYearId=${schoolYearId}`,
          { caller: member },
        )
      ).statusCode,
    ).toBe(403);
    const listed = await call(
      t.app,
      'GET',
      `/api/admin/organization-resources?organizationId=${organizationId}&schoolYearId=${schoolYearId}`,
      { caller: staff },
    );
    expect(listed.json().total).toBe(0);
  });
});

describe('staff school years', () => {
  it('lists latest first, creates one, refuses a taken name and a bad one', async () => {
    const created = await call(t.app, 'POST', '/api/admin/school-years', {
      caller: staff,
      body: { name: '2030-2031', startsOn: '2030-07-01', endsOn: '2031-06-30' },
    });
    expect(created.statusCode).toBe(201);
    const listed = await call(t.app, 'GET', '/api/admin/school-years', { caller: staff });
    expect(listed.json().items[0]).toMatchObject({ name: '2030-2031', startsOn: '2030-07-01' });
    const taken = await call(t.app, 'POST', '/api/admin/school-years', {
      caller: staff,
      body: { name: '2030-2031', startsOn: '2030-07-01', endsOn: '2031-06-30' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: schoolYearMessages.taken });
    const bad = await call(t.app, 'POST', '/api/admin/school-years', {
      caller: staff,
      body: { name: '2031', startsOn: '2031-07-01', endsOn: '2030-06-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/admin/school-years', {
          caller: member,
          body: { name: '2032-2033', startsOn: '2032-07-01', endsOn: '2033-06-30' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('staff video collections', () => {
  it('creates a collection, adds a video and a PDF document members can open, and deletes them', async () => {
    const created = await call(t.app, 'POST', '/api/admin/video-collections', {
      caller: staff,
      body: { name: 'Coaching cycles', slug: 'coaching-cycles' },
    });
    expect(created.statusCode).toBe(201);
    const collection = created.json<VideoCollection>();
    const withVideo = await call(t.app, 'POST', `/api/admin/video-collections/${collection.id}/videos`, {
      caller: staff,
      body: { vimeoId: '76979871', title: 'Modeling a lesson' },
    });
    expect(withVideo.statusCode).toBe(201);
    const [video] = withVideo.json<VideoCollection>().videos;
    if (!video) throw new Error('video not added');
    const notPdf = await send(
      'POST',
      `/api/admin/videos/${video.id}/documents`,
      staff,
      { title: 'Guide' },
      { name: 'guide.pdf', bytes: Buffer.from('MZ') },
    );
    expect(notPdf.json().errors).toEqual({ file: videoCollectionMessages.fileType });
    const withDocument = await send(
      'POST',
      `/api/admin/videos/${video.id}/documents`,
      staff,
      { title: 'Viewing guide' },
      { name: 'guide.pdf', bytes: resourcePdf },
    );
    expect(withDocument.statusCode).toBe(201);
    const [document] = withDocument.json<VideoCollection>().videos[0]?.documents ?? [];
    expect(document).toMatchObject({
      title: 'Viewing guide',
      fileName: 'guide.pdf',
      downloadLink: `/api/video-documents/${document?.id}/file`,
    });

    const seen = await call(t.app, 'GET', '/api/video-collections/coaching-cycles', { caller: member });
    expect(seen.json()).toMatchObject({
      name: 'Coaching cycles',
      videos: [{ vimeoId: '76979871', isFavorited: false, documents: [{ title: 'Viewing guide' }] }],
    });
    expect(
      (await call(t.app, 'GET', document?.downloadLink ?? '', { caller: member })).rawPayload.equals(resourcePdf),
    ).toBe(true);

    const duplicate = await call(t.app, 'POST', '/api/admin/video-collections', {
      caller: staff,
      body: { name: 'Again', slug: 'coaching-cycles' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(
      (
        await call(t.app, 'POST', `/api/admin/video-collections/${collection.id}/videos`, {
          caller: staff,
          body: { vimeoId: 'vimeo.com/1', title: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', `/api/admin/video-collections/${collection.id}/videos`, {
          caller: member,
          body: { vimeoId: '1', title: 'x' },
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (await call(t.app, 'DELETE', `/api/admin/video-collections/${collection.id}`, { caller: staff })).statusCode,
    ).toBe(204);
    expect((await call(t.app, 'GET', '/api/video-collections/coaching-cycles', { caller: member })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', document?.downloadLink ?? '', { caller: member })).statusCode).toBe(404);
  });
});
