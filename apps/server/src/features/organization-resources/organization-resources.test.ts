import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  organizationResourceMessages,
  type OrganizationResourceFilters,
  type OrganizationResourceList,
} from '@portal/domain/content/organization-resources.ts';
import { organizationResources } from '../../db/schema/content.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { resourcePdf } from '../../test/resource-factories.ts';

const t = useTestApp();

let lincoln: { id: string };
let washington: { id: string };
let thisYear: string;
let lastYear: string;
let member: { user: { id: string }; caller: Caller };
let pdfId: string;
let otherPdfId: string;

const list = (caller: Caller | undefined, query: Record<string, string>) =>
  call(t.app, 'GET', `/api/organization-resources?${new URLSearchParams(query).toString()}`, caller ? { caller } : {});
const titlesOf = (response: { json: () => unknown }) =>
  (response.json() as OrganizationResourceList).items.map((item) => item.title);

async function addResource(
  organizationId: string,
  schoolYearId: string,
  fields: { title: string; description?: string; grades?: string; pdf?: boolean },
) {
  const id = crypto.randomUUID();
  const fileKey = fields.pdf ? `organization-resources/${id}/test.pdf` : null;
  if (fileKey) await t.deps.storage.put(fileKey, resourcePdf, 'application/pdf');
  await t.deps.db.insert(organizationResources).values({
    id,
    organizationId,
    schoolYearId,
    title: fields.title,
    description: fields.description ?? '',
    grades: fields.grades ?? '',
    url: fileKey ? null : 'https://example.org/resource',
    fileKey,
    fileName: fileKey ? `${fields.title}.pdf` : null,
    fileSize: fileKey ? resourcePdf.length : null,
  });
  return id;
}

beforeAll(async () => {
  const years = await t.deps.db
    .select({ id: schoolYears.id, startsOn: schoolYears.startsOn })
    .from(schoolYears)
    .orderBy(desc(schoolYears.startsOn));
  // seedLookups: next year, this year (the test clock's, 2026-2027), and two before.
  thisYear = years[1]?.id ?? '';
  lastYear = years[2]?.id ?? '';
  lincoln = await createOrganization(t.deps.db, 'Lincoln Elementary');
  washington = await createOrganization(t.deps.db, 'Washington Middle');
  member = await signedInUser(t);
  await addMembership(t.deps.db, lincoln.id, member.user.id);
  // The body match comes first alphabetically, so only ranking can put the title match first.
  await addResource(lincoln.id, thisYear, {
    title: 'A guide to small groups',
    description: 'Planning guided reading with fluency checks and running records.',
  });
  await addResource(lincoln.id, thisYear, {
    title: 'Fluency routines for grade 2',
    description: 'Daily partner reading.',
    grades: 'Grades 1–2',
  });
  pdfId = await addResource(lincoln.id, thisYear, {
    title: 'Math talk moves',
    description: 'Number talks for the first month.',
    grades: 'K–5',
    pdf: true,
  });
  await addResource(lincoln.id, lastYear, { title: 'Old fluency plan', description: 'Last year.' });
  otherPdfId = await addResource(washington.id, thisYear, { title: 'Washington fluency handbook', pdf: true });
});

describe('GET /api/organization-resources/filters', () => {
  it("offers the member's organizations and every school year latest first, preselecting the year under way", async () => {
    const response = await call(t.app, 'GET', '/api/organization-resources/filters', { caller: member.caller });
    expect(response.statusCode).toBe(200);
    const filters = response.json<OrganizationResourceFilters>();
    expect(filters.organizations).toEqual([{ id: lincoln.id, name: 'Lincoln Elementary' }]);
    expect(filters.schoolYears.map((year) => year.name)).toEqual(['2027-2028', '2026-2027', '2025-2026', '2024-2025']);
    expect(filters.preselectedSchoolYearId).toBe(thisYear);
  });
});

describe('GET /api/organization-resources', () => {
  it("lists a member's organization's resources of the school year, by title", async () => {
    const response = await list(member.caller, { organizationId: lincoln.id, schoolYearId: thisYear });
    expect(response.statusCode).toBe(200);
    expect(titlesOf(response)).toEqual(['A guide to small groups', 'Fluency routines for grade 2', 'Math talk moves']);
    expect(response.json()).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(response.json<OrganizationResourceList>().items[2]).toMatchObject({
      grades: 'K–5',
      url: null,
      file: { name: 'Math talk moves.pdf' },
      titleParts: null,
      isFavorited: false,
    });
    expect(titlesOf(await list(member.caller, { organizationId: lincoln.id, schoolYearId: lastYear }))).toEqual([
      'Old fluency plan',
    ]);
  });

  it('ranks a title match above a description match, and marks the matches', async () => {
    const response = await list(member.caller, {
      organizationId: lincoln.id,
      schoolYearId: thisYear,
      search: 'fluency',
    });
    expect(titlesOf(response)).toEqual(['Fluency routines for grade 2', 'A guide to small groups']);
    const [first, second] = response.json<OrganizationResourceList>().items;
    expect(first?.titleParts).toEqual([
      { text: 'Fluency', match: true },
      { text: ' routines for grade 2', match: false },
    ]);
    expect(second?.descriptionParts?.filter((part) => part.match).map((part) => part.text)).toEqual(['fluency']);
  });

  it('matches word beginnings and stems, every word, and takes query syntax as plain text', async () => {
    expect(
      titlesOf(await list(member.caller, { organizationId: lincoln.id, schoolYearId: thisYear, search: 'rout' })),
    ).toEqual(['Fluency routines for grade 2']);
    expect(
      titlesOf(await list(member.caller, { organizationId: lincoln.id, schoolYearId: thisYear, search: 'talking' })),
    ).toEqual(['Math talk moves']);
    expect(
      titlesOf(
        await list(member.caller, { organizationId: lincoln.id, schoolYearId: thisYear, search: 'fluency math' }),
      ),
    ).toEqual([]);
    const syntax = await list(member.caller, {
      organizationId: lincoln.id,
      schoolYearId: thisYear,
      search: "math & !(' :*",
    });
    expect(syntax.statusCode).toBe(200);
    expect(titlesOf(syntax)).toEqual(['Math talk moves']);
    expect(
      titlesOf(await list(member.caller, { organizationId: lincoln.id, schoolYearId: thisYear, search: '&&' })),
    ).toHaveLength(3);
  });

  it('refuses a member of another organization, an unknown organization (the same 404), and a signed-out caller', async () => {
    const refused = await list(member.caller, { organizationId: washington.id, schoolYearId: thisYear });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(organizationResourceMessages.notMember);
    expect(refused.body).not.toContain('Washington fluency handbook');
    const unknown = await list(member.caller, { organizationId: crypto.randomUUID(), schoolYearId: thisYear });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(organizationResourceMessages.notMember);
    expect((await list(undefined, { organizationId: lincoln.id, schoolYearId: thisYear })).statusCode).toBe(401);
  });

  it('refuses an archived membership', async () => {
    const former = await signedInUser(t);
    await addMembership(t.deps.db, lincoln.id, former.user.id);
    await t.deps.db.execute(
      `update organization_memberships set archived_at = now() where user_id = '${former.user.id}'`,
    );
    expect((await list(former.caller, { organizationId: lincoln.id, schoolYearId: thisYear })).statusCode).toBe(404);
  });

  it('opens any organization to staff', async () => {
    const staff = await signedInUser(t, 'STAFF');
    expect(titlesOf(await list(staff.caller, { organizationId: washington.id, schoolYearId: thisYear }))).toEqual([
      'Washington fluency handbook',
    ]);
  });

  it('refuses bad input with a message per field', async () => {
    const bad = await list(member.caller, {
      organizationId: 'nope',
      schoolYearId: thisYear,
      pageSize: '101',
      search: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      organizationId: 'Not an organization id',
      pageSize: expect.any(String),
      search: 'At most 100 characters',
    });
    expect((await list(member.caller, { organizationId: lincoln.id })).statusCode).toBe(400);
  });
});

describe('GET /api/organization-resources/:resourceId/file', () => {
  it('downloads the PDF to a member of its organization, as an attachment that is not sniffed', async () => {
    const response = await call(t.app, 'GET', `/api/organization-resources/${pdfId}/file`, { caller: member.caller });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Math talk moves.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(resourcePdf)).toBe(true);
  });

  it("refuses another organization's PDF by id (404, as an unknown id), and bad ids", async () => {
    const refused = await call(t.app, 'GET', `/api/organization-resources/${otherPdfId}/file`, {
      caller: member.caller,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(organizationResourceMessages.notFound);
    expect(refused.rawPayload.equals(resourcePdf)).toBe(false);
    expect(
      (await call(t.app, 'GET', `/api/organization-resources/${crypto.randomUUID()}/file`, { caller: member.caller }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', '/api/organization-resources/not-an-id/file', { caller: member.caller })).statusCode,
    ).toBe(400);
    expect((await call(t.app, 'GET', `/api/organization-resources/${pdfId}/file`)).statusCode).toBe(401);
  });
});
