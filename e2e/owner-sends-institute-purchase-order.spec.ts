import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoPassword, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import {
  chooseOption,
  expectToast,
  input,
  journeyTimeout,
  typePhone,
  uniqueToken,
  clearPrefilledContact,
} from './fixtures/forms.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';
import { findPurchaseOrderAsStaff } from './fixtures/staff-purchase-orders.ts';
import { myPurchaseOrderMessages, purchaseOrderNextStep } from '@portal/domain/commerce/purchase-orders.ts';

// Only this journey pays for the Instructional Leadership Institute's applicants (Ella and Omar of
// Lincoln Elementary, seeded accepted and unpaid); the journeys that sign in as Olivia only read or
// manage her school.
const buyer = demoUsers.ownerLincoln;
const schoolName = 'Lincoln Elementary School';
const instituteName = 'Instructional Leadership Institute';

/** The organization journey may rename the school meanwhile, always keeping the start of its name. */
async function chooseSchool(page: Page): Promise<void> {
  const organization = input(page, 'Organization');
  const value = await organization.locator('option', { hasText: schoolName }).first().getAttribute('value');
  await organization.selectOption(value ?? '');
}
const applicants = [
  { email: 'ella.lincoln@demo.test', shown: 'Ella Evans (ella.lincoln@demo.test)' },
  { email: 'omar.lincoln@demo.test', shown: 'Omar Ortiz (omar.lincoln@demo.test)' },
];
// $800.00 tuition each.
const total = { shown: '$1,600.00', typed: '1,600.00', prefilled: '1600.00' };

test('an owner sends one institute purchase order for two accepted applicants; staff see it and approve it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const order = {
    number: `IPO-${token}`,
    file: `institute-po-${token}.pdf`,
    contactName: 'Paula Payables',
    contactEmail: `payables.${token}@demo.test`,
  };

  // The landing: two kinds of purchase order.
  await signIn(page, buyer.email);
  await sideMenu(page).getByRole('link', { name: 'Purchase Orders' }).click();
  await expect(page).toHaveURL(atPath('/members/purchase-orders'));
  await expect(page.getByRole('heading', { name: 'Purchase Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Package purchase order' })).toBeVisible();
  await expectAccessible(page);

  // Cancel on the package form comes back here.
  await page.getByRole('link', { name: 'Package purchase order' }).click();
  await expect(page.getByRole('heading', { name: 'Package Purchase Order', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(atPath('/members/purchase-orders'));

  await page.getByRole('link', { name: 'Institute purchase order' }).click();
  await expect(page).toHaveURL(atPath('/members/purchase-orders/institute'));
  await expect(page.getByRole('heading', { name: 'Institute Purchase Order', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await input(page, 'Institute').selectOption({ label: instituteName });
  await chooseSchool(page);
  await expect(page.getByText("Each applicant's tuition: $800.00")).toBeVisible();

  // Applicants by email: someone not accepted is not found; one applicant cannot be added twice.
  const addForm = page.getByRole('form', { name: 'Add applicant' });
  const email = input(addForm, 'Applicant email');
  const add = addForm.getByRole('button', { name: 'Add applicant' });
  await email.fill(demoUsers.teacherLincoln.email);
  await add.click();
  await expect(addForm.getByText('Applicant not found', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await email.fill(applicants[0]?.email ?? '');
  await add.click();
  const added = page.getByRole('list', { name: 'Applicants added' });
  await expect(added.getByRole('listitem')).toHaveText([`${applicants[0]?.shown}Remove`]);
  await expect(email).toHaveValue('');
  // The session ends elsewhere (signed out in another tab): the applicant cannot be checked, and the
  // form says so; signed in again, the same form carries on with what it holds.
  const csrf = { 'x-requested-with': 'portal' };
  expect((await page.request.post('/api/auth/logout', { headers: csrf })).status()).toBe(204);
  await email.fill(applicants[1]?.email ?? '');
  await add.click();
  await expect(addForm.getByText('Error adding applicant', { exact: true })).toBeVisible();
  await expect(added.getByRole('listitem')).toHaveCount(1);
  expect(
    (
      await page.request.post('/api/auth/login', {
        headers: csrf,
        data: { email: buyer.email, password: demoPassword },
      })
    ).ok(),
  ).toBe(true);
  await email.fill(applicants[0]?.email.toUpperCase() ?? '');
  await add.click();
  await expect(addForm.getByText('Applicant already added', { exact: true })).toBeVisible();
  await email.fill(applicants[1]?.email ?? '');
  await add.click();
  await expect(added.getByRole('listitem')).toHaveText(applicants.map((applicant) => `${applicant.shown}Remove`));
  // Both of the school's accepted applicants are on the order: there is no one left to add.
  await expect(page.getByText('No available applicants', { exact: true })).toBeVisible();
  await expect(add).toBeDisabled();
  await expectAccessible(page);

  // Sent without the purchase order's own fields, the form names what it needs.
  const form = page.getByRole('form', { name: 'Purchase order' });
  await clearPrefilledContact(form, buyer);
  // The total came from the two applicants' tuition; emptied, it is named with the rest.
  await expect(input(form, 'Purchase order total')).toHaveValue(total.prefilled);
  await input(form, 'Purchase order total').fill('');
  const submit = form.getByRole('button', { name: 'Submit purchase order' });
  await submit.click();
  for (const message of [
    'File required',
    'Filename required',
    'Number required',
    'Purchase order total is required',
    'Name required',
    'Email required',
    'Phone is required',
  ]) {
    await expect(form.getByText(message, { exact: true }), message).toBeVisible();
  }
  await expectAccessible(page);

  await form.locator('input[type="file"]').setInputFiles({
    name: order.file,
    mimeType: 'application/pdf',
    buffer: onePagePdf(`Purchase order ${order.number}`),
  });
  await expect(input(form, 'Filename')).toHaveValue(order.file);
  await input(form, 'Purchase order number').fill(order.number);
  await expect(form.getByText(`In dollars. 2 applicants come to ${total.shown}.`)).toBeVisible();
  await input(form, 'Purchase order total').fill(total.typed);
  await input(form, 'Contact name').fill(order.contactName);
  await input(form, 'Contact email').fill(order.contactEmail);
  await typePhone(input(form, 'Contact phone'), '2175550143');
  await expectAccessible(page);
  await submit.click();
  await expectToast(page, 'Purchase order submitted successfully', { accessible: true });
  await expect(page).toHaveURL(atPath('/members/purchase-orders'));
  // The landing lists it under what was sent, waiting for staff, with its file.
  const sentRow = page
    .getByRole('table', { name: myPurchaseOrderMessages.title })
    .getByRole('row')
    .filter({ hasText: order.number });
  await expect(sentRow).toContainText('Institute');
  await expect(sentRow).toContainText(schoolName);
  await expect(sentRow).toContainText('Submitted');
  await expect(sentRow).toContainText(purchaseOrderNextStep('SUBMITTED'));
  const downloading = page.waitForEvent('download');
  await sentRow.getByRole('link', { name: `Download purchase order ${order.number}` }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);

  // What was saved: both applicants are under the purchase order now, so none is left to add.
  await page.getByRole('link', { name: 'Institute purchase order' }).click();
  await input(page, 'Institute').selectOption({ label: instituteName });
  await chooseSchool(page);
  await expect(page.getByText('No available applicants', { exact: true })).toBeVisible();

  // Staff, in their own browser, find it with what it pays for, and approve it.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    const poRow = await findPurchaseOrderAsStaff(staffPage, order.number);
    await expect(poRow).toContainText(schoolName);
    await expect(poRow).toContainText(buyer.email);
    await expect(poRow).toContainText(`${instituteName}: 2 applicants`);
    await expect(poRow).toContainText('Submitted');
    await expectAccessible(staffPage);
    await poRow.getByRole('button', { name: `Approve purchase order ${order.number}` }).click();
    const confirm = staffPage.getByRole('dialog', { name: `Approve purchase order ${order.number}?` });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectToast(staffPage, 'Purchase order approved', { accessible: true });
    await chooseOption(staffPage, staffPage, 'Status', 'Approved');
    await expect(staffPage.getByRole('table').getByRole('row').filter({ hasText: order.number })).toContainText(
      'Approved',
    );
    await expectAccessible(staffPage);

    // Each applicant's application is paid.
    for (const applicant of applicants) {
      await staffPage.goto(`/admin/applications?${new URLSearchParams({ search: applicant.email }).toString()}`);
      await expect(staffPage.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();
      const applicationRow = staffPage.getByRole('table').getByRole('row').filter({ hasText: instituteName });
      await expect(applicationRow).toHaveCount(1);
      await expect(applicationRow).toContainText('Paid');
    }
    await expectAccessible(staffPage);
  } finally {
    await staffContext.close();
  }

  // Back on the buyer's landing, it reads approved.
  await page.goto('/members/purchase-orders');
  await expect(sentRow).toContainText('Approved');
  await expect(sentRow).toContainText(purchaseOrderNextStep('APPROVED'));
});
