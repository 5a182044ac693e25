import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { dayFromNow } from './fixtures/card-orders.ts';
import {
  chooseOption,
  expectToast,
  input,
  journeyTimeout,
  replaceText,
  typePhone,
  uniqueToken,
} from './fixtures/forms.ts';
import { freshSchool } from './fixtures/journey-data.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// The day and the school are this journey's own: staff make a conference day a month ahead whose policy refunds
// purchase-order payments by a credit note the finance office settles, and a fresh school's owner pays for one
// $120.00 ticket by purchase order. So no other journey's refunds meet this one, found by its buyer's email.
const token = uniqueToken();
const eventName = `PO Refund Day ${token}`;
const sectionName = 'Refund by Credit Note';
const reason = 'The school closed that week';

test('staff refund an order paid by purchase order: the refund is owed until the finance office settles it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const staffContext = await browser.newContext({ baseURL });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, demoUsers.staff.email);
  const day = await staffMakeOwnDay(staffPage.request, {
    name: eventName,
    description: 'A day made by the purchase-order refund journey.',
    locationName: 'Washington Middle School, Library',
    date: dayFromNow(30),
    priceCents: 12_000,
    section: { title: sectionName, isFree: false, maxTickets: 10 },
  });
  const school = await freshSchool(request, demoUsers.ownerWashington, 'Petra', 'Washington Middle School');
  const order = { number: `PO-${token}`, contactEmail: `bursar.${token}@demo.test` };
  try {
    await staffPage.goto(`/admin/events/${day.eventId}`);
    await expect(staffPage.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
    const policy = staffPage.getByRole('form', { name: 'Cancellation policy' });
    await policy.getByRole('switch', { name: 'Buyers may cancel their tickets online' }).check();
    await replaceText(input(policy, 'Until how many days before the event starts'), '7');
    await chooseOption(staffPage, policy, 'Cancellation fee', 'A fixed amount per ticket');
    await replaceText(input(policy, 'Fee per ticket ($)'), '10');
    await policy.getByRole('radio', { name: 'Refunded by a credit note the finance office settles' }).check();
    await policy.getByRole('button', { name: 'Save cancellation policy' }).click();
    await expectToast(staffPage, 'Cancellation policy saved.');

    // The school's owner puts one ticket in the cart and sends a purchase order for it.
    await signIn(page, school.owner.email);
    await page.goto(`/members/events/${day.eventId}`);
    await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
    await page
      .getByRole('article', { name: sectionName })
      .getByRole('form', { name: `Add ${sectionName} to cart` })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await expectToast(page, 'Added to your cart');
    await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Pay by purchase order' }).click();
    await expect(page.getByRole('heading', { name: 'Pay by Purchase Order', level: 1 })).toBeVisible();
    const paymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
    expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
    const form = page.getByRole('form', { name: 'Upload your purchase order' });
    await form.locator('input[type="file"]').setInputFiles({
      name: `purchase-order-${token}.pdf`,
      mimeType: 'application/pdf',
      buffer: onePagePdf(`Purchase order ${order.number}`),
    });
    await input(form, 'Purchase order number').fill(order.number);
    await replaceText(input(form, 'Purchase order total'), '120.00');
    await input(form, 'Organization').selectOption({ label: school.name });
    await replaceText(input(form, 'Contact name'), 'Bea Bursar');
    await replaceText(input(form, 'Contact email'), order.contactEmail);
    await typePhone(input(form, 'Contact phone'), '2175550188');
    await form.getByRole('button', { name: 'Submit purchase order' }).click();
    await expectToast(page, 'Purchase order submitted successfully');

    // Staff approve it, then refund the order from its payment's page with a reason.
    await staffPage.goto(`/admin/purchase-orders?search=${order.number}`);
    await expect(staffPage.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
    await staffPage.getByRole('button', { name: `Approve purchase order ${order.number}` }).click();
    await staffPage
      .getByRole('dialog', { name: `Approve purchase order ${order.number}?` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expectToast(staffPage, 'Purchase order approved');
    await staffPage.goto(`/admin/event-payments/${paymentId}`);
    await staffPage.getByRole('button', { name: 'Refund' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog.getByText('Paid for 1 ticket: $120.00')).toBeVisible();
    await expectAccessible(staffPage);
    await input(dialog, /^Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expectToast(staffPage, '1 ticket cancelled.');
    await expect(dialog).toHaveCount(0);
    const refunds = staffPage.getByRole('table', { name: 'Refunds of this payment' });
    await expect(refunds).toContainText(reason);
    await expect(refunds).toContainText('Owed');
    await expectAccessible(staffPage);

    // The finance office has paid it: staff mark it settled in the refunds owed, where it then is no more.
    await staffPage.goto(`/admin/refunds?status=OWED&search=${encodeURIComponent(school.owner.email)}`);
    await expect(staffPage).toHaveURL((url) => url.pathname === '/admin/refunds');
    await expect(staffPage.getByRole('heading', { name: 'Refunds', level: 1 })).toBeVisible();
    const owed = staffPage.getByRole('table').getByRole('row').filter({ hasText: eventName });
    await expect(owed).toContainText('Owed');
    await expectAccessible(staffPage);
    await owed.getByRole('button', { name: 'Mark settled' }).click();
    await staffPage
      .getByRole('dialog', { name: 'Mark this refund settled?' })
      .getByRole('button', { name: 'Mark settled' })
      .click();
    await expectToast(staffPage, 'marked settled.');
    await expect(owed).toHaveCount(0);
    await staffPage.goto(`/admin/event-payments/${paymentId}`);
    await expect(staffPage.getByRole('table', { name: 'Refunds of this payment' })).toContainText('Settled');

    // The owner sees the order cancelled and refunded in Manage Events.
    await page.goto('/members/manage-events');
    await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    const row = page.getByRole('table', { name: 'Event payments' }).getByRole('row').filter({ hasText: eventName });
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('link', { name: /^Download credit note C-\d{6,}$/ })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await day.unpublish().catch(() => undefined);
    await staffContext.close();
  }
});
