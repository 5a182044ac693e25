import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { downloadPdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// Sofia (science.washington) signs in in no other journey, so her cart is this journey's alone;
// 'Coaching Reading' has seats enough for the journeys that buy it side by side, none counts them.
const buyer = demoUsers.scienceWashington;
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Coaching Reading';
const total = '$149.00';
const paid = 'Your purchase was successful. You may now allocate tickets.';

test('a teacher buys a ticket by card, downloads its receipt and finds it in her mail; staff download and re-send it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  await signIn(page, buyer.email);

  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const addForm = page
    .getByRole('article', { name: sectionName })
    .getByRole('form', { name: `Add ${sectionName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), '1');
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');
  await expectAccessible(page);

  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Totals' })).toContainText(`Total${total}`);
  await expectAccessible(page);

  // The demo provider's page pays with its demo card.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: 'Demo card payment', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  // The success page offers the receipt once the payment reads as paid.
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/success');
  await expect(page.getByRole('status').filter({ hasText: paid })).toBeVisible();
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  const successReceipt = page.getByRole('link', { name: /^Download receipt R-\d{6,}$/ });
  await expect(successReceipt).toBeVisible();
  await expectAccessible(page);
  const label = ((await successReceipt.getAttribute('aria-label')) ?? '').replace('Download receipt ', '');
  const receipt = await downloadPdf(page, () => successReceipt.click());
  expect(receipt.name).toBe(`receipt-${label}.pdf`);
  expect(receipt.text).toContain(`Receipt number: ${label}`);
  expect(receipt.text).toMatch(new RegExp(`Total\\s*\\${total}`));
  expect(receipt.text).toContain(`${eventName} - ${sectionName}`);
  expect(receipt.text).toContain('Paid by: Visa card ending in 4242');

  // Manage Events offers the same receipt on the payment's row.
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Download receipt ${label}` })).toBeVisible();
  await expectAccessible(page);

  // The receipt was mailed to her (the development mailbox holds what SMTP would send).
  const mail = await newestMail(page, { to: buyer.email, subject: `Your receipt ${label}` });
  await expect(mail).toContainText(`Thank you for your payment of ${total}`);
  await expectAccessible(page);

  // Staff find the payment in the console: the same receipt to download, and Re-send after a confirmation.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, demoUsers.staff.email);
    await staffPage.goto(`/admin/event-payments/${eventPaymentId}`);
    await expect(staffPage.getByText(`Receipt ${label}`, { exact: true })).toBeVisible();
    await expectAccessible(staffPage);
    const staffCopy = await downloadPdf(staffPage, () =>
      staffPage.getByRole('link', { name: `Download receipt ${label}` }).click(),
    );
    expect(staffCopy.text).toContain(`Receipt number: ${label}`);
    await staffPage.getByRole('button', { name: 'Re-send receipt' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Re-send the receipt?' });
    await expect(dialog).toContainText(buyer.email);
    await expectAccessible(staffPage);
    await dialog.getByRole('button', { name: 'Re-send receipt' }).click();
    await expectToast(staffPage, `Receipt mailed to ${buyer.email}.`, { accessible: true });
  } finally {
    await staffContext.close();
  }
});
