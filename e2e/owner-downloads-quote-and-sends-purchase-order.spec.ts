import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText, typePhone, uniqueToken } from './fixtures/forms.ts';
import { freshSchool } from './fixtures/journey-data.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { downloadPdf, onePagePdf } from './fixtures/pdf.ts';
import { findPurchaseOrderAsStaff } from './fixtures/staff-purchase-orders.ts';
import { expect, test } from './fixtures/test.ts';

// The journey's own school (a copy of Lincoln Elementary's record, billing address included) and its
// own owner: the cart, the quote and the purchase order are theirs alone.
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Coaching Reading';
const itemTitle = `${eventName} — ${sectionName}`;
// $149.00 a ticket: the quote is for two, the purchase order for three.
const quoted = { tickets: 2, total: '$298.00' };
const ordered = { tickets: 3, total: '$447.00', typed: '447.00' };
// The development seller (config.ts): what every quote is headed with and paid to.
const seller = 'Demo Professional Learning Provider, Inc.';

test("an owner downloads the cart's quote, sends a purchase order naming it, staff see the two side by side and approve it, and the owner finds its invoice in Manage Events", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const school = await freshSchool(request, demoUsers.ownerLincoln, 'Quincy', 'Lincoln Elementary School');
  const order = { number: `PO-Q-${token}`, file: `po-${token}.pdf`, contactEmail: `payables.${token}@demo.test` };

  // Tickets in the cart.
  await signIn(page, school.owner.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const addForm = page
    .getByRole('article', { name: sectionName })
    .getByRole('form', { name: `Add ${sectionName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), String(quoted.tickets));
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');
  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Totals' })).toContainText(`Total${quoted.total}`);
  await expectAccessible(page);

  // The quote, before paying: numbered, headed by the seller, made out to the school, with how to pay.
  const quote = await downloadPdf(page, () => page.getByRole('button', { name: 'Download quote' }).click());
  const number = /Quote number: (Q-\d{6})/.exec(quote.text)?.[1] ?? '';
  expect(number, quote.text).toMatch(/^Q-\d{6}$/);
  expect(quote.name).toBe(`quote-${number}.pdf`);
  for (const part of [seller, 'Tax ID:', school.name, itemTitle, quoted.total, `Purchase order to ${seller}`]) {
    expect(quote.text, part).toContain(part);
  }
  expect(quote.text).toContain('This quote holds no seats');
  await expectToast(page, `Quote ${number} downloaded`);
  await expect(page.getByRole('status').filter({ hasText: `Quote ${number}, valid until` })).toBeVisible();
  await expectAccessible(page);

  // The unchanged cart answers the same quote.
  const again = await downloadPdf(page, () => page.getByRole('button', { name: 'Download quote' }).click());
  expect(again.text).toContain(`Quote number: ${number}`);

  // The business office orders one more ticket than quoted, and pays by purchase order naming the quote.
  const quantity = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: itemTitle })
    .getByRole('textbox', { name: `Number of tickets for ${itemTitle}` });
  await replaceText(quantity, String(ordered.tickets));
  await quantity.press('Enter');
  await expectToast(page, 'Cart updated');
  await expect(page.getByRole('group', { name: 'Totals' })).toContainText(`Total${ordered.total}`);
  await page.getByRole('button', { name: 'Pay by purchase order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/purchase-order');
  await expect(page.getByRole('heading', { name: 'Pay by Purchase Order', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole('form', { name: 'Upload your purchase order' });
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: order.file, mimeType: 'application/pdf', buffer: onePagePdf(order.number) });
  await input(form, 'Purchase order number').fill(order.number);
  await replaceText(input(form, 'Purchase order total'), ordered.typed);
  await input(form, 'Organization').selectOption({ label: school.name });
  await replaceText(input(form, 'Contact name'), 'Paula Payables');
  await replaceText(input(form, 'Contact email'), order.contactEmail);
  await typePhone(input(form, 'Contact phone'), '5185550143');

  // A number that is no quote is refused on its field; the quote's own number is taken.
  const quoteField = input(form, 'Quote number');
  await quoteField.fill('Q-999999');
  const submit = form.getByRole('button', { name: 'Submit purchase order' });
  await submit.click();
  await expect(form.getByText('No quote has this number.', { exact: true })).toBeVisible();
  await expect(quoteField).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await replaceText(quoteField, number);
  await submit.click();
  await expectToast(page, 'Purchase order submitted successfully', { accessible: true });
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/success');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Staff see the quote beside the purchase order, flagged: it was for two tickets, the order is for three.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    const row = await findPurchaseOrderAsStaff(staffPage, order.number);
    await expect(row).toContainText(school.name);
    await expect(row).toContainText(number);
    await expect(row).toContainText(quoted.total);
    await expect(row).toContainText('Differs from the quote');
    await expectAccessible(staffPage);
    const staffCopy = await downloadPdf(staffPage, () =>
      row.getByRole('link', { name: `Download quote ${number}` }).click(),
    );
    expect(staffCopy.text).toContain(`Quote number: ${number}`);
    expect(staffCopy.text).toContain(quoted.total);

    // Staff approve it: the order is invoiced, not yet paid for.
    await row.getByRole('button', { name: `Approve purchase order ${order.number}` }).click();
    const confirm = staffPage.getByRole('dialog', { name: `Approve purchase order ${order.number}?` });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(confirm).toBeHidden();
    await expectToast(staffPage, 'Purchase order approved', { accessible: true });
  } finally {
    await staffContext.close();
  }

  // The owner's approval mail names the invoice and when it is due; it does not say the payment is complete.
  const mail = await newestMail(page, { to: school.owner.email, subject: `Purchase order ${order.number} approved` });
  await expect(mail).toContainText(`Your purchase order ${order.number} was approved. Invoice I-`);
  await expect(mail).toContainText(`for ${ordered.total} is attached to the mail sent to`);
  await expect(mail).toContainText(`${ordered.total} is due by`);
  await expect(mail).not.toContainText('is complete');
  await expectAccessible(page);

  // Manage Events offers the invoice beside the order; its PDF is the invoice of the purchase order.
  await page.goto('/members/manage-events');
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const paymentRow = page
    .getByRole('table', { name: 'Event payments' })
    .getByRole('row')
    .filter({ hasText: eventName });
  const invoiceLink = paymentRow.getByRole('link', { name: /^Download invoice I-\d{6}$/ });
  await expect(invoiceLink).toHaveText('Download invoice');
  await expectAccessible(page);
  const invoice = await downloadPdf(page, () => invoiceLink.click());
  const invoiceNumber = /Invoice number: (I-\d{6})/.exec(invoice.text)?.[1] ?? '';
  expect(invoiceNumber, invoice.text).toMatch(/^I-\d{6}$/);
  expect(invoice.name).toBe(`invoice-${invoiceNumber}.pdf`);
  await expect(invoiceLink).toHaveAccessibleName(`Download invoice ${invoiceNumber}`);
  for (const part of [seller, school.name, `Purchase order: ${order.number}`, itemTitle]) {
    expect(invoice.text, part).toContain(part);
  }
  expect(invoice.text.replace(/\s+/g, ' ')).toContain(`Amount due ${ordered.total}`);
});
