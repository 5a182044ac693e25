import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';
import { pickAssignee } from './fixtures/assignee-picker.ts';

// Only this journey buys anything as Henry (admin.washington), and only it buys the 'Reading Workshop
// Series': his payment is the only one the staff console finds by his email. Nobody else allocates
// Washington's tickets, so Maya's and Noah's holdings are this journey's.
const buyer = demoUsers.adminWashington;
const staff = demoUsers.staff;
const schoolName = 'Washington Middle School';
const eventName = 'Reading Workshop Series';
const tickets = 2;
// $89.00 a series pass.
const total = '$178.00';
const maya = { ...demoUsers.teacherWashington, label: 'Maya Morales' };
const noah = { ...demoUsers.noToolkit, label: 'Noah Nolan' };
const texts = {
  paid: 'Your purchase was successful. You may now allocate tickets.',
  notAll: 'Not all tickets have been allocated',
  unsaved: 'You have unsaved changes that will be lost...',
  saved: 'Assignments saved',
  reason: 'The school cancelled its order by phone',
  cancelled: '2 tickets cancelled. No refund.',
  voided: 'The event payment has been voided or cancelled.',
};
const uuid = /^[0-9a-f-]{36}$/;

/** The picker of one ticket of the series. */
function picker(tickets: Locator, ticket: number): Locator {
  return tickets.getByRole('combobox', { name: `Ticket ${ticket}`, exact: true });
}

/** Opens a ticket's picker, narrows it by typing, and picks the person whose option shows `label`. */
async function assign(page: Page, scope: Locator, ticket: number, search: string, label: string): Promise<void> {
  return pickAssignee(page, picker(scope, ticket), search, label);
}

test('an admin allocates series tickets, and once staff cancel the payment the allocation is closed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);

  await signIn(page, buyer.email);

  // Buy two series passes and pay by card.
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  const eventCard = page.getByRole('article', { name: eventName });
  await eventCard.getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const addForm = page.getByRole('form', { name: `Add ${eventName} to cart` });
  await expect(addForm.getByText('Series pass: $89.00')).toBeVisible();
  await replaceText(input(addForm, 'Number of tickets'), String(tickets));
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');
  await expectAccessible(page);

  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  const line = page.getByRole('table').getByRole('row').filter({ hasText: eventName });
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${eventName}` })).toHaveValue(String(tickets));
  await expect(page.getByRole('group', { name: 'Totals' })).toHaveText(`Subtotal${total}Discount$0.00Total${total}`);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  expect(eventPaymentId).toMatch(uuid);
  const shortId = eventPaymentId.slice(0, 8);
  await expect(page.getByRole('heading', { name: 'Demo card payment', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.paid })).toBeVisible();
  await expectAccessible(page);

  // 'Allocate tickets': a series is allocated as a whole, one empty picker per pass.
  const allocateSearch = `?${new URLSearchParams({ eventPaymentId }).toString()}`;
  await page.getByRole('link', { name: 'Allocate tickets' }).click();
  await expect(page).toHaveURL(atPath('/members/event/assign-tickets', allocateSearch));
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(page.getByText(`Tickets bought for ${schoolName}`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${eventName}`) })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const passes = page.getByRole('region', { name: 'Tickets', exact: true });
  await expect(passes).toContainText(`0 of ${tickets} tickets allocated`);
  for (let ticket = 1; ticket <= tickets; ticket += 1) await expect(picker(passes, ticket)).toHaveValue('');
  await expect(picker(passes, tickets + 1)).toHaveCount(0);
  await expect(page.getByText(texts.notAll)).toBeVisible();
  await expectAccessible(page);

  // Two Washington staff, found by typing.
  await assign(page, passes, 1, 'Maya', maya.label);
  await assign(page, passes, 2, 'Noah', noah.label);
  await expect(passes).toContainText(`${tickets} of ${tickets} tickets allocated`);
  await expect(page.getByText(texts.notAll)).toHaveCount(0);
  await expectAccessible(page);

  // Leaving by the side menu with the draft unsaved asks first; staying keeps the draft.
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText(texts.unsaved);
  await expect(leave.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/members/event/assign-tickets', allocateSearch));
  await expect(picker(passes, 1)).toHaveValue(maya.label);
  await expect(picker(passes, 2)).toHaveValue(noah.label);
  await expect(passes).toContainText(`${tickets} of ${tickets} tickets allocated`);

  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, texts.saved, { accessible: true });

  // What was saved: after a reload the holders are in their tickets, and leaving asks nothing.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(picker(passes, 1)).toHaveValue(maya.label);
  await expect(picker(passes, 2)).toHaveValue(noah.label);
  await expect(passes).toContainText(`${tickets} of ${tickets} tickets allocated`);
  await expect(page.getByText(texts.notAll)).toHaveCount(0);
  await expectAccessible(page);

  // Noah was told by mail which event his ticket is for (Maya's address is changed by another journey).
  const mail = await newestMail(page, { to: noah.email, subject: `Your ticket for ${eventName}` });
  await expect(mail).toContainText(`Event: ${eventName}`);
  await expectAccessible(page);

  // Staff, in their own browser, find the payment by the buyer's email, read its holders and cancel it.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, staff.email);
    await staffPage.getByRole('link', { name: 'Staff console' }).click();
    await expect(staffPage).toHaveURL((url) => url.pathname.startsWith('/admin'));
    const consoleNav = staffPage.getByRole('navigation', { name: 'Staff console' });
    await consoleNav.getByRole('link', { name: 'Event payments' }).click();
    await expect(staffPage).toHaveURL((url) => url.pathname === '/admin/event-payments');
    await expect(staffPage.getByRole('heading', { name: 'Event payments', level: 1 })).toBeVisible();
    await expectAccessible(staffPage);

    await input(staffPage, 'Search event payments').fill(buyer.email);
    const rows = staffPage.getByRole('table').getByRole('row');
    const paymentLink = staffPage.getByRole('link', { name: `Payment ${shortId} by ${buyer.name}`, exact: true });
    await expect(paymentLink).toHaveCount(1);
    // Only this journey's payment is Henry's: every other row is gone.
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ has: paymentLink });
    await expect(row).toContainText(buyer.email);
    await expect(row).toContainText(schoolName);
    await expect(row).toContainText(eventName);
    await expect(row).toContainText(total);
    await expect(row).toContainText('Paid');
    await expectAccessible(staffPage);

    await paymentLink.click();
    await expect(staffPage).toHaveURL(atPath(`/admin/event-payments/${eventPaymentId}`));
    await expect(staffPage.getByRole('heading', { name: `Payment ${shortId}`, level: 1 })).toBeVisible();
    await expect(staffPage.getByText(`${buyer.name} · ${buyer.email}`)).toBeVisible();
    await expect(staffPage.getByText(eventPaymentId, { exact: true })).toBeVisible();
    const holding = staffPage.getByRole('article', { name: `${eventName}: ${eventName}` });
    await expect(holding).toContainText(`${tickets} / ${tickets} allocated`);
    const holders = holding.getByRole('list', { name: `Holders of ${eventName}` }).getByRole('listitem');
    await expect(holders).toHaveCount(2);
    await expect(holders.filter({ hasText: maya.label })).toHaveCount(1);
    await expect(holders.filter({ hasText: noah.label })).toContainText(noah.email);
    await expectAccessible(staffPage);

    // A paid payment is cancelled through Refund: every ticket left, here without a refund, with a reason.
    await expect(staffPage.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
    await staffPage.getByRole('button', { name: 'Refund' }).click();
    const confirm = staffPage.getByRole('dialog', { name: 'Refund payment' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText(`Refund: ${total}`)).toBeVisible();
    await confirm.getByRole('radio', { name: 'No refund' }).check();
    await input(confirm, /^Reason/).fill(texts.reason);
    await expectAccessible(staffPage);
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await expect(confirm).toHaveCount(0);
    await expectToast(staffPage, texts.cancelled, { accessible: true });
    const heading = staffPage.getByRole('heading', { name: `Payment ${shortId}`, level: 1 });
    await expect(heading.locator('xpath=..')).toContainText('Cancelled');
    await expect(staffPage.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(staffPage.getByText(texts.voided)).toBeVisible();

    // What was saved: read afresh, the payment stays cancelled, in the list too.
    await staffPage.reload();
    await expect(heading).toBeVisible();
    await expect(heading.locator('xpath=..')).toContainText('Cancelled');
    await expect(staffPage.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expectAccessible(staffPage);
    await staffPage.getByRole('link', { name: 'Back to event payments' }).click();
    await input(staffPage, 'Search event payments').fill(buyer.email);
    await expect(paymentLink).toHaveCount(1);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ has: paymentLink })).toContainText('Cancelled');
    await expectAccessible(staffPage);
  } finally {
    await staffContext.close();
  }

  // Back as the admin: the allocation of a cancelled payment allows nothing.
  await page.goto(`/members/event/assign-tickets${allocateSearch}`);
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(page.getByText(texts.voided)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Manage Events' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '+ Add New User' })).toHaveCount(0);
  await expectAccessible(page);

  // Manage Events lists the payment as cancelled: no allocation progress, and no way to allocate.
  await page.getByRole('link', { name: 'Back to Manage Events' }).click();
  await expect(page).toHaveURL(atPath('/members/manage-events'));
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const paymentRow = page
    .getByRole('region', { name: 'Event payments' })
    .getByRole('row')
    .filter({ hasText: eventName });
  await expect(paymentRow).toHaveCount(1);
  await expect(paymentRow.getByRole('cell').nth(1)).toContainText(schoolName);
  await expect(paymentRow.getByRole('cell').nth(3)).toHaveText(String(tickets));
  await expect(paymentRow.getByRole('cell').nth(4)).toHaveText('—');
  await expect(paymentRow.getByRole('cell').nth(5)).toHaveText(total);
  await expect(paymentRow.getByRole('cell').nth(6)).toHaveText('Cancelled');
  // Its receipt stays to download (it says the payment was cancelled); nothing else is a link.
  await expect(paymentRow.getByRole('link')).toHaveCount(1);
  await expect(paymentRow.getByRole('link')).toHaveAccessibleName(/^Download receipt R-\d+$/);
  await expectAccessible(page);
});
