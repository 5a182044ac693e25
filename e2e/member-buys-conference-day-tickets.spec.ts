import type { Page, Route } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey signs in as Adam (admin.lincoln) to buy anything, and only it buys 'Coaching
// Writing' (the purchase-order journey buys 'Coaching Reading'), so his cart and that section's seats
// are this journey's alone even when the journeys run side by side.
const buyer = demoUsers.adminLincoln;
const school = 'Lincoln Elementary School';
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Coaching Writing';
// How the cart and the order summaries name a section's line.
const itemTitle = `${eventName} — ${sectionName}`;
const tickets = 2;
// $149.00 a ticket; WELCOME10 takes 10 % off.
const prices = { subtotal: '$298.00', discount: '−$29.80', total: '$268.20' };
const texts = {
  processing: 'Your payment is processing, please wait...',
  paid: 'Your purchase was successful. You may now allocate tickets.',
};
const uuid = /^[0-9a-f-]{36}$/;

/** The seats a section card says are left ("38 seats left"). */
async function seatsLeft(page: Page, section: string): Promise<number> {
  const badge = page.getByRole('article', { name: section }).getByText(/^\d+ seats? left$/);
  await expect(badge).toBeVisible();
  return Number.parseInt((await badge.textContent()) ?? '', 10);
}

/**
 * Holds every read of one event payment until `release`: the success page then shows what it shows
 * while the payment provider has not confirmed yet, long enough to check it.
 */
async function holdPaymentLookups(page: Page, eventPaymentId: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  const matches = (url: URL) => url.pathname === `/api/event-payments/${eventPaymentId}`;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'GET') {
      await route.fallback();
      return;
    }
    held += 1;
    await released;
    // The page may have given up on a read meanwhile (it left, or asked again).
    await route.continue().catch(() => undefined);
  };
  await page.route(matches, handler);
  return {
    held: () => held,
    release: async () => {
      release();
      await page.unroute(matches, handler);
    },
  };
}

test('a member buys conference-day tickets with a coupon and pays by card', async ({ page, context }) => {
  test.setTimeout(journeyTimeout);

  await signIn(page, buyer.email);

  // 'PD Services' lists the upcoming events.
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page).toHaveURL(atPath('/members/events'));
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  const eventCard = page.getByRole('article', { name: eventName });
  await expect(eventCard).toContainText('Conference day');
  await expect(eventCard).toContainText('from $149.00');
  await expectAccessible(page);

  // The conference day: its sections, each with the seats it has left.
  await eventCard.getByRole('link', { name: eventName }).click();
  await expect(page).toHaveURL((url) => /^\/members\/events\/[0-9a-f-]{36}$/.test(url.pathname));
  const eventPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Morning' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Afternoon' })).toBeVisible();
  const seatsBefore = await seatsLeft(page, sectionName);
  expect(seatsBefore).toBeGreaterThanOrEqual(tickets);
  await expectAccessible(page);

  const section = page.getByRole('article', { name: sectionName });
  const addForm = section.getByRole('form', { name: `Add ${sectionName} to cart` });
  await expect(addForm).toContainText('Conference day: $149.00');
  await replaceText(input(addForm, 'Number of tickets'), String(tickets));
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart', { accessible: true });
  // Adding does not sell: the seats are taken only at checkout.
  await expect(section.getByText(`${seatsBefore} seats left`)).toBeVisible();

  // The side menu counts the tickets now in the cart.
  await expect(
    sideMenu(page).getByRole('link', { name: new RegExp(`^Event Cart\\s*${tickets} tickets in the cart$`) }),
  ).toBeVisible();
  // 'Event Cart': the line, its price and subtotal, and the totals as the server priced them.
  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page).toHaveURL(atPath('/members/event-cart/checkout'));
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  const lines = page.getByRole('table').getByRole('row').filter({ hasText: itemTitle });
  await expect(lines).toHaveCount(1);
  const line = lines.first();
  await expect(line.getByRole('cell').nth(0)).toHaveText(`${itemTitle}Conference day`);
  await expect(line.getByRole('cell').nth(1)).toHaveText('$149.00');
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${itemTitle}` })).toHaveValue(String(tickets));
  await expect(line.getByRole('cell').nth(3)).toHaveText(prices.subtotal);
  const totals = page.getByRole('group', { name: 'Totals' });
  await expect(totals).toHaveText(`Subtotal${prices.subtotal}Discount$0.00Total${prices.subtotal}`);
  // Adam administers one school: the tickets are bought for it, so its staff can hold them; nothing to choose.
  await expect(page.getByText(`Buying for ${school}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Buying for' })).toHaveCount(0);
  await expectAccessible(page);

  // A coupon: none typed, then an expired one, then WELCOME10.
  const couponForm = page.getByRole('form', { name: 'Coupon' });
  const couponCode = input(couponForm, 'Coupon code');
  await couponForm.getByRole('button', { name: 'Apply' }).click();
  await expect(couponForm.getByText('Coupon code is required', { exact: true })).toBeVisible();
  await expect(couponCode).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await couponCode.fill('EXPIRED5');
  await couponForm.getByRole('button', { name: 'Apply' }).click();
  // The refusal is said under the field, not in a toast over the page.
  await expect(couponForm.getByText('Error applying coupon code. This coupon has expired.')).toBeVisible();
  await expect(couponCode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(totals).toHaveText(`Subtotal${prices.subtotal}Discount$0.00Total${prices.subtotal}`);

  await replaceText(couponCode, 'WELCOME10');
  await couponForm.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Coupon code applied successfully', { accessible: true });
  await expect(page.getByText('Coupon WELCOME10 applied (10% off)')).toBeVisible();
  await expect(totals).toHaveText(`Subtotal${prices.subtotal}Discount${prices.discount}Total${prices.total}`);

  // Pay by card: the demo provider's page asks for the discounted total.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  expect(eventPaymentId).toMatch(uuid);
  await expect(page.getByRole('heading', { name: 'Demo card payment', level: 1 })).toBeVisible();
  await expect(page.getByText(`Amount due: ${prices.total}`)).toBeVisible();
  const demoSummary = page.getByRole('region', { name: 'Order summary' });
  await expect(demoSummary.getByRole('row').filter({ hasText: itemTitle })).toContainText(prices.subtotal);
  await expect(demoSummary).toContainText(`Coupon WELCOME10${prices.discount}`);
  await expectAccessible(page);

  // Meanwhile, in another tab, Manage Events shows the payment as not paid yet. The school's other
  // administrators' payments are listed too, so the row is found by its amount.
  const otherTab = await context.newPage();
  await otherTab.goto('/members/manage-events');
  await expect(otherTab.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const unpaidRow = otherTab
    .getByRole('table', { name: 'Event payments' })
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row')
    .filter({ hasText: prices.total });
  await expect(unpaidRow).toHaveCount(1);
  await expect(unpaidRow).toContainText(eventName);
  await expect(unpaidRow.getByRole('cell').nth(6)).toHaveText('Payment Incomplete');
  await expect(unpaidRow).toContainText(prices.total);
  await expect(unpaidRow.getByRole('link', { name: /^Allocate tickets/ })).toHaveCount(0);
  await expectAccessible(otherTab);
  await otherTab.close();

  // Pay. Until the payment reads as paid, the success page says it is processing.
  const lookups = await holdPaymentLookups(page, eventPaymentId);
  await page.getByRole('button', { name: `Pay ${prices.total}` }).click();
  await expect(page).toHaveURL(
    atPath(
      '/members/event-cart/checkout/success',
      `?${new URLSearchParams({ eventPaymentId, source: 'demo' }).toString()}`,
    ),
  );
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: texts.processing })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allocate tickets' })).toBeDisabled();
  await expect.poll(lookups.held, { message: 'the success page reads the payment' }).toBeGreaterThan(0);
  await expectAccessible(page);

  await lookups.release();
  await expect(page.getByRole('status').filter({ hasText: texts.paid })).toBeVisible();
  await expect(page.getByText(texts.processing)).toHaveCount(0);
  const allocate = page.getByRole('link', { name: 'Allocate tickets' });
  await expect(allocate).toBeEnabled();
  await expect(allocate).toHaveAttribute('href', `/members/event/assign-tickets?eventPaymentId=${eventPaymentId}`);
  const paidSummary = page.getByRole('region', { name: 'Order summary' });
  await expect(paidSummary.getByRole('row').filter({ hasText: itemTitle })).toContainText(String(tickets));
  await expect(paidSummary).toContainText(`Total${prices.total}`);
  await expectAccessible(page);

  // Manage Events: the payment is paid and its tickets can be allocated.
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page).toHaveURL(atPath('/members/manage-events'));
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const allocatePath = `/members/event/assign-tickets?${new URLSearchParams({ eventPaymentId }).toString()}`;
  const paidRow = page.getByRole('row').filter({ has: page.locator(`a[href=${JSON.stringify(allocatePath)}]`) });
  await expect(paidRow).toHaveCount(1);
  await expect(paidRow).toContainText(eventName);
  await expect(paidRow.getByRole('cell').nth(6)).toHaveText('Paid');
  await expect(paidRow.getByRole('cell').nth(3)).toHaveText(String(tickets));
  await expect(paidRow.getByRole('cell').nth(5)).toHaveText(prices.total);
  await expect(paidRow.getByRole('link', { name: `Allocate tickets: ${eventName}` })).toHaveAttribute(
    'href',
    allocatePath,
  );
  await expectAccessible(page);

  // What was saved: the cart was emptied by the checkout, and the section sold the seats.
  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expectAccessible(page);

  await page.goto(eventPath);
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  expect(await seatsLeft(page, sectionName)).toBe(seatsBefore - tickets);
});
