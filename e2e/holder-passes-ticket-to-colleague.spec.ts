import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { csrf, okJson as json, staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// The ticket is this journey's own: staff make a free conference day of today's date (published only
// while Noah buys, so no catalogue journey meets it), with attendance@demo.test taking its attendance.
// Noah (notoolkit) buys in no other journey, administers no organization (so the ticket is bought for
// none, and may go to anyone by email) and passes it to Henry (admin.washington), his colleague at
// Washington Middle School. Other journeys find their own events by name, never by counting.
const holder = demoUsers.noToolkit;
const colleague = demoUsers.adminWashington;
const taker = 'attendance@demo.test';
const eventName = `Coaching Day ${uniqueToken()}`;
const sectionName = 'Passing Practice';
const ticketTitle = `${eventName}: ${sectionName}`;
const phone = { width: 390, height: 844 };
const texts = {
  passed: `Your ticket was passed on to ${colleague.name}`,
  confirm: `Pass your ticket for ${ticketTitle} to ${colleague.name}?`,
  notHolder: 'This person holds no ticket or accepted application for this section.',
  marked: `Marked present: ${sectionName}`,
};

/** The provider's calendar day (America/New York), as the server reads "today". */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

/** Staff build the day: a free First Year section meeting today, and the attendance taker. */
async function staffMakeTheDay(request: APIRequestContext) {
  const day = await staffMakeOwnDay(request, {
    name: eventName,
    description: 'A morning of practice, made by the pass-on journey.',
    locationName: 'Washington Middle School, Room 4',
    date: today,
    priceCents: 9_900,
    section: { title: sectionName, isFree: true, maxTickets: 10 },
  });
  await json(
    await request.post(`${day.base}/attendance-takers`, { headers: csrf, data: { email: taker, sectionId: null } }),
  );
  return day;
}

/** Noah buys the free ticket (paid at once) and allocates it to himself, as the Event Cart would. */
async function holderBuysAndAllocates(
  request: APIRequestContext,
  day: { eventId: string; ticketTypeId: string; sectionId: string },
) {
  const me = await json<{ id: string }>(await request.get('/api/me'));
  await json(
    await request.post('/api/cart/items', {
      headers: csrf,
      data: { eventId: day.eventId, ticketTypeId: day.ticketTypeId, sectionId: day.sectionId, numberOfTickets: 1 },
    }),
  );
  const { eventPaymentId } = await json<{ eventPaymentId: string }>(
    await request.post('/api/checkout', {
      headers: { ...csrf, 'idempotency-key': randomUUID() },
      data: { method: 'CARD' },
    }),
  );
  const allocation = await json<{ events: { sections: { itemId: string }[] }[] }>(
    await request.get(`/api/event-payments/${eventPaymentId}/allocation`),
  );
  const itemId = allocation.events[0]?.sections[0]?.itemId ?? '';
  await json(
    await request.put(`/api/event-payments/${eventPaymentId}/allocation`, {
      headers: csrf,
      data: { items: [{ itemId, assignedUsers: [me.id] }] },
    }),
  );
}

/** The QR image My tickets shows for this ticket, as a PNG the taker's scanner reads from a photo. */
async function ticketCodeImage(page: Page): Promise<Buffer> {
  const row = page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName });
  await row.getByRole('button', { name: `Show ticket code: ${ticketTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: ticketTitle });
  const image = dialog.getByRole('img', { name: `Ticket code: ${eventName}` });
  await expect(image).toBeVisible();
  const source = (await image.getAttribute('src')) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  return Buffer.from(source.slice(source.indexOf(',') + 1), 'base64');
}

/** Runs `walk`, then closes the contexts whatever happened. */
async function closing<T>(contexts: BrowserContext[], walk: () => Promise<T>): Promise<T> {
  try {
    return await walk();
  } finally {
    for (const context of contexts) await context.close();
  }
}

async function signedInContext(browser: Browser, baseURL: string | undefined, email: string, viewport = phone) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

test('a holder who cannot go passes her ticket to a colleague on her phone; the colleague scans in, her own code no longer does', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);

  const staff = await signedInContext(browser, baseURL, demoUsers.staff.email, { width: 1280, height: 900 });
  const day = await staffMakeTheDay(staff.page.request);
  const noah = await signedInContext(browser, baseURL, holder.email);
  const oldCode = await closing([noah.context, staff.context], async () => {
    await holderBuysAndAllocates(noah.page.request, day);
    await day.unpublish();

    // Manage Events: the ticket is his, with its code and a way to pass it on.
    const page = noah.page;
    await page.getByRole('button', { name: 'Open side menu' }).click();
    await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
    await expect(page).toHaveURL(atPath('/members/manage-events'));
    const code = await ticketCodeImage(page);
    const row = page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName });
    await row.getByRole('button', { name: `Pass on: ${ticketTitle}` }).click();

    // He bought it for no organization: it may go to anyone, named by email; he bought it himself, so
    // there is no buyer to give it back to.
    const dialog = page.getByRole('dialog', { name: `Pass your ticket on: ${ticketTitle}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Email required')).toBeVisible();
    await expectAccessible(page);
    await input(dialog, 'Their email').fill(colleague.email);
    const [firstName = '', lastName = ''] = colleague.name.split(' ');
    await input(dialog, 'Their first name').fill(firstName);
    await input(dialog, 'Their last name').fill(lastName);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // A confirmation says what happens to his code.
    await expect(dialog.getByText(texts.confirm)).toBeVisible();
    await expectAccessible(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await dialog.getByRole('button', { name: 'Pass on' }).click();
    await expectToast(page, texts.passed, { accessible: true });
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName }),
    ).toHaveCount(0);

    // Both are mailed: Henry gets the ticket and its code, Noah a note that his code no longer admits him.
    const received = await newestMail(page, {
      to: colleague.email,
      subject: `A ticket passed on to you: ${eventName}`,
    });
    await expect(received).toContainText(`${holder.name} has passed you a ticket for ${eventName}.`);
    await expect(received).toContainText(`Section: ${sectionName}`);
    const note = await newestMail(page, { to: holder.email, subject: `You passed on your ticket: ${eventName}` });
    await expect(note).toContainText('Your ticket code for it no longer admits you');
    return code;
  });

  // Henry finds the ticket under his tickets, with a code of his own.
  const henry = await signedInContext(browser, baseURL, colleague.email);
  const newCode = await closing([henry.context], async () => {
    await henry.page.getByRole('button', { name: 'Open side menu' }).click();
    await sideMenu(henry.page).getByRole('link', { name: 'Manage Events' }).click();
    return ticketCodeImage(henry.page);
  });
  expect(newCode.equals(oldCode)).toBe(false);

  // At the door the taker scans both codes: Noah's is refused, Henry's marks him present.
  const door = await signedInContext(browser, baseURL, taker);
  await closing([door.context], async () => {
    const page = door.page;
    await page.getByRole('button', { name: 'Open side menu' }).click();
    await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
    await page.getByRole('region', { name: 'Attendance' }).getByRole('link', { name: eventName }).click();
    await page.getByRole('link', { name: `Take attendance: ${sectionName}` }).click();
    await expect(page.getByRole('heading', { name: sectionName })).toBeVisible();
    await expect(page.getByText('0 of 1 present')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${colleague.name}`) })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${holder.name}`) })).toHaveCount(0);

    await page.getByRole('button', { name: 'Scan tickets' }).click();
    const scanner = page.getByRole('dialog', { name: `Scan tickets: ${sectionName}` });
    const photo = scanner.locator('input[type="file"]');
    const outcome = scanner.getByRole('status');
    await photo.setInputFiles({ name: 'old-ticket.png', mimeType: 'image/png', buffer: oldCode });
    await expect(outcome).toContainText(texts.notHolder, { timeout: 30_000 });
    await photo.setInputFiles({ name: 'new-ticket.png', mimeType: 'image/png', buffer: newCode });
    await expect(outcome).toContainText(texts.marked, { timeout: 30_000 });
    await expect(outcome).toContainText(colleague.name);
    await expectAccessible(page);
    await scanner.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expect(page.getByText('1 of 1 present')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${colleague.name}`) })).toBeChecked();
  });
});
