import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, signIn } from './fixtures/auth.ts';
import { buyByCard, dayFromNow } from './fixtures/card-orders.ts';
import { expectToast, input, journeyTimeout, replaceText, uniqueToken } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { downloadPdf } from './fixtures/pdf.ts';
import { csrf, okJson, staffMakeOwnDay } from './fixtures/staff-events.ts';
import { expect, test } from './fixtures/test.ts';

// The day and the buyer are this journey's own: staff make a conference day three weeks ahead that may be
// cancelled until 7 days before, less $10.00 a ticket, and a fresh copy of Rosa (reading.washington) buys
// three $120.00 tickets by card, so no other journey's cart or payments meet these.
const eventName = `Cancel Day ${uniqueToken()}`;
const sectionName = 'Cancel Practice';
const policyText =
  'Cancellation: tickets can be cancelled until 7 days before the event starts for a refund of what was paid, ' +
  'less a fee of $10.00 per ticket. Purchase-order payments are refunded by a credit note settled by the finance office.';

test('a buyer cancels 1 of 3 card tickets within the policy, sees the refund first, and downloads the credit note', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const staffContext = await browser.newContext({ baseURL });
  const buyerContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, demoUsers.staff.email);
    const day = await staffMakeOwnDay(staffPage.request, {
      name: eventName,
      description: 'A day made by the buyer cancel journey.',
      locationName: 'Washington Middle School, Hall',
      date: dayFromNow(21),
      priceCents: 12_000,
      section: { title: sectionName, isFree: false, maxTickets: 10 },
    });
    await okJson(
      await staffPage.request.put(`${day.base}/cancellation-policy`, {
        headers: csrf,
        data: { buyerCancelDaysBefore: 7, feeType: 'FIXED', feeValue: 1000, purchaseOrderRefund: 'CREDIT_NOTE' },
      }),
    );
    const buyer = await freshPerson(staffPage.request, demoUsers.readingWashington, 'Cleo');

    const page = await buyerContext.newPage();
    await signIn(page, buyer.email);
    const paymentId = await buyByCard(page, {
      eventId: day.eventId,
      eventName,
      sectionName,
      tickets: 3,
      total: '$360.00',
      policy: policyText,
    });
    await day.unpublish();

    // Manage Events: Cancel tickets on the order; the server's refund is shown before she confirms.
    await page.goto('/members/manage-events');
    await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    const row = page.getByRole('table', { name: 'Event payments' }).getByRole('row').filter({ hasText: eventName });
    await row.getByRole('button', { name: `Cancel tickets: ${eventName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel tickets: ${eventName}` });
    await expect(dialog.getByText(policyText)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel tickets' })).toBeDisabled();
    await replaceText(input(dialog, 'Tickets not allocated yet to cancel'), '1');
    await expect(dialog.getByText('Paid for 1 ticket: $120.00')).toBeVisible();
    await expect(dialog.getByText('Cancellation fee: $10.00')).toBeVisible();
    await expect(dialog.getByText('Refund: $110.00')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel 1 ticket' }).click();
    await expectToast(page, '1 ticket cancelled. $110.00 refunded: credit note C-');
    await expect(dialog).toHaveCount(0);

    // The order stays paid with two tickets; what was refunded and its credit note sit beside the receipt.
    await expect(row).toContainText('$110.00 refunded');
    await expect(row).toContainText('Paid');
    const link = row.getByRole('link', { name: /^Download credit note C-\d{6,}$/ });
    await expect(link).toBeVisible();
    await expect(row.getByRole('link', { name: /^Download receipt R-/ })).toBeVisible();
    await expectAccessible(page);
    const label = ((await link.textContent()) ?? '').replace('Download credit note ', '');
    const note = await downloadPdf(page, () => link.click());
    expect(note.name).toBe(`credit-note-${label}.pdf`);
    expect(note.text).toContain(`Credit note number: ${label}`);
    expect(note.text).toContain('-$110.00');
    expect(note.text).toContain('Tickets cancelled by the buyer');

    // What the server kept: two tickets left to cancel, $250.00 still refundable.
    const view = await okJson<{ refundedCents: number; lines: { activeTickets: number }[] }>(
      await page.request.get(`/api/event-payments/${paymentId}/cancellation`),
    );
    expect(view.refundedCents).toBe(11_000);
    expect(view.lines[0]?.activeTickets).toBe(2);
  } finally {
    await buyerContext.close();
    await staffContext.close();
  }
});
