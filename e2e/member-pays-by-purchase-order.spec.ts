import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import {
  chooseOption,
  expectToast,
  input,
  journeyTimeout,
  replaceText,
  typePhone,
  uniqueToken,
  clearPrefilledContact,
} from './fixtures/forms.ts';
import { linkInNewestMail } from './fixtures/mailbox.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey buys anything as Grace (owner.washington); the journeys that sign in as her
// only read, or add others to her school's roster. She buys 'Coaching Reading', which no other
// journey buys (the card journey buys 'Coaching Writing').
const buyer = demoUsers.ownerWashington;
const schoolName = 'Washington Middle School';
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Coaching Reading';
const itemTitle = `${eventName} — ${sectionName}`;
const tickets = 3;
// $149.00 a ticket.
const total = { shown: '$447.00', typed: '447.00' };
const thanks = 'Thank you for uploading your purchase order. We will review and notify you once approved.';
// events.md §5 'Purchase order form': what the form says when sent empty.
const emptyFormMessages = [
  'File required',
  'Filename required',
  'Email required',
  'Name required',
  'Phone is required',
  'Number required',
  'Organization required',
  'Purchase order total is required',
];
const uuid = /^[0-9a-f-]{36}$/;

test('a member pays by purchase order, staff approve it, and the payment shows as paid', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const order = {
    number: `PO-${token}`,
    file: `purchase-order-${token}.pdf`,
    contactName: 'Paula Payables',
    contactEmail: `payables.${token}@demo.test`,
    phoneDigits: '2175550143',
  };
  const pdf = onePagePdf(`Purchase order ${order.number}`);

  // Tickets for a section, in the cart.
  await signIn(page, buyer.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page).toHaveURL(atPath('/members/events'));
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const addForm = page
    .getByRole('article', { name: sectionName })
    .getByRole('form', { name: `Add ${sectionName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), String(tickets));
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');

  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  const line = page.getByRole('table').getByRole('row').filter({ hasText: itemTitle });
  await expect(line.getByRole('textbox', { name: `Number of tickets for ${itemTitle}` })).toHaveValue(String(tickets));
  await expect(page.getByRole('group', { name: 'Totals' })).toHaveText(
    `Subtotal${total.shown}Discount$0.00Total${total.shown}`,
  );
  await expectAccessible(page);

  // Pay by purchase order: the order's summary and the upload form.
  await page.getByRole('button', { name: 'Pay by purchase order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/purchase-order');
  const purchaseOrderUrl = new URL(page.url());
  const eventPaymentId = purchaseOrderUrl.searchParams.get('eventPaymentId') ?? '';
  expect(eventPaymentId).toMatch(uuid);
  await expect(page.getByRole('heading', { name: 'Pay by Purchase Order', level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('row').filter({ hasText: itemTitle })).toHaveText(
    `${itemTitle}${tickets}${total.shown}`,
  );
  await expect(summary).toContainText(`Total${total.shown}`);
  await expectAccessible(page);

  // Left for later: Manage Events shows the payment waiting for its purchase order, and leads back.
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const uploadLink = page.locator(`a[href=${JSON.stringify(purchaseOrderUrl.pathname + purchaseOrderUrl.search)}]`);
  const awaitingRow = page.getByRole('row').filter({ has: uploadLink });
  await expect(awaitingRow).toHaveCount(1);
  await expect(awaitingRow).toContainText(eventName);
  await expect(awaitingRow.getByRole('cell').nth(6)).toHaveText('Awaiting Purchase Order');
  await expect(awaitingRow.getByRole('cell').nth(5)).toHaveText(total.shown);
  await expectAccessible(page);
  await awaitingRow.getByRole('link', { name: `Upload purchase order: ${eventName}` }).click();
  await expect(page).toHaveURL(atPath(purchaseOrderUrl.pathname, purchaseOrderUrl.search));
  await expect(page.getByRole('heading', { name: 'Pay by Purchase Order', level: 1 })).toBeVisible();

  // Sent empty (the total and organization it starts with cleared), the form names all it needs.
  const form = page.getByRole('form', { name: 'Upload your purchase order' });
  const totalField = input(form, 'Purchase order total');
  await expect(totalField).toHaveValue(total.typed);
  await replaceText(totalField, '');
  const organization = input(form, 'Organization');
  await organization.selectOption({ label: 'Choose an organization' });
  await clearPrefilledContact(form, buyer);
  const submit = form.getByRole('button', { name: 'Submit purchase order' });
  await submit.click();
  for (const message of emptyFormMessages) {
    await expect(form.getByText(message, { exact: true }), message).toBeVisible();
  }
  const fieldLabels = [
    'Filename',
    'Purchase order number',
    'Purchase order total',
    'Organization',
    'Contact name',
    'Contact email',
    'Contact phone',
  ];
  for (const label of fieldLabels) {
    await expect(input(form, label), label).toHaveAttribute('aria-invalid', 'true');
  }
  await expectAccessible(page);

  // Not an email address, and half a phone number.
  const email = input(form, 'Contact email');
  const phone = input(form, 'Contact phone');
  await email.fill('payables at school');
  await phone.click();
  await phone.pressSequentially('21755');
  await expect(phone).toHaveValue('(217) 55_-____');
  await submit.click();
  await expect(form.getByText('Invalid email', { exact: true })).toBeVisible();
  await expect(form.getByText('Phone is invalid', { exact: true })).toBeVisible();
  await expect(form.getByText('Email required', { exact: true })).toHaveCount(0);
  await expect(form.getByText('Phone is required', { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // Filled in properly, with a real PDF: its name becomes the filename.
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: order.file, mimeType: 'application/pdf', buffer: pdf });
  await expect(input(form, 'Filename')).toHaveValue(order.file);
  await input(form, 'Purchase order number').fill(order.number);
  await replaceText(totalField, total.typed);
  await organization.selectOption({ label: schoolName });
  await input(form, 'Contact name').fill(order.contactName);
  await replaceText(email, order.contactEmail);
  await typePhone(phone, order.phoneDigits);
  for (const message of [...emptyFormMessages, 'Invalid email', 'Phone is invalid']) {
    await expect(form.getByText(message, { exact: true }), message).toHaveCount(0);
  }
  await expectAccessible(page);
  await submit.click();
  await expectToast(page, 'Purchase order submitted successfully', { accessible: true });

  // Thanked at once; tickets wait for the approval.
  await expect(page).toHaveURL(
    atPath(
      '/members/event-cart/checkout/success',
      `?${new URLSearchParams({ eventPaymentId, source: 'purchase-order' }).toString()}`,
    ),
  );
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: thanks })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allocate tickets' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Allocate tickets' })).toHaveCount(0);
  await expectAccessible(page);

  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  // From now on the purchase order's number tells the payment apart.
  const paymentRow = page.getByRole('row').filter({ hasText: order.number });
  await expect(paymentRow).toHaveCount(1);
  await expect(paymentRow).toContainText(eventName);
  await expect(paymentRow.getByRole('cell').nth(6)).toHaveText('Purchase order submitted');
  await expect(paymentRow.getByRole('cell').nth(7)).toHaveText(`${order.number}: Submitted`);
  await expect(paymentRow.getByRole('cell').nth(1)).toContainText(schoolName);
  await expect(paymentRow.getByRole('link')).toHaveCount(0);
  await expectAccessible(page);

  // Staff, in their own browser, find the purchase order, read its PDF and approve it.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, demoUsers.staff.email);
    await staffPage.getByRole('link', { name: 'Staff console' }).click();
    await staffPage.getByRole('link', { name: 'Purchase orders', exact: true }).click();
    await expect(staffPage).toHaveURL(atPath('/admin/purchase-orders'));
    await expect(staffPage.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
    await input(staffPage, 'Search purchase orders').fill(order.number);
    await expect(staffPage).toHaveURL(atPath('/admin/purchase-orders', `?search=${order.number}`));
    const staffRows = staffPage.getByRole('table').getByRole('row');
    await expect(staffRows).toHaveCount(2);
    const poRow = staffRows.filter({ hasText: order.number });
    await expect(poRow).toContainText(schoolName);
    await expect(poRow).toContainText(buyer.email);
    await expect(poRow).toContainText(order.contactName);
    await expect(poRow).toContainText(order.contactEmail);
    await expect(poRow).toContainText('(217) 555-0143');
    await expect(poRow).toContainText('Submitted');
    await expect(poRow.getByRole('cell').nth(3)).toHaveText(total.shown);
    await expectAccessible(staffPage);

    // The file staff download is the one the member uploaded.
    const downloading = staffPage.waitForEvent('download');
    await poRow.getByRole('link', { name: `Download PDF of purchase order ${order.number}` }).click();
    const download = await downloading;
    const downloaded = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of downloaded) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf), 'the downloaded PDF is the uploaded one').toBe(true);

    await poRow.getByRole('button', { name: `Approve purchase order ${order.number}` }).click();
    const confirm = staffPage.getByRole('dialog', { name: `Approve purchase order ${order.number}?` });
    await expect(confirm).toContainText(
      'Approve this purchase order? The payment becomes paid and the buyer is emailed.',
    );
    await expectAccessible(staffPage);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(confirm).toBeHidden();
    await expectToast(staffPage, 'Purchase order approved', { accessible: true });

    // What was saved: it left the Submitted list and is listed as Approved.
    await expect(staffPage.getByText('No purchase orders', { exact: true })).toBeVisible();
    await chooseOption(staffPage, staffPage, 'Status', 'Approved');
    await expect(staffRows.filter({ hasText: order.number })).toContainText('Approved');
    await expect(
      staffRows
        .filter({ hasText: order.number })
        .getByRole('button', { name: `Approve purchase order ${order.number}` }),
    ).toHaveCount(0);
    await expectAccessible(staffPage);
  } finally {
    await staffContext.close();
  }

  // The member's payment is paid, and its tickets can be allocated.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  await expect(paymentRow.getByRole('cell').nth(6)).toHaveText('Paid');
  await expect(paymentRow.getByRole('cell').nth(7)).toHaveText(`${order.number}: Approved`);
  const allocatePath = `/members/event/assign-tickets?${new URLSearchParams({ eventPaymentId }).toString()}`;
  await expect(paymentRow.getByRole('link', { name: `Allocate tickets: ${eventName}` })).toHaveAttribute(
    'href',
    allocatePath,
  );
  await expectAccessible(page);

  // The buyer was mailed the approval, with the way to allocate the tickets.
  const href = await linkInNewestMail(page, {
    to: buyer.email,
    subject: `Purchase order ${order.number} approved`,
    linkPath: allocatePath,
  });
  await expectAccessible(page);
  expect(href).toBe(new URL(allocatePath, baseURL).href);
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Purchase order ${order.number} approved` }) });
  // Approved on trust: an invoice asks for the money (decision 0223), so the payment is not called complete.
  await expect(mail).toContainText(`Your purchase order ${order.number} was approved. Invoice I-`);
  await expect(mail).toContainText(`for ${total.shown} is attached to the mail sent to`);
  await expect(mail).toContainText(`${total.shown} is due by`);
  await expect(mail).not.toContainText('is complete');
});
