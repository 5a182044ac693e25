import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { freshPerson, type FreshPerson } from './fixtures/journey-data.ts';
import { linkInNewestMail, newestMail } from './fixtures/mailbox.ts';
import { csrf, okJson as json, staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// The sold-out section is this journey's own: staff make a conference day whose one section has a single
// seat, and a holder of this journey takes it with a purchase order left unsent. Everyone here is a fresh
// person (freshPerson); other journeys find their own events by name, so this day is in no one's way.
const eventName = `Waiting Day ${uniqueToken()}`;
const sectionName = 'Last Seat Workshop';
const texts = {
  joined: 'You are on the waiting list.',
  first: 'You are number 1 on the waiting list (1 ticket).',
  second: 'You are number 2 on the waiting list (1 ticket).',
  held: 'Seats are held for you until',
  subject: `Seats for you: ${eventName} — ${sectionName}`,
};

/** A calendar day `days` from now, as the server's provider time zone reads dates. */
const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + days * 86_400_000));

/** Staff build the day: one First Year section with one seat, a $99.00 ticket. */
async function staffMakeTheDay(request: APIRequestContext) {
  return staffMakeOwnDay(request, {
    name: eventName,
    description: 'A day of one seat, made by the waiting-list journey.',
    locationName: 'Lincoln Elementary School, Library',
    date: dayFromNow(30),
    priceCents: 9_900,
    section: { title: sectionName, isFree: false, maxTickets: 1 },
  });
}

type Day = Awaited<ReturnType<typeof staffMakeTheDay>>;

/** The holder takes the only seat: a purchase-order checkout whose purchase order she never sends. */
async function holderTakesTheSeat(request: APIRequestContext, day: Day): Promise<string> {
  await json(
    await request.post('/api/cart/items', {
      headers: csrf,
      data: { eventId: day.eventId, ticketTypeId: day.ticketTypeId, sectionId: day.sectionId, numberOfTickets: 1 },
    }),
  );
  const { eventPaymentId } = await json<{ eventPaymentId: string }>(
    await request.post('/api/checkout', {
      headers: { ...csrf, 'idempotency-key': randomUUID() },
      data: { method: 'PURCHASE_ORDER' },
    }),
  );
  return eventPaymentId;
}

/** Someone joins through the API, as the event page's form does; answers the entry's id. */
async function joinsByApi(request: APIRequestContext, day: Day): Promise<string> {
  const entry = await json<{ id: string }>(
    await request.post('/api/waiting-lists/entries', {
      headers: csrf,
      data: {
        eventId: day.eventId,
        sectionId: day.sectionId,
        ticketTypeId: day.ticketTypeId,
        quantity: 1,
        organizationId: null,
      },
    }),
  );
  return entry.id;
}

async function signedInAs(page: Page, person: FreshPerson) {
  await signIn(page, person.email);
}

const sectionCard = (page: Page) => page.getByRole('article').filter({ hasText: sectionName });

test('a member joins the waiting list of a sold-out section, gets the offer mail and buys; an unused offer passes on', async ({
  browser,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const [holder, waiter, second, third] = await Promise.all([
    freshPerson(request, demoUsers.teacherLincoln, 'Hana'),
    freshPerson(request, demoUsers.teacherLincoln, 'Wren'),
    freshPerson(request, demoUsers.teacherLincoln, 'Sela'),
    freshPerson(request, demoUsers.teacherLincoln, 'Tove'),
  ]);
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, demoUsers.staff.email);
  const day = await staffMakeTheDay(staffPage.request);

  const holderPage = await (await browser.newContext()).newPage();
  await signedInAs(holderPage, holder);
  const heldPayment = await holderTakesTheSeat(holderPage.request, day);

  // Wren finds the section sold out and joins its waiting list instead of adding it to her cart.
  const page = await (await browser.newContext()).newPage();
  await signedInAs(page, waiter);
  await page.goto(`/members/events/${day.eventId}`);
  const card = sectionCard(page);
  await expect(card.getByText('Sold out')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  const joinForm = card.getByRole('form', { name: `Join the waiting list for ${sectionName}` });
  await expect(input(joinForm, 'Number of tickets')).toHaveValue('1');
  await joinForm.getByRole('button', { name: 'Join the waiting list' }).click();
  await expectToast(page, texts.joined);
  await expect(card.getByText(texts.first)).toBeVisible();
  await expectAccessible(page);

  // Sela joins behind her, and sees her own place.
  const secondPage = await (await browser.newContext()).newPage();
  await signedInAs(secondPage, second);
  const secondEntry = await joinsByApi(secondPage.request, day);
  await secondPage.goto(`/members/events/${day.eventId}`);
  await expect(sectionCard(secondPage).getByText(texts.second)).toBeVisible();

  // Staff cancel the holder's unsent purchase order: its seat goes to Wren, held for her.
  await json(
    await staffPage.request.post(`/api/admin/event-payments/${heldPayment}/cancel`, { headers: csrf, data: {} }),
  );
  await page.reload();
  await expect(sectionCard(page).getByText(texts.held)).toBeVisible();

  // The offer's mail links straight to a checkout of that seat.
  const link = await linkInNewestMail(page, {
    to: waiter.email,
    subject: texts.subject,
    linkPath: '/members/waiting-lists/offers/',
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your waiting-list offer', level: 1 })).toBeVisible();
  await expect(page.getByText('1 × $99.00 = $99.00')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(page).toHaveURL(
    atPath(
      '/members/event-cart/checkout/success',
      `?${new URLSearchParams({ eventPaymentId, source: 'demo' }).toString()}`,
    ),
  );
  await expect(page.getByRole('link', { name: 'Allocate tickets' })).toBeVisible();
  const paid = await json<{ status: string; total: number }>(
    await page.request.get(`/api/event-payments/${eventPaymentId}`),
  );
  expect(paid).toMatchObject({ status: 'PAID', total: 9_900 });
  // The offer is used: its link buys nothing more.
  await page.goto(link);
  await expect(page.getByText('This offer was already used.')).toBeVisible();

  // Staff raise the section to two seats: the new one goes to Sela; Tove waits behind her.
  const thirdPage = await (await browser.newContext()).newPage();
  await signedInAs(thirdPage, third);
  await joinsByApi(thirdPage.request, day);
  await day.resize(2);
  await secondPage.reload();
  await expect(sectionCard(secondPage).getByText(texts.held)).toBeVisible();

  // Sela lets it run out (the offer's hours pass for it alone): it passes to Tove by itself.
  const runOut = await request.post(`/api/dev/journey-data/waiting-list-offers/${secondEntry}/run-out`, {
    headers: csrf,
  });
  expect(runOut.status(), await runOut.text()).toBe(204);
  await secondPage.goto(link.replace(/offers\/[^/?#]+/, `offers/${secondEntry}`));
  await expect(secondPage.getByText('This offer has expired and passed to the next person waiting.')).toBeVisible();
  await newestMail(thirdPage, { to: third.email, subject: texts.subject });
  await thirdPage.goto(`/members/events/${day.eventId}`);
  await expect(sectionCard(thirdPage).getByText(texts.held)).toBeVisible();

  // Staff see the list as it is now: Tove offered, no one else waiting.
  await staffPage.goto(`/admin/events/${day.eventId}`);
  await staffPage.getByRole('link', { name: 'Waiting list' }).click();
  await expect(staffPage.getByRole('heading', { name: 'Waiting list', level: 1 })).toBeVisible();
  const table = staffPage.getByRole('table').filter({ hasText: third.name });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Offered');
  await expect(
    table.getByRole('button', { name: `Offer seats to ${third.name} (${eventName} — ${sectionName})` }),
  ).toHaveCount(0);
  await expectAccessible(staffPage);
});
