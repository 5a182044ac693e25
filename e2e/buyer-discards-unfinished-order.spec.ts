import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText, uniqueToken } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// The seats are this journey's own: staff make a conference day of five seats (published only while the
// buyer shops, so no catalogue journey meets it), and the buyer is a person of this journey's own
// (freshPerson), whose cart and orders no other journey sees.
const eventName = `Held Seats Day ${uniqueToken()}`;
const sectionName = 'Holding Practice';
const itemTitle = `${eventName} — ${sectionName}`;
const lines = `2 × ${itemTitle}`;
const capacity = 5;
const texts = {
  unfinished: 'Unfinished orders',
  noneUnfinished: 'You have no unfinished orders.',
  discardTitle: 'Discard this order?',
  discarded: 'Order discarded. Its tickets are back in your cart.',
  paid: 'Your purchase was successful. You may now allocate tickets.',
};

/** Two months ahead: the purchase window is open. */
const day = new Date(Date.now() + 60 * 24 * 3600_000).toISOString().slice(0, 10);

/** Staff build the day: one priced section of five seats. */
async function staffMakeTheDay(request: APIRequestContext) {
  const made = await staffMakeOwnDay(request, {
    name: eventName,
    description: 'A day made by the unfinished-order journey.',
    locationName: 'Lincoln Elementary School, Library',
    date: day,
    priceCents: 9_900,
    section: { title: sectionName, isFree: false, maxTickets: capacity },
  });
  return made.unpublish;
}

/** The event's page in PD Services, with what its section card says is left. */
async function openTheDay(page: Page, seatsLeft: number) {
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const section = page.getByRole('article', { name: sectionName });
  await expect(section.getByText(`${seatsLeft} seats left`, { exact: true })).toBeVisible();
  return section;
}

async function openManageEvents(page: Page) {
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page).toHaveURL(atPath('/members/manage-events'));
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  return page.getByRole('region', { name: texts.unfinished });
}

test('a buyer discards an unfinished purchase-order checkout, then pays an unfinished card order', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await signIn(staffPage, demoUsers.staff.email);
  const unpublish = await staffMakeTheDay(staffPage.request);
  try {
    const buyer = await freshPerson(request, demoUsers.teacherWashington, 'Dana');
    await signIn(page, buyer.email);

    // Two seats of five into the cart, and "Pay by purchase order": the checkout holds them.
    const section = await openTheDay(page, capacity);
    await expectAccessible(page);
    const addForm = section.getByRole('form', { name: `Add ${sectionName} to cart` });
    await replaceText(input(addForm, 'Number of tickets'), '2');
    await addForm.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Added to your cart');
    await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Pay by purchase order' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/purchase-order');
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('$198.00');
    await expectAccessible(page);

    // She leaves the form: the seats stay held, and the order waits in Manage Events.
    let unfinished = await openManageEvents(page);
    const order = unfinished.getByRole('listitem', { name: lines });
    await expect(order).toContainText('Awaiting Purchase Order');
    await expect(order).toContainText('$198.00');
    await expect(order).toContainText(/Seats held until /);
    await expect(order.getByRole('link', { name: `Upload purchase order: ${lines}` })).toBeVisible();
    await expect(order.getByRole('button', { name: `Pay now: ${lines}` })).toHaveCount(0);
    await expectAccessible(page);
    await openTheDay(page, capacity - 2);

    // Discard, confirmed: the seats are back on sale and the tickets back in her cart.
    unfinished = await openManageEvents(page);
    await unfinished.getByRole('button', { name: `Discard: ${lines}` }).click();
    const dialog = page.getByRole('dialog', { name: texts.discardTitle });
    await expect(dialog).toContainText(`${lines} go back on sale`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expectToast(page, texts.discarded);
    await expect(unfinished.getByText(texts.noneUnfinished)).toBeVisible();
    await expectAccessible(page);
    await openTheDay(page, capacity);
    await expectAccessible(page);

    // The cart has the two tickets again; she pays by card, then leaves the provider's page unpaid.
    await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
    const cartLine = page.getByRole('table').getByRole('row').filter({ hasText: itemTitle });
    await expect(cartLine.getByRole('textbox', { name: `Number of tickets for ${itemTitle}` })).toHaveValue('2');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
    const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';

    unfinished = await openManageEvents(page);
    const cardOrder = unfinished.getByRole('listitem', { name: lines });
    await expect(cardOrder).toContainText('Payment Incomplete');
    await expect(cardOrder.getByRole('button', { name: `Discard: ${lines}` })).toBeVisible();
    await expectAccessible(page);

    // Pay now: a fresh page of the same payment, paid once.
    await cardOrder.getByRole('button', { name: `Pay now: ${lines}` }).click();
    await expect(page).toHaveURL(atPath('/members/event-cart/checkout/demo-pay', `?eventPaymentId=${eventPaymentId}`));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay $198.00' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/success');
    await expect(page.getByText(texts.paid)).toBeVisible();
    await expectAccessible(page);

    await openTheDay(page, capacity - 2);
    // The journey ends away from the day's page: staff unpublish the day below, and a page still showing it would
    // read it again (a focus change refetches) and meet a 404.
    unfinished = await openManageEvents(page);
    await expect(unfinished.getByText(texts.noneUnfinished)).toBeVisible();
    // The discarded order stays listed as cancelled beside the paid one.
    const payments = page
      .getByRole('table', { name: 'Event payments' })
      .getByRole('row')
      .filter({ hasText: eventName });
    await expect(payments.filter({ hasText: 'Paid' })).toHaveCount(1);
    await expect(payments.filter({ hasText: 'Cancelled' })).toHaveCount(1);
  } finally {
    await unpublish();
    await staff.close();
  }
});
