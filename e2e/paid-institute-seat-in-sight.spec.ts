import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { input, journeyTimeout } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Iris (coach.washington) was accepted to the Coaching Institute and paid $950 by card (the demo
// seed). This journey only reads her seat; the keyboard journey buys her a series pass, whose rows
// this one tells apart by the event's name.
const applicant = demoUsers.coachWashington;
const staff = demoUsers.staff;
const instituteName = 'Coaching Institute';
const texts = {
  seat: 'Institute seat',
  applicationSeat:
    "This payment is for an institute application: its seat is the applicant's own, with no tickets to allocate.",
  allocationFailed: 'Could not load the allocation',
};

test("a paid institute application is in sight: the applicant's tickets and payments, and the staff payment page", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);

  await signIn(page, applicant.email);
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page).toHaveURL(atPath('/members/manage-events'));
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();

  // My tickets: the seat, for the institute's days, leading to its resources through the application.
  const seat = page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: instituteName });
  await expect(seat).toHaveCount(1);
  await expect(seat).toContainText(texts.seat);
  await expect(seat).toContainText('Teachers College, New York');
  await expect(seat.getByRole('link', { name: `Resources: ${instituteName}` })).toHaveAttribute(
    'href',
    /\/members\/events\/[0-9a-f-]{36}\/resources\?eaId=[0-9a-f-]{36}$/,
  );

  // Event payments: the paid application, as a seat with nothing to allocate.
  const payment = page
    .getByRole('table', { name: 'Event payments' })
    .getByRole('row')
    .filter({ hasText: instituteName });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(texts.seat);
  await expect(payment).toContainText('$950.00');
  await expect(payment).toContainText('Paid');
  await expect(payment.getByRole('link', { name: /Allocate tickets/ })).toHaveCount(0);
  await expect(page.getByText('No event payments yet')).toHaveCount(0);
  await expectAccessible(page);

  await payment.getByRole('link', { name: `View application: ${instituteName}` }).click();
  await expect(page).toHaveURL(atPath('/members/events/applications'));
  const application = page.getByRole('article', { name: instituteName });
  await expect(application).toContainText('Paid');
  await expectAccessible(page);

  // Staff find the payment by her email; its page loads, naming the applicant and the institute.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, staff.email);
    await staffPage.getByRole('link', { name: 'Staff console' }).click();
    await staffPage
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Event payments' })
      .click();
    await expect(staffPage.getByRole('heading', { name: 'Event payments', level: 1 })).toBeVisible();
    await input(staffPage, 'Search event payments').fill(applicant.email);
    const row = staffPage.getByRole('table').getByRole('row').filter({ hasText: instituteName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$950.00');
    await expectAccessible(staffPage);

    await row.getByRole('link', { name: new RegExp(`^Payment [0-9a-f]{8} by ${applicant.name}$`) }).click();
    await expect(staffPage).toHaveURL((url) => /^\/admin\/event-payments\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect(staffPage.getByRole('heading', { name: /^Payment [0-9a-f]{8}$/, level: 1 })).toBeVisible();
    const section = staffPage.getByRole('region', { name: 'Institute application' });
    await expect(section).toContainText(texts.applicationSeat);
    await expect(section).toContainText(`${applicant.name} · ${applicant.email}`);
    await expect(section).toContainText(instituteName);
    await expect(staffPage.getByText(texts.allocationFailed)).toHaveCount(0);
    await expect(staffPage.getByRole('region', { name: 'Allocation' })).toHaveCount(0);
    await expectAccessible(staffPage);

    await section.getByRole('link', { name: 'Open the application' }).click();
    await expect(staffPage).toHaveURL((url) => /^\/admin\/applications\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect(staffPage.getByRole('heading', { level: 1 })).toContainText(applicant.name);
    await expectAccessible(staffPage);
  } finally {
    await staffContext.close();
  }
});
