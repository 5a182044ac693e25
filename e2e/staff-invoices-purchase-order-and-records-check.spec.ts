import { readFile } from 'node:fs/promises';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText, typePhone, uniqueToken } from './fixtures/forms.ts';
import { freshSchool } from './fixtures/journey-data.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { downloadPdf, onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// The school and its owner are this journey's own (freshSchool): its statement holds only what it buys here.
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Coaching Reading';
const total = { shown: '$149.00', typed: '149.00' };
const seller = 'Demo Professional Learning Provider, Inc.';

test('an owner pays by purchase order, staff approve it and record a check; the school downloads the invoice, then the receipt, and its statement shows it paid', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const school = await freshSchool(request, demoUsers.ownerWashington, 'Irene', 'Washington Middle School');
  const order = { number: `PO-${token}`, contactEmail: `bursar.${token}@demo.test` };

  // The owner puts one ticket in the cart and pays by purchase order.
  await signIn(page, school.owner.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const addForm = page
    .getByRole('article', { name: sectionName })
    .getByRole('form', { name: `Add ${sectionName} to cart` });
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');
  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay by purchase order' }).click();
  await expect(page.getByRole('heading', { name: 'Pay by Purchase Order', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Upload your purchase order' });
  await form.locator('input[type="file"]').setInputFiles({
    name: `purchase-order-${token}.pdf`,
    mimeType: 'application/pdf',
    buffer: onePagePdf(`Purchase order ${order.number}`),
  });
  await input(form, 'Purchase order number').fill(order.number);
  await replaceText(input(form, 'Purchase order total'), total.typed);
  await input(form, 'Organization').selectOption({ label: school.name });
  await replaceText(input(form, 'Contact name'), 'Bea Bursar');
  await replaceText(input(form, 'Contact email'), order.contactEmail);
  await typePhone(input(form, 'Contact phone'), '2175550188');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Submit purchase order' }).click();
  await expectToast(page, 'Purchase order submitted successfully');

  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, demoUsers.staff.email);

    // Staff give the school Net 45 on its page in the console, then approve the order: it is invoiced.
    await staffPage.goto(`/admin/organizations/${school.id}`);
    await expect(staffPage.getByRole('heading', { name: school.name, level: 1 })).toBeVisible();
    const terms = input(staffPage, 'Payment terms (days)');
    await expect(terms).toHaveValue('30');
    await replaceText(terms, '45');
    await staffPage.getByRole('button', { name: 'Save terms' }).click();
    await expectToast(staffPage, 'Payment terms saved.');
    await expectAccessible(staffPage);
    await staffPage.goto(`/admin/purchase-orders?search=${order.number}`);
    await expect(staffPage.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
    await expectAccessible(staffPage);
    await staffPage.getByRole('button', { name: `Approve purchase order ${order.number}` }).click();
    await staffPage
      .getByRole('dialog', { name: `Approve purchase order ${order.number}?` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expectToast(staffPage, 'Purchase order approved');

    await staffPage.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(staffPage).toHaveURL(atPath('/admin/invoices'));
    await expect(staffPage.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await input(staffPage, 'Search invoices').fill(order.number);
    const invoiceRow = staffPage.getByRole('table').getByRole('row').filter({ hasText: order.number });
    await expect(invoiceRow).toContainText(school.name);
    await expect(invoiceRow).toContainText('Open');
    const invoiceNumber = ((await invoiceRow.getByRole('rowheader').textContent()) ?? '').trim();
    expect(invoiceNumber).toMatch(/^I-\d{6}$/);
    await expectAccessible(staffPage);

    // What the school owes shows in the ageing, as current.
    await staffPage.getByRole('link', { name: 'Receivables ageing' }).click();
    await expect(staffPage.getByRole('heading', { name: 'Receivables ageing', level: 1 })).toBeVisible();
    await expect(staffPage.getByRole('rowheader', { name: school.name })).toBeVisible();
    await expectAccessible(staffPage);
    await staffPage.goBack();
    await expect(invoiceRow).toContainText('Open');

    // The invoice was mailed to the billing contact, the purchase order's contact here.
    await newestMail(page, { to: order.contactEmail, subject: `Invoice ${invoiceNumber}` });
    await expectAccessible(page);

    // The school reads its statement and downloads the invoice.
    await page.goto(`/members/organization/${school.id}`);
    await expect(page.getByRole('heading', { name: 'Manage Organization', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Invoices and statement of account' }).click();
    await expect(page).toHaveURL(atPath(`/members/organization/${school.id}/statement`));
    await expect(page.getByRole('heading', { name: 'Statement of account', level: 1 })).toBeVisible();
    await expect(page.getByText(`Balance due: ${total.shown}`)).toBeVisible();
    const schoolRow = page.getByRole('table').getByRole('row').filter({ hasText: invoiceNumber });
    await expect(schoolRow).toContainText('Open');
    const dueOn = ((await schoolRow.getByRole('cell').nth(1).textContent()) ?? '').trim();
    expect(dueOn).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expectAccessible(page);
    const invoice = await downloadPdf(page, () =>
      schoolRow.getByRole('link', { name: `Download invoice ${invoiceNumber}` }).click(),
    );
    expect(invoice.name).toBe(`invoice-${invoiceNumber}.pdf`);
    expect(invoice.text).toContain(`Invoice number: ${invoiceNumber}`);
    expect(invoice.text).toContain(seller);
    expect(invoice.text).toContain(`Due date: ${dueOn}`);
    expect(invoice.text).toContain('Terms: Net 45');
    expect(invoice.text).toContain(`Purchase order: ${order.number}`);
    expect(invoice.text).toMatch(new RegExp(`Total\\s*\\${total.shown}`));

    // Staff record the check that pays it in full.
    await invoiceRow.getByRole('button', { name: `Record payment of ${invoiceNumber}` }).click();
    const dialog = staffPage.getByRole('dialog', { name: `Record a payment of ${invoiceNumber}` });
    await expect(input(dialog, 'Amount ($)')).toHaveValue(total.typed);
    await input(dialog, 'Check number or transfer reference').fill(`Check ${token}`);
    await expectAccessible(staffPage);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(staffPage, 'Payment recorded. The invoice is paid in full and its receipt was sent.');
    await expect(staffPage.getByText('No invoices', { exact: true })).toBeVisible();
  } finally {
    await staffContext.close();
  }

  // The school sees it paid, with its receipt, and the statement's files say so.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Statement of account', level: 1 })).toBeVisible();
  await expect(page.getByText('Balance: nothing is owed')).toBeVisible();
  const paidRow = page.getByRole('table').getByRole('row').filter({ hasText: order.number });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow).toContainText(`Check Check ${token}`);
  const receiptLink = paidRow.getByRole('link', { name: /^Download receipt R-\d{6,}$/ });
  await expect(receiptLink).toBeVisible();
  await expectAccessible(page);
  const receipt = await downloadPdf(page, () => receiptLink.click());
  expect(receipt.text).toContain(`Paid by: Purchase order ${order.number}`);
  expect(receipt.text).toMatch(new RegExp(`Total\\s*\\${total.shown}`));
  const statement = await downloadPdf(page, () => page.getByRole('link', { name: 'Download statement (PDF)' }).click());
  expect(statement.text).toContain('Statement of account');
  expect(statement.text).toContain('Balance: nothing is owed');
  const csvDownloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download statement (CSV)' }).click();
  const csv = await readFile((await (await csvDownloading).path()) ?? '', 'utf8');
  const rows = csv.trim().split(/\r?\n/);
  expect(rows[0]).toBe('Date,Type,Description,Charges,Payments,Balance');
  expect(rows[1]).toMatch(/,Invoice,"?Invoice I-\d{6}/);
  expect(rows[2]).toMatch(/,Payment,Check Check .*,0\.00,149\.00,0\.00$/);
});
