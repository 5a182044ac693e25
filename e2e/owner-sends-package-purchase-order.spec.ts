import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, typePhone, uniqueToken, clearPrefilledContact } from './fixtures/forms.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';
import { findPurchaseOrderAsStaff } from './fixtures/staff-purchase-orders.ts';

// Washington Middle School's signed contract is seeded for this journey alone: a contract takes one
// live purchase order, and only here does Grace (owner.washington) send a package purchase order.
const owner = demoUsers.ownerWashington;
const school = 'Washington Middle School';
const contract = { packageName: 'Literacy Partnership 2026–27', total: '$12,500.00', typed: '12,500.00' };

test('an owner sends a package purchase order for a signed contract after the form names what is missing; staff see it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const order = {
    number: `PPO-${token}`,
    file: `package-po-${token}.pdf`,
    contactName: 'Paula Payables',
    contactEmail: `payables.${token}@demo.test`,
  };

  await signIn(page, owner.email);
  await sideMenu(page).getByRole('link', { name: 'Purchase Orders' }).click();
  await expect(page).toHaveURL(atPath('/members/purchase-orders'));
  await page.getByRole('link', { name: 'Package purchase order' }).click();
  await expect(page).toHaveURL(atPath('/members/purchase-orders/package'));
  await expect(page.getByRole('heading', { name: 'Package Purchase Order', level: 1 })).toBeVisible();
  await input(page, 'Organization').selectOption({ label: school });
  const packageSelect = input(page, 'Package');
  await expect(packageSelect).toBeEnabled();

  // Sent empty, the form names every field it needs, the package and the total among them.
  const form = page.getByRole('form', { name: 'Package Purchase Order' });
  await clearPrefilledContact(form, owner);
  const submit = form.getByRole('button', { name: 'Submit purchase order' });
  await submit.click();
  for (const message of [
    'Package required',
    'Total required',
    'File required',
    'Filename required',
    'Number required',
    'Name required',
    'Email required',
    'Phone is required',
  ]) {
    await expect(form.getByText(message, { exact: true }), message).toBeVisible();
  }
  await expectAccessible(page);

  // The signed contract, its total shown beside the field.
  await packageSelect.selectOption({ label: `${contract.packageName} (${contract.total})` });
  await expect(form.getByText('Package required', { exact: true })).toHaveCount(0);
  await expect(form.getByText(`In dollars. This contract comes to ${contract.total}.`)).toBeVisible();
  await form.locator('input[type="file"]').setInputFiles({
    name: order.file,
    mimeType: 'application/pdf',
    buffer: onePagePdf(`Purchase order ${order.number}`),
  });
  await expect(input(form, 'Filename')).toHaveValue(order.file);
  await input(form, 'Purchase order number').fill(order.number);
  await input(form, 'Purchase order total').fill(contract.typed);
  await input(form, 'Contact name').fill(order.contactName);
  await input(form, 'Contact email').fill(order.contactEmail);
  await typePhone(input(form, 'Contact phone'), '2175550143');
  await expect(form.getByText('Total required', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await submit.click();
  await expectToast(page, 'Purchase order submitted successfully', { accessible: true });
  await expect(page).toHaveURL(atPath('/members/purchase-orders'));

  // Staff, in their own browser, find it with the package it pays for.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    const poRow = await findPurchaseOrderAsStaff(staffPage, order.number);
    await expect(poRow).toContainText(school);
    await expect(poRow).toContainText(owner.email);
    await expect(poRow).toContainText(contract.packageName);
    await expect(poRow).toContainText(contract.total);
    await expect(poRow).toContainText('Submitted');
    await expectAccessible(staffPage);
  } finally {
    await staffContext.close();
  }
});
