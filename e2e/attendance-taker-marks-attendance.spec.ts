import type { Browser, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectAccessible, expectFailedCalls } from './fixtures/accessibility.ts';
import { atPath, demoUsers, field, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, journeyTimeout } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// The seed makes attendance@demo.test the taker of the whole 'Literacy Coaching Days' (yesterday,
// today and tomorrow), with Tara and Adam holding tickets for its First Year section. Only this
// journey marks its attendance (by hand, and by scanning Adam's ticket: it leaves both present). Staff
// only read the 'Reading Workshop Series' attendance (it has no sections).
const taker = { email: 'attendance@demo.test', name: 'Theo Taylor' };
const tara = demoUsers.teacherLincoln;
const event = 'Literacy Coaching Days';
const section = 'Guided Reading Foundations';
const phone = { width: 390, height: 844 };
const texts = {
  updated: 'Attendance updated',
  offline: 'You are offline. Your changes are saved on this device and will be sent when the connection returns.',
  valid: 'This certificate is valid',
  noAttendance: 'No attendance to manage',
  noSections: 'No sections found',
  camera: 'The camera is not available here. Use "Scan from photo" instead.',
  marked: `Marked present: ${section}`,
  already: `Already marked present: ${section}`,
  kept: 'You are offline. The scan is saved on this device and will be checked and sent when the connection returns.',
  scansSent: 'Scans saved while offline were sent',
};

/** Adam opens his ticket's QR code on My tickets: the picture the taker scans (the browser has no camera). */
async function readTicketCode(browser: Browser, baseURL: string | undefined): Promise<Buffer> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, demoUsers.adminLincoln.email);
    await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
    const ticket = page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: event });
    await ticket.getByRole('button', { name: `Show ticket code: ${event}: ${section}` }).click();
    const dialog = page.getByRole('dialog', { name: `${event}: ${section}` });
    const image = dialog.getByRole('img', { name: `Ticket code: ${event}` });
    await expect(image).toBeVisible();
    await expect(dialog.getByText('Show this code to the attendance taker when you arrive.')).toBeVisible();
    await expectAccessible(page);
    const source = (await image.getAttribute('src')) ?? '';
    expect(source).toMatch(/^data:image\/png;base64,/);
    return Buffer.from(source.slice(source.indexOf(',') + 1), 'base64');
  } finally {
    await context.close();
  }
}

async function readPdf(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const document = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
  return { name: download.suggestedFilename(), text: (await extractText(document, { mergePages: true })).text };
}

/**
 * Nothing on the page is wider than the phone: no sideways scrolling. Polled, because right after a
 * viewport change the shell's layout (side menu, scroll containers) is still reflowing.
 */
async function expectFitsPhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

function personRow(page: Page, name: string) {
  return page.getByRole('checkbox', { name: new RegExp(`^${name}`) });
}

test("an attendance taker marks two people on a phone, one save offline, then scans one's ticket from a photo; one of them downloads the certificate and it verifies", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const adamsTicket = await readTicketCode(browser, baseURL);
  const takerContext = await browser.newContext({ baseURL, viewport: phone });
  let code: string | undefined;
  let sectionsPath = '';
  try {
    const page = await takerContext.newPage();
    await signIn(page, taker.email);

    // Manage Events lists the events the taker marks.
    await page.getByRole('button', { name: 'Open side menu' }).click();
    await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
    await expect(page).toHaveURL(atPath('/members/manage-events'));
    const attendance = page.getByRole('region', { name: 'Attendance' });
    await attendance.getByRole('link', { name: event }).click();
    await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
    await expect(page.getByText(event)).toBeVisible();
    sectionsPath = new URL(page.url()).pathname;
    const firstYear = page.getByRole('listitem').filter({ hasText: section });
    await expect(firstYear.getByText('First Year')).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Coaching the Coaches' }).getByText('Advanced'),
    ).toBeVisible();
    await expectFitsPhone(page);
    await expectAccessible(page);

    await firstYear.getByRole('link', { name: `Take attendance: ${section}` }).click();
    await expect(page).toHaveURL(
      (url) => /^\/members\/events\/[^/]+\/attendance\/[^/]+$/.test(url.pathname) && url.search === '?advanced=false',
    );
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
    await expect(page.getByText('0 of 2 present')).toBeVisible();
    const taraBox = personRow(page, tara.name);
    const adamBox = personRow(page, demoUsers.adminLincoln.name);
    await expect(taraBox).not.toBeChecked();
    // Each row is a large target on the phone.
    const rowHeight =
      (await taraBox.locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")]').boundingBox())?.height ?? 0;
    expect(rowHeight).toBeGreaterThanOrEqual(44);
    await expectFitsPhone(page);
    await expectAccessible(page);
    const rollUrl = `/api${new URL(page.url()).pathname.replace('/members', '')}`;

    // Online: Tara is marked and saved; only her row is sent.
    await taraBox.check();
    const saved = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/attendance/'),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).postDataJSON().rows).toEqual([{ userId: expect.any(String), attended: true }]);
    await expectToast(page, texts.updated, { accessible: true });
    await expect(page.getByText('1 of 2 present')).toBeVisible();

    // Offline: Adam's mark stays on the phone, and the page says so.
    await takerContext.setOffline(true);
    await adamBox.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(texts.offline)).toBeVisible();
    await expect(adamBox).toBeChecked();
    await expectAccessible(page);
    const onServer = await page.request.get(rollUrl);
    const people = (await onServer.json()).people as { firstName: string; attended: boolean }[];
    expect(people.map((p) => [p.firstName, p.attended])).toEqual([
      ['Adam', false],
      ['Tara', true],
    ]);

    // The connection returns: the kept save is sent.
    await takerContext.setOffline(false);
    await expectToast(page, texts.updated);
    await expect(page.getByText(texts.offline)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('2 of 2 present')).toBeVisible();
    await expect(personRow(page, demoUsers.adminLincoln.name)).toBeChecked();
    await expect(personRow(page, tara.name)).toBeChecked();

    // Adam's mark is taken back, then given again by scanning his ticket: the scanner opens full
    // screen, finds no camera in this browser, and reads a photo instead.
    await personRow(page, demoUsers.adminLincoln.name).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, texts.updated);
    await expect(page.getByText('1 of 2 present')).toBeVisible();
    await page.getByRole('button', { name: 'Scan tickets' }).click();
    const scanner = page.getByRole('dialog', { name: `Scan tickets: ${section}` });
    await expect(scanner.getByText(texts.camera)).toBeVisible({ timeout: 30_000 });
    const photo = scanner.locator('input[type="file"]');
    const outcome = scanner.getByRole('status');
    await photo.setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: adamsTicket });
    await expect(outcome).toContainText(texts.marked, { timeout: 30_000 });
    await expect(outcome).toContainText(demoUsers.adminLincoln.name);
    await expectAccessible(page);

    // Offline, a scan waits on the phone naming whose ticket it read; back online it is checked and
    // sent, and changes nothing. Scanning once more says he is already present.
    await takerContext.setOffline(true);
    await photo.setInputFiles({ name: 'ticket-offline.png', mimeType: 'image/png', buffer: adamsTicket });
    await expect(outcome).toContainText(texts.kept, { timeout: 30_000 });
    await expect(outcome).toContainText(demoUsers.adminLincoln.name);
    await takerContext.setOffline(false);
    await expectToast(page, texts.scansSent);
    await photo.setInputFiles({ name: 'ticket-again.png', mimeType: 'image/png', buffer: adamsTicket });
    await expect(outcome).toContainText(texts.already, { timeout: 30_000 });
    await scanner.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expect(page.getByText('2 of 2 present')).toBeVisible();
    await expect(personRow(page, demoUsers.adminLincoln.name)).toBeChecked();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: section })).toBeVisible();
  } finally {
    await takerContext.close();
  }

  // Tara downloads her certificate from My tickets and reads its code.
  const taraContext = await browser.newContext({ baseURL });
  try {
    const page = await taraContext.newPage();
    await signIn(page, tara.email);
    await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
    const ticket = page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: event });
    const certificate = await readPdf(page, () =>
      ticket.getByRole('link', { name: `Download certificate: ${event}` }).click(),
    );
    expect(certificate.name).toBe('certificate-literacy-coaching-days.pdf');
    expect(certificate.text).toContain(tara.name);
    expect(certificate.text).toContain(event);
    expect(certificate.text).toContain('6 hours');
    code = /Verification code: ([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})/.exec(certificate.text)?.[1];
    expect(code, 'the certificate shows its verification code').toBeDefined();
    await expectAccessible(page);

    // Her profile totals the hours and offers the transcript.
    await sideMenu(page).getByRole('link', { name: 'Profile' }).click();
    const pd = page.getByRole('region', { name: 'Professional development' });
    await expect(
      pd.getByRole('table', { name: 'Certificates' }).getByRole('row').filter({ hasText: event }),
    ).toContainText('6 hours');
    await expect(pd.getByRole('link', { name: 'Download transcript (CSV)' })).toHaveAttribute(
      'href',
      '/api/certificates/transcript.csv',
    );
    await expectAccessible(page);
    // On a phone the profile, certificates and her long email address included, fits the screen.
    await page.setViewportSize(phone);
    await expect(page.getByRole('button', { name: 'Open side menu' })).toBeVisible();
    await expectFitsPhone(page);

    // She holds a ticket but takes no attendance: the taker's page, opened from a shared link, is not hers.
    expectFailedCalls(page, 'GET', (url) => url.pathname === `/api${sectionsPath.replace(/^\/members/, '')}`);
    await page.goto(sectionsPath);
    await expect(page.getByText(texts.noAttendance)).toBeVisible();
    await expectAccessible(page);
  } finally {
    await taraContext.close();
  }

  // Anyone, signed out, checks the code on the public page.
  const publicContext = await browser.newContext({ baseURL, viewport: phone });
  try {
    const page = await publicContext.newPage();
    await page.goto(`/verify/${code ?? ''}`);
    await expect(page.getByText(texts.valid)).toBeVisible();
    await expect(page.getByText(tara.name)).toBeVisible();
    await expect(page.getByText(event)).toBeVisible();
    await expect(page.getByText('6 hours')).toBeVisible();
    await expect(page.getByText(tara.email)).toHaveCount(0);
    await expectFitsPhone(page);
    await expectAccessible(page);

    await page.goto('/verify/00000-00000-00000');
    await expect(page.getByText('No certificate has this code.', { exact: false })).toBeVisible();
  } finally {
    await publicContext.close();
  }

  // Staff set certificate hours per section: an event without sections has none to set.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const page = await staffContext.newPage();
    await signIn(page, demoUsers.staff.email);
    await page.getByRole('link', { name: 'Staff console' }).click();
    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await field(page, 'Search events').fill('Reading Workshop');
    // The search applies once typing pauses (it is kept in the address): click only after it has.
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'Reading Workshop');
    await page.getByRole('link', { name: 'Reading Workshop Series' }).click();
    await page.getByRole('link', { name: 'Attendance', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Attendance: Reading Workshop Series', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Certificate hours' }).getByText(texts.noSections)).toBeVisible();
    await expectAccessible(page);
  } finally {
    await staffContext.close();
  }
});
