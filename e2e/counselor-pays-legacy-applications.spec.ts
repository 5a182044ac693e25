import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, typePhone, uniqueToken } from './fixtures/forms.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { findPurchaseOrderAsStaff } from './fixtures/staff-purchase-orders.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey pays Cora's (counselor.washington) two unpaid applications imported from the
// previous system: the Writing Coaches Institute by card, the Math Leaders Institute by purchase order.
// The other journey signing in as Cora reads only her paid and invoiced earlier applications.
const applicant = demoUsers.counselorWashington;
const schoolName = 'Washington Middle School';
const byCard = { name: 'Writing Coaches Institute 2021', due: '$450.00' };
const byPurchaseOrder = { name: 'Math Leaders Institute 2022', due: '$600.00', typed: '600.00' };

async function openApplications(page: Page) {
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('link', { name: 'My Event Applications' }).click();
  await expect(page.getByRole('heading', { name: 'My Event Applications', level: 1 })).toBeVisible();
  return page.getByRole('region', { name: 'Earlier applications' });
}

test('a counselor pays one earlier application by card and one by purchase order, which staff approve', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const order = { number: `PO-LEGACY-${token}`, file: `legacy-po-${token}.pdf` };

  await signIn(page, applicant.email);
  const earlier = await openApplications(page);

  // Each state the previous system's ids give (events.md §9): invoice pending, paid, invoice sent, and two to pay here.
  const pending = earlier.getByRole('article', { name: 'Early Literacy Institute 2018' });
  await expect(pending).toContainText('Payment status: Invoice pending');
  await expect(pending.getByRole('button')).toHaveCount(0);
  await expect(earlier.getByRole('article', { name: 'Summer Reading Institute 2019' })).toContainText('Paid');
  const invoiced = earlier.getByRole('article', { name: 'Literacy Leadership Institute 2020' });
  await expect(invoiced).toContainText('Invoice sent');
  await expect(invoiced.getByRole('button')).toHaveCount(0);
  const cardApplication = earlier.getByRole('article', { name: byCard.name });
  await expect(cardApplication).toContainText('Payment Incomplete');
  await expect(cardApplication).toContainText(`Amount due: ${byCard.due}`);
  const poApplication = earlier.getByRole('article', { name: byPurchaseOrder.name });
  await expect(poApplication).toContainText('Payment status: Awaiting Purchase Order');
  await expect(poApplication).toContainText(`Amount due: ${byPurchaseOrder.due}`);
  // Nothing but the legacy buttons: no coupon, no change of payment method.
  await expect(poApplication.getByRole('button')).toHaveCount(1);
  await expectAccessible(page);

  // By card: the card provider's page (the demo one), then the success page as the cart's.
  await cardApplication.getByRole('button', { name: 'Pay by Credit Card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const cardPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  await expect(page.getByRole('main')).toContainText(byCard.due);
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(
    atPath(
      '/members/events/applications/checkout/success',
      `?${new URLSearchParams({ eventPaymentId: cardPaymentId, source: 'demo' }).toString()}`,
    ),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Your payment was successful. Your application is paid.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(
    `${byCard.name} — application balance`,
  );
  // A balance buys no tickets: nothing to allocate is offered (issue 39).
  await expect(page.getByRole('link', { name: 'Allocate tickets' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Allocate tickets' })).toHaveCount(0);
  await expectAccessible(page);

  // Saved: paid, and nothing left to pay.
  await openApplications(page);
  await expect(cardApplication).toContainText('Payment status: Paid');
  await expect(cardApplication.getByRole('button')).toHaveCount(0);

  // By purchase order: the application purchase-order page, for the balance.
  await poApplication.getByRole('button', { name: 'Pay by Purchase Order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/events/applications/checkout/purchase-order');
  const poPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  const form = page.getByRole('form', { name: 'Upload your purchase order' });
  await expect(input(form, 'Institute')).toHaveValue(byPurchaseOrder.name);
  await expect(input(form, 'Purchase order total')).toHaveValue(byPurchaseOrder.typed);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(byPurchaseOrder.due);
  await expectAccessible(page);
  await form.locator('input[type="file"]').setInputFiles({
    name: order.file,
    mimeType: 'application/pdf',
    buffer: onePagePdf(`Purchase order ${order.number}`),
  });
  await input(form, 'Purchase order number').fill(order.number);
  await input(form, 'Organization').selectOption({ label: schoolName });
  await input(form, 'Contact name').fill('Paula Payables');
  await input(form, 'Contact email').fill(`payables.${token}@demo.test`);
  await typePhone(input(form, 'Contact phone'), '2175550143');
  await form.getByRole('button', { name: 'Submit purchase order' }).click();
  await expectToast(page, 'Purchase order submitted successfully', { accessible: true });
  await expect(page).toHaveURL(
    atPath(
      '/members/events/applications/checkout/success',
      `?${new URLSearchParams({ eventPaymentId: poPaymentId, source: 'purchase-order' }).toString()}`,
    ),
  );
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Thank you for uploading your purchase order. We will review and notify you once approved.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allocate tickets' })).toHaveCount(0);
  await expectAccessible(page);

  await openApplications(page);
  await expect(poApplication).toContainText('Payment status: Purchase order submitted');
  await expect(poApplication.getByRole('button')).toHaveCount(0);

  // Staff, in their own browser, find it with what it pays for, and approve it.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    const poRow = await findPurchaseOrderAsStaff(staffPage, order.number);
    await expect(poRow).toContainText(schoolName);
    await expect(poRow).toContainText(`${byPurchaseOrder.name} (previous system application)`);
    await expect(poRow).toContainText(byPurchaseOrder.due);
    await expectAccessible(staffPage);
    await poRow.getByRole('button', { name: `Approve purchase order ${order.number}` }).click();
    const confirm = staffPage.getByRole('dialog', { name: `Approve purchase order ${order.number}?` });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectToast(staffPage, 'Purchase order approved', { accessible: true });
  } finally {
    await staffContext.close();
  }

  // The counselor sees it paid.
  await page.reload();
  await expect(poApplication).toContainText('Payment status: Paid');
  await expect(poApplication.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
});
