import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';

// Only this journey requests seats as Henry (admin.washington); the retreat is open to group registration only in the
// demo.
const requester = demoUsers.adminWashington;
const eventName = 'Team Literacy Retreat';
const school = 'Washington Middle School';

/** The page as it is now fits a 390 px phone: nothing scrolls sideways. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a school admin requests 3 seats, names the attendees, applies a coupon and pays by the demo card', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const colleague = `retreat-colleague-${token}@example.test`;
  const newcomer = `retreat-newcomer-${token}@example.test`;

  // The retreat's page offers 'Request seats' with its price and offer.
  await signIn(page, requester.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Group registration' });
  await expect(panel).toContainText('$125.00 per seat');
  await expect(panel).toContainText('Seats past 10 are free, up to 2 free seats.');
  await expectAccessible(page);
  await fitsAPhone(page);

  // Henry belongs to one school: the request is for it, said in words.
  await expect(panel).toContainText(`Registering for ${school}`);

  // Seats 1 to 100: 101 is refused before anything is sent.
  const seats = input(panel, 'Number of seats');
  await seats.fill('101');
  await panel.getByRole('button', { name: 'Request seats' }).click();
  await expect(panel.getByText('Choose between 1 and 100 seats', { exact: true })).toBeVisible();
  await seats.fill('3');
  await expect(panel).toContainText('Total: $375.00');
  await panel.getByRole('button', { name: 'Request seats' }).click();
  await expectToast(page, 'Registration request created');

  // The request: event, date, seats, price.
  await expect(page).toHaveURL((url) =>
    /^\/members\/events\/registration\/requests\/[0-9a-f-]{36}$/.test(url.pathname),
  );
  const requestId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Seats requested: 3');
  await expect(main).toContainText(`Registering for ${school}`);
  await expect(main.getByText(/^Requested \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/)).toBeVisible();
  const price = page.getByRole('table', { name: 'Price' });
  await expect(price).toContainText('3 × $125.00');
  await expect(price).toContainText('$375.00');
  await expect(main).toContainText('Payment: Payment Incomplete');
  await expectAccessible(page);

  // Attendees: every seat filled, valid, once each.
  const attendees = page.getByRole('form', { name: 'Attendees' });
  await input(attendees, 'Seat 1 attendee email').fill(requester.email);
  await attendees.getByRole('button', { name: 'Save attendees' }).click();
  await expect(attendees.getByRole('alert')).toHaveText('Please fill all the seats');
  await input(attendees, 'Seat 2 attendee email').fill(requester.email.toUpperCase());
  await input(attendees, 'Seat 3 attendee email').fill('not-an-email');
  await attendees.getByRole('button', { name: 'Save attendees' }).click();
  await expect(attendees.getByText('This email is already assigned to another seat', { exact: true })).toBeVisible();
  await expect(attendees.getByText('Enter a valid email address', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await input(attendees, 'Seat 2 attendee email').fill(colleague);
  await input(attendees, 'Seat 3 attendee email').fill(newcomer);
  await attendees.getByRole('button', { name: 'Save attendees' }).click();
  await expectToast(page, 'Attendees saved', { accessible: true });
  await expect(attendees.getByText('Invited: no account yet')).toHaveCount(2);
  await fitsAPhone(page);

  // A coupon: none typed, an unknown one, then WELCOME10 (10 % off).
  const coupon = page.getByRole('form', { name: 'Coupon for this registration request' });
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expect(coupon.getByText('Coupon code is required', { exact: true })).toBeVisible();
  await input(coupon, 'Coupon code').fill('NO-SUCH-CODE');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Error applying coupon code');
  await input(coupon, 'Coupon code').fill('welcome10');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Coupon code applied successfully', { accessible: true });
  await expect(price).toContainText('Coupon WELCOME10');
  await expect(price).toContainText('$337.50');

  // Pay by the demo card.
  await page.getByRole('button', { name: 'Pay by Credit Card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  await expect(page.getByRole('main')).toContainText('$337.50');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(
    atPath(
      '/members/events/registration/checkout/success',
      `?${new URLSearchParams({ eventRegistrationRequestId: requestId, eventRegistrationPaymentId: eventPaymentId }).toString()}`,
    ),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Your payment was successful. Your seats are booked.' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Registration Request' }).click();
  await expect(page).toHaveURL(atPath(`/members/events/registration/requests/${requestId}`));
  await expect(main).toContainText('Payment: Paid');
  await expect(page.getByRole('form', { name: 'Update seats' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay by Credit Card' })).toHaveCount(0);
  await expectAccessible(page);

  // What was saved: paid, the coupon's total, the three attendees.
  const saved = (await (await page.request.get(`/api/event-registration-requests/${requestId}`)).json()) as {
    paymentStatus: string;
    price: { total: number };
    seats: { attendee: { email: string } | null }[];
  };
  expect(saved.paymentStatus).toBe('PAID');
  expect(saved.price.total).toBe(33_750);
  expect(saved.seats.map((seat) => seat.attendee?.email)).toEqual([requester.email, colleague, newcomer]);

  // Manage Events: Henry's own seat under My tickets; the payment is the request's seats, with its attendees and a way
  // to the request, and nothing to allocate (the allocation API refuses it too).
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  const seat = page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName });
  await expect(seat).toHaveCount(1);
  await expect(seat).toContainText('Group registration seat');
  await expect(seat).toContainText(school);
  const payment = page.getByRole('table', { name: 'Event payments' }).getByRole('row').filter({ hasText: eventName });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(school);
  await expect(payment).toContainText('3 of 3 attendees named');
  await expect(payment).toContainText('$337.50');
  await expect(payment).toContainText('Paid');
  await expect(payment.getByRole('link', { name: /Allocate tickets/ })).toHaveCount(0);
  await expectAccessible(page);
  await fitsAPhone(page);
  const allocation = await page.request.get(`/api/event-payments/${eventPaymentId}/allocation`);
  expect(allocation.status()).toBe(409);
  await payment.getByRole('link', { name: `View registration: ${eventName}` }).click();
  await expect(page).toHaveURL(atPath(`/members/events/registration/requests/${requestId}`));

  // The list, by both of its addresses; and Manage Registration on Henry's own seat's application.
  await page.goto('/members/registration/requests');
  await expect(page).toHaveURL(atPath('/members/events/registration/requests'));
  await expect(page.getByRole('heading', { name: 'My Event Registrations', level: 1 })).toBeVisible();
  const listed = page.getByRole('article', { name: eventName });
  await expect(listed).toContainText('3 seats, 3 assigned · $337.50');
  await expect(listed).toContainText('Paid');
  await expectAccessible(page);
  await fitsAPhone(page);
  await listed.getByRole('link', { name: `View ${eventName}` }).click();
  await expect(page).toHaveURL(atPath(`/members/events/registration/requests/${requestId}`));
  await page.goto('/members/events/applications');
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: 'Manage Registration' }).click();
  await expect(page).toHaveURL(atPath(`/members/events/registration/requests/${requestId}`));

  // The newcomer is invited to choose a password.
  const mail = await newestMail(page, { to: newcomer, subject: `You are registered for ${eventName}` });
  await expect(mail).toContainText('/auth/forgot-password');

  // Staff see the request in the console.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, demoUsers.staff.email);
    await staffPage.goto('/admin/registration-requests');
    await expect(staffPage.getByRole('heading', { name: 'Registration requests', level: 1 })).toBeVisible();
    const row = staffPage.getByRole('row').filter({ hasText: requester.email });
    await expect(row).toContainText(eventName);
    await expect(row).toContainText(school);
    await expect(row).toContainText('3 / 3 named');
    await expect(row).toContainText('Paid');
    await expectAccessible(staffPage);
    await row.getByRole('link').first().click();
    await expect(staffPage).toHaveURL(atPath(`/admin/registration-requests/${requestId}`));
    await expect(staffPage.getByRole('main')).toContainText(newcomer);
    await expect(staffPage.getByRole('main')).toContainText('Invited');
    await expect(staffPage.getByRole('main')).toContainText(`Organization: ${school}`);
    await expectAccessible(staffPage);

    // Its payment carries the school and shows the request, not an allocation.
    await staffPage.getByRole('link', { name: 'Open the event payment' }).click();
    await expect(staffPage).toHaveURL(atPath(`/admin/event-payments/${eventPaymentId}`));
    const request = staffPage.getByRole('region', { name: 'Registration request' });
    await expect(request).toContainText(school);
    await expect(staffPage.getByRole('region', { name: 'Allocation' })).toHaveCount(0);
    await expectAccessible(staffPage);
    await request.getByRole('link', { name: 'Open the registration request' }).click();
    await expect(staffPage).toHaveURL(atPath(`/admin/registration-requests/${requestId}`));
  } finally {
    await staffContext.close();
  }

  // Cancelling after confirmation: the paid request goes to staff for a refund.
  await page.goto(`/members/events/registration/requests/${requestId}`);
  await page.getByRole('button', { name: 'Cancel request' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This ticket request will be cancelled. Are you sure you want to proceed?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel request' }).click();
  await expectToast(page, 'Ticket request cancelled successfully', { accessible: true });
  await expect(main).toContainText('Cancelled');
  await expect(main).toContainText('Payment: Refund needed');

  // A cancelled request holds no seat any more.
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Event payments' }).getByRole('row').filter({ hasText: eventName }),
  ).toContainText('Refund needed');
  await expect(
    page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName }),
  ).toHaveCount(0);
});
