import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, signIn } from './fixtures/auth.ts';
import { expectToast, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { freshStaffedSchool } from './fixtures/journey-data.ts';
import { csrf, okJson as json, staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// The journey's own day of one seat, taken by a colleague who bought it for himself: the school holds no
// ticket, so the teacher's request cannot be met and her dialog offers the section's waiting list instead.
const eventName = `Full Literacy Day ${uniqueToken()}`;
const sectionName = 'Reading Workshop';
const phone = { width: 390, height: 844 };
const texts = {
  full: 'This section is full. Join its waiting list instead of asking your school for a seat.',
  joined: 'You are on the waiting list.',
};

/** A month from today in the provider's zone: purchase is open. */
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
  new Date(Date.now() + 30 * 86_400_000),
);

async function signedInContext(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL, viewport: phone });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

test('a teacher asking her school for a seat in a full section is offered its waiting list and joins it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const staff = await signedInContext(browser, baseURL, demoUsers.staff.email);
  const school = await freshStaffedSchool(staff.page.request, 'Full Section Elementary', [
    { copyOf: demoUsers.ownerLincoln, firstName: 'Olga', role: 'OWNER' },
    { copyOf: demoUsers.teacherLincoln, firstName: 'Tamsin', role: 'MEMBER' },
    { copyOf: demoUsers.teacherLincoln, firstName: 'Cory', role: 'MEMBER' },
  ]);
  const [, teacher, colleague] = school.people;
  if (!teacher || !colleague) throw new Error('the school has no people');
  const colleagueSide = await signedInContext(browser, baseURL, colleague.email);
  const teacherSide = await signedInContext(browser, baseURL, teacher.email);
  try {
    const theDay = await staffMakeOwnDay(staff.page.request, {
      name: eventName,
      description: 'A day of one seat, made by the full-section journey.',
      locationName: 'District Center',
      date: day,
      priceCents: 0,
      section: { title: sectionName, isFree: true, maxTickets: 1 },
    });
    // The colleague buys the one seat for himself: it is not the school's to give.
    await json(
      await colleagueSide.page.request.post('/api/cart/items', {
        headers: csrf,
        data: {
          eventId: theDay.eventId,
          ticketTypeId: theDay.ticketTypeId,
          sectionId: theDay.sectionId,
          numberOfTickets: 1,
        },
      }),
    );
    await json(
      await colleagueSide.page.request.post('/api/checkout', {
        headers: { ...csrf, 'idempotency-key': randomUUID() },
        data: { method: 'CARD' },
      }),
    );

    const page = teacherSide.page;
    await page.goto(`/members/events/${theDay.eventId}`);
    await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Ask my school' }).click();
    const dialog = page.getByRole('dialog', { name: `Ask my school: ${eventName}` });
    await dialog.getByLabel('Section').selectOption({ label: `Morning: ${sectionName}` });
    await dialog.getByRole('button', { name: 'Send request' }).click();

    // No request that cannot be met: the dialog offers the section's waiting list.
    await expect(dialog.getByText(`Morning: ${sectionName} is full`)).toBeVisible();
    await expect(dialog.getByText(texts.full)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
    await expectToast(page, texts.joined);
    await expect(dialog.getByText('You are number 1 on the waiting list (1 ticket).')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // Saved: she waits on the section's list, and her school was asked nothing.
    const lists = await json<{ entries: { sectionId: string; position: number; status: string }[] }>(
      await page.request.get(`/api/waiting-lists/events/${theDay.eventId}`),
    );
    expect(lists.entries).toEqual([
      expect.objectContaining({ sectionId: theDay.sectionId, position: 1, status: 'WAITING' }),
    ]);
    const requests = await json<{ items: { eventId: string }[] }>(await page.request.get('/api/seat-requests/mine'));
    expect(requests.items.filter((item) => item.eventId === theDay.eventId)).toEqual([]);
    await theDay.unpublish();
  } finally {
    for (const side of [staff, colleagueSide, teacherSide]) await side.context.close();
  }
});
