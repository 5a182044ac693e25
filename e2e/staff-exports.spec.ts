import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, field, sideMenu, signIn } from './fixtures/auth.ts';
import { csvOf, exportList } from './fixtures/exports.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { freshPerson, freshSchool } from './fixtures/journey-data.ts';
import { expect, test } from './fixtures/test.ts';

/** The seeded event whose first-year section two teachers hold tickets for (seed/demo-attendance.ts). */
const eventName = 'Literacy Coaching Days';
/** The seeded event open to group registration ($125.00 a seat). */
const retreat = 'Team Literacy Retreat';

/** The table's body rows as the screen shows them, cell by cell. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').locator('tbody tr');
  const texts: string[][] = [];
  for (const row of await rows.all())
    texts.push((await row.locator('td, th').allInnerTexts()).map((text) => text.trim()));
  return texts;
}

test('staff export the ticket holders of an event as the list shows them, then read who did what in the audit log', async ({
  page,
  request,
}) => {
  const tara = demoUsers.teacherLincoln;
  // The journey's own staff member: the audit log searched by their address lists this journey's
  // actions alone, whatever other staff journeys do (view as, open sign-in links) meanwhile.
  const staff = await freshPerson(request, demoUsers.staff, 'Stella');
  await signIn(page, staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();

  // Ticket holders of the seeded event: the screen's rows, then the same rows in the file.
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await field(page, 'Search events').fill(eventName);
  // The search answers once typing pauses: wait for the list it gives before opening the event.
  await expect(page.getByText('1 event', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: eventName, exact: true }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Ticket holders' }).click();
  await expect(page.getByRole('heading', { name: `Ticket holders: ${eventName}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);
  const shown = await tableRows(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((row) => row[2] === 'Ticket')).toBe(true);

  const download = await exportList(page, 'ticket holders', 'CSV');
  expect(download.suggestedFilename()).toMatch(/^ticket-holders-literacy-coaching-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await csvOf(download);
  expect(header).toEqual(['Name', 'Email', 'Holds', 'Section', 'Organization']);
  expect(rows).toEqual(shown);

  // Narrowed by a search, the file narrows with the list.
  const [first] = shown;
  if (!first?.[1]) throw new Error('no ticket holder shown');
  await field(page, 'Search ticket holders').fill(first[1]);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await expectAccessible(page);
  const [, ...searched] = await csvOf(await exportList(page, 'ticket holders', 'CSV'));
  expect(searched).toEqual([first]);

  // An audited action: a sign-in link for Tara, never opened.
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await field(page, 'Search users').fill('Tara');
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'Tara');
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: tara.email })).toHaveCount(1);
  await page.getByRole('button', { name: `Sign-in link for ${tara.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sign-in link for ${tara.name}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Sign-in links and passwords' }).click();
  await field(page, 'Search entries').fill(staff.email);
  await expect(page).toHaveURL((url) => url.searchParams.get('kind') === 'auth' && url.searchParams.has('search'));
  const newest = page.getByRole('table').locator('tbody tr').first();
  // The log reads as words (issue 37): the action, and the member the link was for by name.
  await expect(newest).toContainText('Sign-in link issued');
  await expect(newest).toContainText(tara.name);
  await expect(newest).toContainText(staff.name);
  await expectAccessible(page);

  const [auditHeader, ...entries] = await csvOf(await exportList(page, 'audit log', 'CSV'));
  expect(auditHeader?.slice(0, 3)).toEqual(['When', 'Action', 'Who']);
  expect(entries.length).toBeGreaterThan(0);
  // The file's Action is in words too; its last column keeps the recorded key.
  expect(entries.every((entry) => entry.at(-1)?.startsWith('auth.') && entry[3] === staff.email)).toBe(true);
  expect(entries[0]?.[1]).toBe('Sign-in link issued');
  expect(entries[0]?.[5]).toBe(tara.name);
  expect(entries[0]?.at(-1)).toBe('auth.sign-in-link-issued');
});

/** The rows of one table as the screen shows them, cell by cell. */
async function rowsOf(table: Locator): Promise<string[][]> {
  const texts: string[][] = [];
  for (const row of await table.locator('tbody tr').all())
    texts.push((await row.locator('td, th').allInnerTexts()).map((text) => text.trim()));
  return texts;
}

/** A package of staff options alone (seed/demo-packages.ts): two days of its one session meet its minimum. */
const staffOptionsPackage = 'Math Coaching Days';

/** The owner signed in on `page` submits a request of the staff-options package for their school, through the API. */
async function submitPackageRequest(page: Page, organizationId: string): Promise<void> {
  const headers = { 'x-requested-with': 'portal' };
  const api = page.request;
  const services = await api.get(`/api/organizations/${organizationId}/services`);
  expect(services.status(), await services.text()).toBe(200);
  const { unstartedPackages } = (await services.json()) as { unstartedPackages: { id: string; name: string }[] };
  const chosen = unstartedPackages.find((item) => item.name === staffOptionsPackage);
  if (!chosen) throw new Error(`${staffOptionsPackage} is not offered to the school`);
  const started = await api.post(`/api/organizations/${organizationId}/package-requests`, {
    headers,
    data: { packageId: chosen.id },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { packageRequest } = (await started.json()) as { packageRequest: { id: string } };
  const detail = await api.get(`/api/package-requests/${packageRequest.id}`);
  const { package: offered } = (await detail.json()) as {
    package: { pdSessionGroupings: { pdSessions: { id: string }[] }[] };
  };
  const session = offered.pdSessionGroupings[0]?.pdSessions[0];
  if (!session) throw new Error(`${staffOptionsPackage} has no session`);
  const saved = await api.put(`/api/package-requests/${packageRequest.id}/staff-options`, {
    headers,
    data: { pdSessions: [{ pdSessionId: session.id, requestedDays: 2 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await api.post(`/api/package-requests/${packageRequest.id}/submit`, {
    headers,
    data: { usingPtaFunds: false },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/** A file's rows of one request each: the first row of every request id (column 0), in the file's order. */
const firstOfEachRequest = (rows: string[][]) =>
  rows.filter((row, index) => rows.findIndex((other) => other[0] === row[0]) === index);

test('staff open the waiting package and registration requests from the dashboard, export them as shown with their selections and attendees, export certificates and send a failed mail again', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const colleague = `export-colleague-${token}@example.test`;
  const requester = demoUsers.ownerWashington;
  // The journey's own school and its one submitted package request: the seeded schools' requests are
  // decided by other journeys meanwhile, so a search by one of them could lose its rows mid-check.
  const school = await freshSchool(request, demoUsers.ownerWashington, 'Gwen', 'Washington Middle School');

  // A school's owner asks for two seats at the retreat and names both attendees.
  const memberContext = await browser.newContext({ baseURL });
  try {
    const member = await memberContext.newPage();
    await signIn(member, requester.email);
    await sideMenu(member).getByRole('link', { name: 'PD Services' }).click();
    await member.getByRole('article', { name: retreat }).getByRole('link', { name: retreat }).click();
    const panel = member.getByRole('region', { name: 'Group registration' });
    await input(panel, 'Number of seats').fill('2');
    await panel.getByRole('button', { name: 'Request seats' }).click();
    await expectToast(member, 'Registration request created');
    const attendees = member.getByRole('form', { name: 'Attendees' });
    await input(attendees, 'Seat 1 attendee email').fill(requester.email);
    await input(attendees, 'Seat 2 attendee email').fill(colleague);
    await attendees.getByRole('button', { name: 'Save attendees' }).click();
    await expectToast(member, 'Attendees saved');
  } finally {
    await memberContext.close();
  }
  const ownerContext = await browser.newContext({ baseURL });
  try {
    const owner = await ownerContext.newPage();
    await signIn(owner, school.owner.email);
    await submitPackageRequest(owner, school.id);
  } finally {
    await ownerContext.close();
  }

  await signIn(page, demoUsers.staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The dashboard's card opens the submitted package requests: the file holds the list's requests, a row per selection.
  const packagesCard = page.getByRole('link', { name: 'Package requests to review' });
  await packagesCard.click();
  await expect(page).toHaveURL(atPath('/admin/packages', '?status=SUBMITTED'));
  const packageTable = page.getByRole('table', { name: 'Package requests' });
  await expect(packageTable).toBeVisible();
  await expectAccessible(page);
  const submitted = await rowsOf(packageTable);
  expect(submitted.length).toBeGreaterThan(0);
  expect(submitted.every((row) => row[3] === 'Submitted')).toBe(true);
  const [packageHeader, ...selections] = await csvOf(
    await exportList(page, 'package requests with their selections', 'CSV'),
  );
  expect(packageHeader?.slice(0, 10)).toEqual([
    'Request id',
    'Package',
    'Organization',
    'Requested by',
    'Requester email',
    'Status',
    'Submitted',
    'Updated',
    'Using PTA funds',
    'Selection',
  ]);
  // Other journeys may submit a request between the list's read and the export: the file holds at least the list.
  const exportedRequests = firstOfEachRequest(selections);
  expect(exportedRequests.map((row) => [row[1], row[2], row[5]])).toEqual(
    expect.arrayContaining(submitted.map((row) => [row[0], row[1], row[3]])),
  );
  expect(exportedRequests.every((row) => row[5] === 'Submitted')).toBe(true);

  // Searched by the journey's school, the list and its file narrow together to its one request.
  await field(page, 'Search package requests').fill(school.name);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === school.name);
  await expect(packageTable.locator('tbody tr')).toHaveCount(1);
  const narrowed = await rowsOf(packageTable);
  expect(narrowed.map((row) => [row[0], row[1], row[3]])).toEqual([[staffOptionsPackage, school.name, 'Submitted']]);
  const [, ...narrowedSelections] = await csvOf(
    await exportList(page, 'package requests with their selections', 'CSV'),
  );
  expect(firstOfEachRequest(narrowedSelections).map((row) => [row[1], row[2], row[5]])).toEqual([
    [staffOptionsPackage, school.name, 'Submitted'],
  ]);

  // Registration requests, open ones searched by the requester: a row per attendee, the request repeated.
  await page.getByRole('link', { name: 'Registration requests', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Registration requests', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await field(page, 'Search registration requests').fill(requester.email);
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('status') === 'OPEN' && url.searchParams.get('search') === requester.email,
  );
  const requestTable = page.getByRole('table');
  await expect(requestTable.locator('tbody tr').first()).toContainText(retreat);
  await expectAccessible(page);
  const requests = await rowsOf(requestTable);
  const [requestHeader, ...attendeeRows] = await csvOf(
    await exportList(page, 'registration requests with their attendees', 'CSV'),
  );
  const column = (name: string) => requestHeader?.indexOf(name) ?? -1;
  expect(firstOfEachRequest(attendeeRows).map((row) => [row[column('Created')], row[column('Event')]])).toEqual(
    expect.arrayContaining(requests.map((row) => [row[0], row[3]])),
  );
  expect(attendeeRows.every((row) => row[column('Status')] === 'Open')).toBe(true);
  const ours = attendeeRows.find((row) => row[column('Attendee email')] === colleague)?.[0];
  const newest = attendeeRows.filter((row) => row[0] === ours);
  expect(newest.map((row) => [row[column('Seat')], row[column('Attendee email')]])).toEqual([
    ['1', requester.email],
    ['2', colleague],
  ]);
  expect(newest.every((row) => row[column('Price')] === '250.00')).toBe(true);

  // The certificates of the seeded event, from its attendance page: one per person marked present.
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await field(page, 'Search events').fill(eventName);
  await expect(page.getByText('1 event', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: eventName, exact: true }).click();
  await page.getByRole('link', { name: 'Attendance', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Attendance: ${eventName}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Certificates', level: 2 })).toBeVisible();
  await expectAccessible(page);
  const attended = (await rowsOf(page.getByRole('table', { name: 'Who attended' })))
    .filter((row) => row[2] !== 'None')
    .map((row) => row[0]?.split('\n')[0]);
  const [certificateHeader, ...certificateRows] = await csvOf(await exportList(page, 'certificates', 'CSV'));
  expect(certificateHeader).toEqual([
    'Certificate code',
    'Name',
    'Email',
    'Event',
    'Dates attended',
    'Hours',
    'Issued',
  ]);
  expect(certificateRows.map((row) => row[1]).sort()).toEqual([...new Set(attended)].sort());

  // The dashboard's failed mail: the seeded bounce is sent again and leaves the list.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.getByRole('link', { name: 'Mail that failed to send' }).click();
  await expect(page.getByRole('heading', { name: 'Failed mail', level: 1 })).toBeVisible();
  const bounced = page.getByRole('table').getByRole('row').filter({ hasText: 'bounced.parent@unreachable.test' });
  await expect(bounced).toHaveCount(1);
  await expectAccessible(page);
  await bounced.getByRole('button', { name: /^Send again to bounced\.parent@unreachable\.test/ }).click();
  await expectToast(page, 'The mail is queued to be sent again.', { accessible: true });
  await expect(bounced).toHaveCount(0);
});

test('a school owner exports the ticket holders of the school from Manage Events; a teacher is not offered it', async ({
  page,
}) => {
  await signIn(page, demoUsers.ownerLincoln.email);
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  const section = page.getByRole('region', { name: 'Your organizations’ ticket holders' });
  await expect(section).toBeVisible();
  await expectAccessible(page);
  const menu = section.getByRole('button', { name: /^Export ticket holders of .*Lincoln/ });
  const school = ((await menu.getAttribute('aria-label')) ?? '').replace('Export ticket holders of ', '');
  const download = await exportList(page, `ticket holders of ${school}`, 'CSV');
  expect(download.suggestedFilename()).toMatch(/^ticket-holders-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await csvOf(download);
  expect(header).toEqual(['Event', 'Event start', 'Name', 'Email', 'Holds', 'Section']);
  expect(rows.every((row) => row.length === 6 && /^\d{2}\/\d{2}\/\d{4}$/.test(row[1] ?? ''))).toBe(true);
  const managed = (await (await page.request.get('/api/organizations/managed')).json()) as {
    items: { id: string; name: string }[];
  };
  const organizationId = managed.items.find((organization) => organization.name === school)?.id ?? '';
  expect(organizationId).not.toBe('');

  // A teacher of the school sees no such export, and the address answers that the school is not theirs.
  await page.context().clearCookies();
  await signIn(page, demoUsers.teacherLincoln.email);
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Event payments', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your organizations’ ticket holders' })).toHaveCount(0);
  const refused = await page.request.get(`/api/organizations/${organizationId}/ticket-holders/export?format=csv`);
  expect(refused.status()).toBe(404);
});
