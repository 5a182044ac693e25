import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoPassword, demoUsers, field, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText, toast } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Only these journeys buy anything as Iris (coach.washington), one after the other (one file), so her
// cart is theirs. She buys 'Reading Workshop Series' passes; the series journey (Henry) finds his own
// payment by his email and counts no seats, so sharing the event takes nothing from it. Iris belongs to
// Washington without administering it: what she buys is hers to hold.
const buyer = demoUsers.coachWashington;
const eventName = 'Reading Workshop Series';
const texts = {
  paid: 'Your purchase was successful. You may now allocate tickets.',
  saved: 'Assignments saved',
};

function totalsOf(page: Page) {
  return page.getByRole('group', { name: 'Totals' });
}

test.describe.configure({ mode: 'serial' });

test('"Pay by purchase order" and then Cancel gives the cart back as it was', async ({ page }) => {
  test.setTimeout(journeyTimeout);
  // Two passes at $89.00 with SAVE25 ($25.00 off).
  const prices = { subtotal: '$178.00', discount: '−$25.00', total: '$153.00' };

  await signIn(page, buyer.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const addForm = page.getByRole('form', { name: `Add ${eventName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), '2');
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');

  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  const couponForm = page.getByRole('form', { name: 'Coupon' });
  await input(couponForm, 'Coupon code').fill('SAVE25');
  await couponForm.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Coupon code applied successfully');
  const line = page.getByRole('table').getByRole('row').filter({ hasText: eventName });
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${eventName}` })).toHaveValue('2');
  await expect(page.getByText(/^Coupon SAVE25 applied/)).toBeVisible();
  await expect(totalsOf(page)).toHaveText(`Subtotal${prices.subtotal}Discount${prices.discount}Total${prices.total}`);
  await expectAccessible(page);

  // The purchase-order page: the order, held for its purchase order; the member changes their mind.
  await page.getByRole('button', { name: 'Pay by purchase order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/purchase-order');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  expect(eventPaymentId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(`Total${prices.total}`);
  await expectAccessible(page);
  await page.getByRole('form', { name: 'Upload your purchase order' }).getByRole('button', { name: 'Cancel' }).click();

  // Back at the checkout with the cart as it was: the same line, the same coupon, the same total.
  await expect(page).toHaveURL(atPath('/members/event-cart/checkout'));
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${eventName}` })).toHaveValue('2');
  await expect(page.getByText(/^Coupon SAVE25 applied/)).toBeVisible();
  await expect(totalsOf(page)).toHaveText(`Subtotal${prices.subtotal}Discount${prices.discount}Total${prices.total}`);
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  await expectAccessible(page);

  // What was saved: the order is cancelled (its seats released), nothing is left awaiting a purchase order.
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const payments = page.getByRole('table', { name: 'Event payments' });
  const cancelled = payments.getByRole('row').filter({ hasText: prices.total });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText(eventName);
  await expect(cancelled).toContainText('Cancelled');
  await expect(payments.getByRole('link', { name: /^Upload purchase order/ })).toHaveCount(0);
  await expectAccessible(page);

  // A reload of the checkout reads the cart afresh from the server.
  await page.goto('/members/event-cart/checkout');
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${eventName}` })).toHaveValue('2');
  await expect(totalsOf(page)).toHaveText(`Subtotal${prices.subtotal}Discount${prices.discount}Total${prices.total}`);

  // Emptied again, so the next journey starts from an empty cart.
  await page.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(page.getByRole('form', { name: 'Coupon' })).toBeVisible();
  await line.getByRole('button', { name: `Remove ${eventName}` }).click();
  await page.getByRole('dialog', { name: 'Remove from cart?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

/** Whether `target` comes before the focused element in the page (then Shift+Tab reaches it). */
async function isBehindFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    return Boolean(focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING);
  });
}

/** Moves the focus with Tab (or Shift+Tab, when the target is behind) until `target` has it, as a keyboard user does. */
async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  await expect(target).toBeVisible();
  const key = (await isBehindFocus(target)) ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${String(target)} was not reached with ${key} in ${limit} presses`);
}

/** Focuses `target` from the keyboard and presses Enter on it. */
async function activate(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

// No click, hover or fill: the page is moved through with Tab, Shift+Tab, Enter, Space and the arrow
// keys, and text is typed key by key; the toasts are only read (closing one would take the mouse).
test('a member signs in, buys with a coupon, pays on the demo page and allocates, from the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  // One pass at $89.00 with WELCOME10 (10 % off).
  const prices = { subtotal: '$89.00', discount: '−$8.90', total: '$80.10' };

  // Sign in: type into each field, Enter submits.
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await tabTo(page, field(page, 'Email'));
  await page.keyboard.type(buyer.email);
  await tabTo(page, field(page, 'Password'));
  await page.keyboard.type(demoPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(atPath('/members/profile'));

  // PD Services, the series, one pass into the cart.
  await activate(page, sideMenu(page).getByRole('link', { name: 'PD Services' }));
  await expect(page).toHaveURL(atPath('/members/events'));
  await expectAccessible(page);
  await activate(page, page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }));
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const addForm = page.getByRole('form', { name: `Add ${eventName} to cart` });
  await expect(input(addForm, 'Number of tickets')).toHaveValue('1');
  await activate(page, addForm.getByRole('button', { name: 'Add to cart' }));
  await expect(toast(page, 'Added to your cart').last()).toBeVisible();

  // The cart: the coupon typed and applied with Enter.
  await activate(page, sideMenu(page).getByRole('link', { name: 'Event Cart' }));
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  const line = page.getByRole('table').getByRole('row').filter({ hasText: eventName });
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${eventName}` })).toHaveValue('1');
  await tabTo(page, input(page.getByRole('form', { name: 'Coupon' }), 'Coupon code'));
  await page.keyboard.type('WELCOME10');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Coupon code applied successfully').last()).toBeVisible();
  await expect(totalsOf(page)).toHaveText(`Subtotal${prices.subtotal}Discount${prices.discount}Total${prices.total}`);
  await expectAccessible(page);

  // The demo card page: Pay, with Space this time.
  await tabTo(page, page.getByRole('button', { name: 'Pay by card' }));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  await expect(page.getByText(`Amount due: ${prices.total}`)).toBeVisible();
  await expectAccessible(page);
  await activate(page, page.getByRole('button', { name: `Pay ${prices.total}` }));
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/success');
  await expect(page.getByRole('status').filter({ hasText: texts.paid })).toBeVisible();
  await expectAccessible(page);

  // Allocate: the one pass to herself, picked with the arrow keys, saved with Enter.
  await activate(page, page.getByRole('link', { name: 'Allocate tickets' }));
  await expect(page).toHaveURL(
    atPath('/members/event/assign-tickets', `?${new URLSearchParams({ eventPaymentId }).toString()}`),
  );
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const ticket = page.getByRole('combobox', { name: 'Ticket 1', exact: true });
  await tabTo(page, ticket);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(ticket).toHaveValue(buyer.name);
  await activate(page, page.getByRole('button', { name: 'Save' }));
  await expect(toast(page, texts.saved).last()).toBeVisible();

  // What was saved: her ticket in My tickets, the payment paid and allocated.
  await activate(page, sideMenu(page).getByRole('link', { name: 'Manage Events' }));
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName }),
  ).toHaveCount(1);
  const paid = page.getByRole('table', { name: 'Event payments' }).getByRole('row').filter({ hasText: prices.total });
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText('1 of 1');
  await expectAccessible(page);
});
