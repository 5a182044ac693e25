import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText, uniqueToken } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';
import { pickAssignee } from './fixtures/assignee-picker.ts';

// Only this journey buys anything as Olivia (owner.lincoln), and only it buys 'Data-Driven
// Instruction' (the card journey buys 'Coaching Writing', the purchase-order journey 'Coaching
// Reading'): her cart and that section's three seats are this journey's alone. Nobody else allocates
// tickets, so Tara's and Carlos's tickets are the ones handed out here.
const buyer = demoUsers.ownerLincoln;
const schoolName = 'Lincoln Elementary School';
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Data-Driven Instruction';
const itemTitle = `${eventName} — ${sectionName}`;
// The section seats three, so three tickets are all of it.
const tickets = 3;
const total = '$447.00';
const tara = { ...demoUsers.teacherLincoln, label: 'Tara Thompson' };
const carlos = { email: 'coach.lincoln@demo.test', label: 'Carlos Chen' };
const adam = { ...demoUsers.adminLincoln, label: 'Adam Alvarez' };
const texts = {
  paid: 'Your purchase was successful. You may now allocate tickets.',
  notAll: 'Not all tickets have been allocated',
};
const uuid = /^[0-9a-f-]{36}$/;

/** The picker of one ticket of the section. */
function picker(section: Locator, ticket: number): Locator {
  return section.getByRole('combobox', { name: `Ticket ${ticket}`, exact: true });
}

/** Opens a ticket's picker, narrows it by typing, and picks the person whose option shows `label`. */
async function assign(page: Page, section: Locator, ticket: number, search: string, label: string): Promise<void> {
  return pickAssignee(page, picker(section, ticket), search, label);
}

test('an admin allocates conference-day tickets to staff and a new user, and a teacher sees her ticket', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const newcomer = { firstName: 'Wren', lastName: `Whitaker-${token}`, email: `allocated.${token}@demo.test` };
  const newcomerLabel = `${newcomer.firstName} ${newcomer.lastName} (pending)`;

  await signIn(page, buyer.email);

  // Buy the section's three seats and pay by card (as the card journey does).
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  const eventCard = page.getByRole('article', { name: eventName });
  await eventCard.getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const sectionCard = page.getByRole('article', { name: sectionName });
  await expect(sectionCard.getByText(`${tickets} seats left`)).toBeVisible();
  const addForm = sectionCard.getByRole('form', { name: `Add ${sectionName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), String(tickets));
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');

  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  const line = page.getByRole('table').getByRole('row').filter({ hasText: itemTitle });
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${itemTitle}` })).toHaveValue(String(tickets));
  await expect(page.getByRole('group', { name: 'Totals' })).toHaveText(`Subtotal${total}Discount$0.00Total${total}`);

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  expect(eventPaymentId).toMatch(uuid);
  await expect(page.getByRole('heading', { name: 'Demo card payment', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.paid })).toBeVisible();

  // 'Allocate tickets' leads to the allocation of this payment: one empty picker per ticket.
  const allocatePath = `/members/event/assign-tickets?${new URLSearchParams({ eventPaymentId }).toString()}`;
  await page.getByRole('link', { name: 'Allocate tickets' }).click();
  await expect(page).toHaveURL(
    atPath('/members/event/assign-tickets', `?${new URLSearchParams({ eventPaymentId }).toString()}`),
  );
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(page.getByText(`Tickets bought for ${schoolName}`)).toBeVisible();
  const section = page.getByRole('region', { name: sectionName });
  await expect(section).toContainText(`0 of ${tickets} tickets allocated · at most 3 in this section`);
  for (let ticket = 1; ticket <= tickets; ticket += 1) await expect(picker(section, ticket)).toHaveValue('');
  await expect(picker(section, tickets + 1)).toHaveCount(0);
  await expect(page.getByText(texts.notAll)).toBeVisible();
  await expectAccessible(page);

  // Three staff of the school, found by typing; one chosen person is not offered again in the section.
  await assign(page, section, 1, 'Tara', tara.label);
  await assign(page, section, 2, 'Carlos', carlos.label);
  await picker(section, 3).click();
  await picker(section, 3).fill('Tara');
  await expect(page.getByRole('listbox')).toContainText('No users found');
  await picker(section, 3).press('Escape');
  await assign(page, section, 3, 'Adam', adam.label);
  await expect(section).toContainText(`${tickets} of ${tickets} tickets allocated`);
  await expect(page.getByText(texts.notAll)).toHaveCount(0);
  await expectAccessible(page);

  // Clearing a selection empties that ticket again, and the page says so.
  await section.getByRole('button', { name: `Clear selection, ticket 3 of ${sectionName}` }).click();
  await expect(picker(section, 3)).toHaveValue('');
  await expect(section).toContainText(`2 of ${tickets} tickets allocated`);
  await expect(page.getByText(texts.notAll)).toBeVisible();
  await expectAccessible(page);

  // '+ Add New User': sent empty it names every missing field; then a new (pending) user is created.
  await page.getByRole('button', { name: '+ Add New User' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add New User' });
  await expect(drawer).toBeVisible();
  await expect(input(drawer, 'Organization')).toHaveValue(/.+/);
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create user' }).click();
  for (const message of ['First name required', 'Last name required', 'Email required']) {
    await expect(drawer.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(input(drawer, 'First name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await input(drawer, 'First name').fill(newcomer.firstName);
  await input(drawer, 'Last name').fill(newcomer.lastName);
  await input(drawer, 'Email').fill(newcomer.email);
  await drawer.getByRole('button', { name: 'Create user' }).click();
  await expectToast(page, 'User created', { accessible: true });
  await expect(drawer).toHaveCount(0);

  // The new user is pickable at once, and takes the last ticket.
  await assign(page, section, 3, token, newcomerLabel);
  await expect(section).toContainText(`${tickets} of ${tickets} tickets allocated`);
  await expect(page.getByText(texts.notAll)).toHaveCount(0);

  // Every ticket bought has its picker and holds someone: no slot is offered past them (issue 39).
  await expect(section.getByRole('combobox', { name: /^Ticket \d+$/ })).toHaveCount(tickets);
  await expect(section.getByRole('button', { name: /Add another assignee/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Ticket allocations saved', { accessible: true });

  // What was saved: after a reload the holders are listed in their tickets.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(picker(section, 1)).toHaveValue(tara.label);
  await expect(picker(section, 2)).toHaveValue(carlos.label);
  await expect(picker(section, 3)).toHaveValue(newcomerLabel);
  await expect(section).toContainText(`${tickets} of ${tickets} tickets allocated`);
  await expect(page.getByText(texts.notAll)).toHaveCount(0);
  await expectAccessible(page);

  // Manage Events: the payment's allocation progress, and the link back.
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page).toHaveURL(atPath('/members/manage-events'));
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const paymentRow = page.getByRole('row').filter({ has: page.locator(`a[href=${JSON.stringify(allocatePath)}]`) });
  await expect(paymentRow).toHaveCount(1);
  await expect(paymentRow).toContainText(eventName);
  await expect(paymentRow.getByRole('cell').nth(1)).toContainText(schoolName);
  await expect(paymentRow.getByRole('cell').nth(3)).toHaveText(String(tickets));
  // The row's actions (allocate, download the receipt) are drawn in one size (issue 39: they were mixed).
  const actionSizes = await paymentRow
    .getByRole('cell')
    .last()
    .locator('a, button')
    .evaluateAll((actions) => actions.map((action) => getComputedStyle(action).fontSize));
  expect(actionSizes.length).toBeGreaterThan(1);
  expect(new Set(actionSizes).size).toBe(1);
  await expect(paymentRow.getByRole('cell').nth(4)).toHaveText(`${tickets} of ${tickets}`);
  await expect(paymentRow.getByRole('cell').nth(6)).toHaveText('Paid');
  await expectAccessible(page);

  // Tara, in her own browser, finds her ticket under 'My tickets'.
  const taraContext = await browser.newContext({ baseURL });
  try {
    const taraPage = await taraContext.newPage();
    await signIn(taraPage, tara.email);
    await sideMenu(taraPage).getByRole('link', { name: 'Manage Events' }).click();
    await expect(taraPage).toHaveURL(atPath('/members/manage-events'));
    await expect(taraPage.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    const myTickets = taraPage.getByRole('table', { name: 'My tickets' });
    const ticketRow = myTickets.getByRole('row').filter({ hasText: eventName });
    await expect(ticketRow).toHaveCount(1);
    await expect(ticketRow.getByRole('cell').nth(0)).toContainText(schoolName);
    await expect(ticketRow.getByRole('cell').nth(2)).toHaveText(sectionName);
    await expect(
      ticketRow.getByRole('button', { name: `Add to calendar: ${eventName}: ${sectionName}` }),
    ).toBeVisible();
    await expectAccessible(taraPage);
  } finally {
    await taraContext.close();
  }

  // The holders were told by mail which event and section their ticket is for.
  for (const holder of [tara.email, newcomer.email]) {
    const mail = await newestMail(page, { to: holder, subject: `Your ticket for ${eventName}` });
    await expect(mail).toContainText(`Event: ${eventName}`);
    await expect(mail).toContainText(`Section: ${sectionName}`);
  }
  await expectAccessible(page);
});
