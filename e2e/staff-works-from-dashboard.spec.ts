import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { csvOf, exportList } from './fixtures/exports.ts';
import { expectToast, input, journeyTimeout, replaceText, typePhone, uniqueToken } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// Tara (teacher.lincoln) buys one ticket of a section no journey counts the seats of; no other journey
// fills her cart. The two journeys of this file run one after the other, so her cart is theirs alone.
const teacher = demoUsers.teacherLincoln;
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Coaching Reading';
const total = { shown: '$149.00', typed: '149.00' };
const staffConsole = (page: Page) => page.getByRole('navigation', { name: 'Staff console' });
const card = (page: Page, name: string) => page.getByRole('region', { name });

/** The teacher, in a browser of her own, puts a ticket in her cart and pays for it by purchase order. */
async function teacherSendsPurchaseOrder(page: Page, number: string) {
  await signIn(page, teacher.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const addForm = page
    .getByRole('article', { name: sectionName })
    .getByRole('form', { name: `Add ${sectionName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), '1');
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');
  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay by purchase order' }).click();
  await expect(page.getByRole('heading', { name: 'Pay by Purchase Order', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Upload your purchase order' });
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: `${number}.pdf`, mimeType: 'application/pdf', buffer: onePagePdf(number) });
  await input(form, 'Purchase order number').fill(number);
  await replaceText(input(form, 'Purchase order total'), total.typed);
  // owner-manages-organization.spec.ts may have renamed the school "… (Main Campus <token>)" by now.
  const organization = input(form, 'Organization');
  const school = await organization.locator('option', { hasText: 'Lincoln Elementary School' }).first().textContent();
  await organization.selectOption({ label: school ?? 'Lincoln Elementary School' });
  await input(form, 'Contact name').fill('Tara Thompson');
  await replaceText(input(form, 'Contact email'), teacher.email);
  await typePhone(input(form, 'Contact phone'), '9145550123');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Submit purchase order' }).click();
  await expectToast(page, 'Purchase order submitted successfully');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expectAccessible(page);
}

/** What the dashboard's purchase-order card counts, read from the page. */
async function purchaseOrdersWaiting(page: Page): Promise<number> {
  const count = card(page, 'Purchase orders to approve').getByTestId('count-purchaseOrders');
  await expect(count).toHaveText(/^\d+$/);
  return Number(await count.textContent());
}

/**
 * Visits the dashboard until its purchase-order count is the Submitted list's total, and finds the order
 * `number` among them or not (`listed`): other journeys send and decide purchase orders meanwhile, so the
 * count is checked against the list read with it. Answers the count shown.
 */
async function countAgreesWithList(page: Page, number: string, listed: boolean): Promise<number> {
  let shown = 0;
  await expect(async () => {
    await page.reload();
    shown = await purchaseOrdersWaiting(page);
    const response = await page.request.get('/api/admin/purchase-orders?status=SUBMITTED&pageSize=100');
    const list = (await response.json()) as { total: number; items: { number: string }[] };
    const numbers = list.items.map((item) => item.number);
    if (listed) expect(numbers).toContain(number);
    else expect(numbers).not.toContain(number);
    expect(shown).toBe(list.total);
  }).toPass({ timeout: 15_000 });
  return shown;
}

test('staff see a purchase order a teacher just sent on the dashboard, approve it from the card, and the count drops', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const number = `PO-DASH-${uniqueToken()}`;

  // Staff open the console: it starts on the dashboard, one card per kind of waiting work.
  await signIn(page, demoUsers.staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await expect(page).toHaveURL(atPath('/admin'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  for (const name of [
    'Purchase orders to approve',
    'Applications to review',
    'Package requests to review',
    'Registration requests past due',
    'Payments to refund',
    'Mail that failed to send',
  ])
    await expect(card(page, name)).toBeVisible();
  await expect(staffConsole(page).getByRole('link', { name: 'Users' })).toBeVisible();
  await expectAccessible(page);

  // A teacher sends a purchase order meanwhile.
  const teacherContext = await browser.newContext({ baseURL });
  try {
    await teacherSendsPurchaseOrder(await teacherContext.newPage(), number);
  } finally {
    await teacherContext.close();
  }

  // Back on the dashboard it is counted, and the side menu says so too.
  const counted = await countAgreesWithList(page, number, true);
  expect(counted).toBeGreaterThanOrEqual(1);
  await expect(card(page, 'Purchase orders to approve')).toContainText(/oldest (today|\d+ days?)/);
  await expect(
    staffConsole(page).getByRole('link', { name: 'Purchase orders', exact: true }),
  ).toHaveAccessibleDescription(`${counted} to approve`);
  await expectAccessible(page);

  // The card opens the purchase orders waiting for a decision, hers among them.
  await card(page, 'Purchase orders to approve').getByRole('link', { name: 'Purchase orders to approve' }).click();
  await expect(page).toHaveURL(atPath('/admin/purchase-orders', '?status=SUBMITTED'));
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
  await input(page, 'Search purchase orders').fill(number);
  // The search applies once typing pauses; the export reads the list the URL names, so wait for it.
  await expect(page).toHaveURL(atPath('/admin/purchase-orders', `?status=SUBMITTED&search=${number}`));
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(total.shown);
  await expectAccessible(page);
  // The export carries the list as it shows, searched to her order: one row, her number, total and status.
  const [header = [], ...exported] = await csvOf(await exportList(page, 'purchase orders', 'CSV'));
  expect(exported).toHaveLength(1);
  const exportedAs = (column: string) => exported[0]?.[header.indexOf(column)];
  expect(exportedAs('Number')).toBe(number);
  expect(exportedAs('Buyer email')).toBe(teacher.email);
  expect(exportedAs('Typed total')).toBe(total.typed);
  expect(exportedAs('Status')).toBe('Submitted');
  await row.getByRole('button', { name: `Approve purchase order ${number}` }).click();
  const confirm = page.getByRole('dialog', { name: `Approve purchase order ${number}?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Purchase order approved', { accessible: true });

  // The dashboard reads afresh on every visit: hers is no longer counted, the menu's count follows.
  await staffConsole(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(atPath('/admin'));
  const after = await countAgreesWithList(page, number, false);
  const description = after === 0 ? '' : `${after} to approve`;
  await expect(
    staffConsole(page).getByRole('link', { name: 'Purchase orders', exact: true }),
  ).toHaveAccessibleDescription(description);
  await expectAccessible(page);
});

test('a staff member chooses a daily digest for purchase orders and gets one digest mail listing the new one', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const number = `PO-DIGEST-${uniqueToken()}`;
  // The journey's own staff member: the choice of a digest is theirs alone, and every other staff member
  // (the demo one, those of other journeys) still hears of the purchase order at once.
  const staff = await freshPerson(request, demoUsers.staff, 'Dina');

  await signIn(page, staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await staffConsole(page).getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(atPath('/admin/settings/notifications'));
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
  await expect(page.getByText('The daily digest is sent at 7:00 AM')).toBeVisible();
  const purchaseOrders = page.getByRole('radiogroup', { name: 'New purchase orders' });
  await expect(purchaseOrders.getByRole('radio', { name: 'At once' })).toBeChecked();
  await purchaseOrders.getByRole('radio', { name: 'Daily digest' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Notification settings saved', { accessible: true });
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'New purchase orders' }).getByRole('radio', { name: 'Daily digest' }),
  ).toBeChecked();

  const teacherContext = await browser.newContext({ baseURL });
  try {
    await teacherSendsPurchaseOrder(await teacherContext.newPage(), number);
  } finally {
    await teacherContext.close();
  }

  // The digest job runs (here on demand: development's trigger, docs/decisions/0103-digest-trigger-in-development.md).
  const run = await page.request.post('/api/admin/notifications/digest', {
    headers: { 'x-requested-with': 'portal' },
  });
  expect(run.status()).toBe(200);

  const digest = await newestMail(page, { to: staff.email, subject: 'Staff digest for' });
  await expect(digest).toContainText('New purchase orders');
  await expect(digest).toContainText(`New purchase order ${number} for ${total.shown}`);
  await expect(
    page.getByRole('article', { name: /^Staff digest for / }).filter({ hasText: `To: ${staff.email}` }),
  ).toHaveCount(1);
  // Chosen as a digest, the purchase order sent them no mail of its own.
  await expect(
    page
      .getByRole('article', { name: `New purchase order ${number} for ${total.shown}` })
      .filter({ hasText: `To: ${staff.email}` }),
  ).toHaveCount(0);
  await expectAccessible(page);
});
