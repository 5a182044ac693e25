import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, typePhone, uniqueToken } from './fixtures/forms.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey pays Cora's (counselor.washington) Coaching Institute application, accepted in
// the demo data to be paid by purchase order; counselor-pays-legacy-applications.spec.ts pays her
// earlier ones.
const applicant = demoUsers.counselorWashington;
const eventName = 'Coaching Institute';
const schoolName = 'Washington Middle School';
// $950.00 less WELCOME10's 10 %.
const due = { shown: '$855.00', typed: '855.00' };

test('an accepted applicant applies a coupon and pays by purchase order', async ({ page }) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const order = { number: `PO-APP-${token}`, file: `application-po-${token}.pdf` };

  await signIn(page, applicant.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('link', { name: 'My Event Applications' }).click();
  await expect(page.getByRole('heading', { name: 'My Event Applications', level: 1 })).toBeVisible();

  // Accepted, waiting for a purchase order, due in 30 days.
  const application = page.getByRole('article', { name: eventName });
  await expect(application).toContainText('Accepted');
  await expect(application).toContainText('Payment status: Awaiting Purchase Order');
  await expect(application).toContainText('Payment due in 30 days');
  await expect(application).toContainText('Amount due: $950.00');

  // The applications of the previous system, labelled by their old ids (events.md §9); the two still
  // to pay are paid in counselor-pays-legacy-applications.spec.ts.
  const earlier = page.getByRole('region', { name: 'Earlier applications' });
  const paidEarlier = earlier.getByRole('article', { name: 'Summer Reading Institute 2019' });
  await expect(paidEarlier).toContainText('Paid');
  await expect(paidEarlier.getByRole('button')).toHaveCount(0);
  const invoicedEarlier = earlier.getByRole('article', { name: 'Literacy Leadership Institute 2020' });
  await expect(invoicedEarlier).toContainText('Invoice sent');
  await expect(invoicedEarlier.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  // A coupon: asked for when empty, then applied to what is due.
  const coupon = application.getByRole('form', { name: `Coupon for ${eventName}` });
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expect(coupon.getByText('Coupon code is required', { exact: true })).toBeVisible();
  await input(coupon, 'Coupon code').fill('NOSUCHCODE');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Error applying coupon code');
  await input(coupon, 'Coupon code').fill('welcome10');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Coupon code applied successfully', { accessible: true });
  await expect(application).toContainText(`Amount due: ${due.shown}`);
  await expectAccessible(page);

  // The purchase order, for the institute.
  await application.getByRole('button', { name: 'Pay by Purchase Order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/events/applications/checkout/purchase-order');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  expect(eventPaymentId).toMatch(/^[0-9a-f-]{36}$/);
  const form = page.getByRole('form', { name: 'Upload your purchase order' });
  await expect(input(form, 'Institute')).toHaveValue(eventName);
  await expect(input(form, 'Purchase order total')).toHaveValue(due.typed);
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
      `?${new URLSearchParams({ eventPaymentId, source: 'purchase-order' }).toString()}`,
    ),
  );
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Thank you for uploading your purchase order. We will review and notify you once approved.' }),
  ).toBeVisible();
  await expectAccessible(page);

  // As the cart's success page (§2): allocation stays off for a purchase order.
  await expect(page.getByRole('button', { name: 'Allocate tickets' })).toBeDisabled();

  // What was saved: the application's payment waits for staff, and offers nothing more to pay.
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('link', { name: 'My Event Applications' }).click();
  await expect(application).toContainText('Payment status: Purchase order submitted');
  await expect(application.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expect(application.getByRole('button', { name: 'Change payment method' })).toHaveCount(0);
  await expectAccessible(page);
});
