import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, signIn } from './fixtures/auth.ts';
import { buyByCard, dayFromNow } from './fixtures/card-orders.ts';
import { chooseOption, expectToast, input, journeyTimeout, replaceText, uniqueToken } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { downloadPdf } from './fixtures/pdf.ts';
import { staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// The day and the buyer are this journey's own: staff make a conference day a month ahead (two $120.00
// tickets are all it sells) and a fresh copy of Sofia (science.washington) buys them by card, so no other
// journey's cart, payments or refunds meet these. The dashboard's count is read against its own list,
// as other journeys make refunds meanwhile.
const eventName = `Refund Day ${uniqueToken()}`;
const sectionName = 'Refund Practice';
const reason = 'The venue flooded; the day is off';
const policyText =
  'Cancellation: tickets can be cancelled until 7 days before the event starts for a refund of what was paid, ' +
  'less a fee of $10.00 per ticket. Purchase-order payments are refunded by a credit note settled by the finance office.';

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** What the dashboard's "Payments to refund" card says, once it agrees with the refunds owed it links to. */
async function refundsCountAgreesWithList(page: Page): Promise<void> {
  await expect(async () => {
    await page.goto('/admin');
    const count = page.getByRole('region', { name: 'Payments to refund' }).getByTestId('count-refundsNeeded');
    await expect(count).toHaveText(/^\d+$/, { timeout: 2_000 });
    const response = await page.request.get('/api/admin/refunds?status=OWED&pageSize=1');
    expect(Number(await count.textContent())).toBe(((await response.json()) as { total: number }).total);
  }).toPass({ timeout: 20_000 });
}

test('staff refund a paid card order with a reason; the buyer sees it refunded and downloads the credit note', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const staff = await signedInPage(browser, baseURL, demoUsers.staff.email);
  const day = await staffMakeOwnDay(staff.page.request, {
    name: eventName,
    description: 'A day made by the staff refund journey.',
    locationName: 'Washington Middle School, Library',
    date: dayFromNow(30),
    priceCents: 12_000,
    section: { title: sectionName, isFree: false, maxTickets: 10 },
  });
  const buyer = await freshPerson(staff.page.request, demoUsers.scienceWashington, 'Rhea');
  const customer = await signedInPage(browser, baseURL, buyer.email);
  try {
    // Staff set the day's cancellation policy on its page in the console.
    await staff.page.goto(`/admin/events/${day.eventId}`);
    await expect(staff.page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
    const policy = staff.page.getByRole('form', { name: 'Cancellation policy' });
    await policy.getByRole('switch', { name: 'Buyers may cancel their tickets online' }).check();
    await replaceText(input(policy, 'Until how many days before the event starts'), '7');
    await chooseOption(staff.page, policy, 'Cancellation fee', 'A fixed amount per ticket');
    await replaceText(input(policy, 'Fee per ticket ($)'), '10');
    await policy.getByRole('radio', { name: 'Refunded by a credit note the finance office settles' }).check();
    await expect(policy.getByText(policyText)).toBeVisible();
    await expectAccessible(staff.page);
    await policy.getByRole('button', { name: 'Save cancellation policy' }).click();
    await expectToast(staff.page, 'Cancellation policy saved.');

    // The buyer reads the policy on the event page and in the cart before paying two tickets by card.
    const shop = customer.page;
    const paymentId = await buyByCard(shop, {
      eventId: day.eventId,
      eventName,
      sectionName,
      tickets: 2,
      total: '$240.00',
      policy: policyText,
    });

    // Staff refund the whole order from the payment's page: the server's refund shown, a reason required.
    await staff.page.goto(`/admin/event-payments/${paymentId}`);
    await expect(staff.page.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
    await staff.page.getByRole('button', { name: 'Refund' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog.getByText('Paid for 2 tickets: $240.00')).toBeVisible();
    await expect(dialog.getByText('Refund: $240.00')).toBeVisible();
    await expectAccessible(staff.page);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog.getByText('Say why the payment is refunded')).toBeVisible();
    await input(dialog, /^Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expectToast(staff.page, '2 tickets cancelled. $240.00 refunded: credit note C-');
    await expect(dialog).toHaveCount(0);
    const refunds = staff.page.getByRole('table', { name: 'Refunds of this payment' });
    await expect(refunds).toContainText('$240.00');
    await expect(refunds).toContainText(reason);
    await expect(refunds).toContainText('Settled');
    await expect(staff.page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
    await expectAccessible(staff.page);
    const label = ((await refunds.getByRole('link', { name: /^Download credit note/ }).textContent()) ?? '').replace(
      'Download credit note ',
      '',
    );
    expect(label).toMatch(/^C-\d{6,}$/);

    // A card refund the demo provider settled is owed to no one; the card counts the refunds owed it opens.
    await refundsCountAgreesWithList(staff.page);
    await staff.page
      .getByRole('region', { name: 'Payments to refund' })
      .getByRole('link', { name: 'Payments to refund' })
      .click();
    await expect(staff.page).toHaveURL((url) => url.pathname === '/admin/refunds' && url.search === '?status=OWED');
    await expectAccessible(staff.page);

    // The buyer: the order reads as cancelled and refunded, the credit note beside the receipt, and mail.
    await shop.goto('/members/manage-events');
    await expect(shop.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    const row = shop.getByRole('table', { name: 'Event payments' }).getByRole('row').filter({ hasText: eventName });
    await expect(row).toContainText('$240.00 refunded');
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('link', { name: /^Download receipt R-/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Cancel tickets/ })).toHaveCount(0);
    await expectAccessible(shop);
    const note = await downloadPdf(shop, () =>
      row.getByRole('link', { name: `Download credit note ${label}` }).click(),
    );
    expect(note.name).toBe(`credit-note-${label}.pdf`);
    expect(note.text).toContain(`Credit note number: ${label}`);
    expect(note.text).toMatch(/Corrects receipt: R-\d{6,}/);
    expect(note.text).toContain(reason);
    expect(note.text).toContain('-$240.00');
    expect(note.text).toContain('Refunded by: Refunded to the card that paid');

    const told = await newestMail(shop, { to: buyer.email, subject: 'Your event payment was refunded' });
    await expect(told).toContainText('cancelled 2 tickets of your event payment and refunded $240.00');
    await expect(told).toContainText(`Reason: ${reason}`);
    await expect(await newestMail(shop, { to: buyer.email, subject: `Your credit note ${label}` })).toContainText(
      'We are refunding $240.00',
    );
    await expectAccessible(shop);
  } finally {
    await day.unpublish().catch(() => undefined);
    await customer.context.close();
    await staff.context.close();
  }
});
