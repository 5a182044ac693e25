import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { freshStaffedSchool } from './fixtures/journey-data.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { csrf, okJson as json, staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// Everything here is the journey's own: staff make a conference day a month ahead (published only while
// the teacher asks), and a school of its own has a fresh owner, who buys two of its free tickets for the
// school, and a fresh teacher, who asks the school for one. No demo school or person is changed.
const eventName = `Literacy Day ${uniqueToken()}`;
const sectionName = 'Reading Workshop';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const texts = {
  sent: 'Your request was sent to your school',
  approved: 'Request approved: the ticket was assigned',
  waiting: 'Waiting for your school',
  done: 'Approved: your ticket is under My tickets',
};

/** A month from today in the provider's zone: purchase and allocation are open. */
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
  new Date(Date.now() + 30 * 86_400_000),
);

/** Staff build the day: one free section of ten seats. */
async function staffMakeTheDay(request: APIRequestContext) {
  return staffMakeOwnDay(request, {
    name: eventName,
    description: 'A day of reading practice, made by the Ask my school journey.',
    locationName: 'District Center',
    date: day,
    priceCents: 0,
    section: { title: sectionName, isFree: true, maxTickets: 10 },
  });
}

/** The owner buys two free tickets for her school (the organization she administers), nobody assigned yet. */
async function ownerBuysForTheSchool(
  request: APIRequestContext,
  theDay: { eventId: string; ticketTypeId: string; sectionId: string },
) {
  await json(
    await request.post('/api/cart/items', {
      headers: csrf,
      data: {
        ...{ eventId: theDay.eventId, ticketTypeId: theDay.ticketTypeId, sectionId: theDay.sectionId },
        numberOfTickets: 2,
      },
    }),
  );
  await json(
    await request.post('/api/checkout', {
      headers: { ...csrf, 'idempotency-key': randomUUID() },
      data: { method: 'CARD' },
    }),
  );
}

async function signedInContext(browser: Browser, baseURL: string | undefined, email: string, viewport = phone) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

async function closing<T>(contexts: BrowserContext[], walk: () => Promise<T>): Promise<T> {
  try {
    return await walk();
  } finally {
    for (const context of contexts) await context.close();
  }
}

test('a teacher asks her school for a seat and the owner approves it from the school’s unallocated tickets', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const school = await freshStaffedSchool(request, 'Journey Elementary', [
    { copyOf: demoUsers.ownerLincoln, firstName: 'Opal', role: 'OWNER' },
    { copyOf: demoUsers.teacherLincoln, firstName: 'Tess', role: 'MEMBER' },
  ]);
  const [owner, teacher] = school.people;
  if (!owner || !teacher) throw new Error('the school has no people');
  const staff = await signedInContext(browser, baseURL, demoUsers.staff.email, desktop);
  const ownerSide = await signedInContext(browser, baseURL, owner.email, desktop);
  const teacherSide = await signedInContext(browser, baseURL, teacher.email);
  await closing([staff.context, ownerSide.context, teacherSide.context], async () => {
    const theDay = await staffMakeTheDay(staff.page.request);
    await ownerBuysForTheSchool(ownerSide.page.request, theDay);

    // The teacher, on her phone, asks instead of buying.
    const page = teacherSide.page;
    await page.goto(`/members/events/${theDay.eventId}`);
    await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Ask my school' }).click();
    const dialog = page.getByRole('dialog', { name: `Ask my school: ${eventName}` });
    await expect(dialog.getByText(school.organization.name)).toBeVisible();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Choose a section')).toHaveCount(2);
    await dialog.getByLabel('Section').selectOption({ label: `Morning: ${sectionName}` });
    await input(dialog, 'Note to your school (optional)').fill('For my grade 3 reading group');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expectToast(page, texts.sent);
    // Off the day's page before staff unpublish it: a page still showing it could read it again and meet a 404.
    await page.goto('/members/manage-events');
    await theDay.unpublish();
    const mine = page.getByRole('region', { name: 'Requests to my school' });
    await expect(mine.getByText(texts.waiting)).toBeVisible();
    await expectAccessible(page);

    // The owner is mailed, and finds the request on her school's page with its count.
    const managerPage = ownerSide.page;
    await managerPage.goto('/dev/mailbox');
    const askedMail = await newestMail(managerPage, { to: owner.email, subject: `${teacher.name} asks for a seat` });
    await expect(askedMail).toContainText('For my grade 3 reading group');
    await managerPage.goto(`/members/organization/${school.organization.id}`);
    await expect(managerPage).toHaveURL(atPath(`/members/organization/${school.organization.id}`));
    const requests = managerPage.getByRole('region', { name: 'Seat requests' });
    await expect(requests.getByLabel('1 waiting')).toBeVisible();
    const card = requests.getByRole('article', { name: `${teacher.name} asks for ${eventName}: ${sectionName}` });
    await expect(card.getByText('Note: For my grade 3 reading group')).toBeVisible();
    await expect(card.getByLabel('Ticket to assign')).toContainText('(2 unassigned)');
    await expectAccessible(managerPage);
    await card.getByRole('button', { name: 'Approve and assign' }).click();
    await expectToast(managerPage, texts.approved);
    await expect(requests.getByLabel('0 waiting')).toBeVisible();
    await expect(requests.getByText('No requests waiting.')).toBeVisible();

    // Saved: the teacher holds one of the school's tickets, and her request is approved.
    const saved = await json<{ items: { status: string; eventId: string }[] }>(
      await page.request.get('/api/seat-requests/mine'),
    );
    expect(saved.items).toEqual([expect.objectContaining({ status: 'APPROVED', eventId: theDay.eventId })]);

    // She sees it in Manage Events, and is mailed.
    await page.goto('/members/manage-events');
    await expect(page.getByRole('region', { name: 'Requests to my school' }).getByText(texts.done)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName }),
    ).toHaveCount(1);
    await expectAccessible(page);
    await page.goto('/dev/mailbox');
    const approvedMail = await newestMail(page, {
      to: teacher.email,
      subject: `Your request for a seat: ${eventName}`,
    });
    await expect(approvedMail).toContainText('approved your request');
  });
});
