import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// The staff member's own cart: no other journey buys as staff. 'Coaching Reading' has seats enough
// for every journey that buys it.
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Coaching Reading';
const total = '$149.00';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The provider's other system: a receiver on 127.0.0.1 (allowed outside production) keeping what it is posted. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/portal-events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('staff register a webhook endpoint, copy its secret shown once, see a card payment delivered to it, signed, and rotate the secret with an overlap', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  const receiver = await startReceiver();
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, demoUsers.staff.email);
    await page.getByRole('link', { name: 'Staff console' }).click();
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expectAccessible(page);

    // The form refuses an endpoint without events, then takes it.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await replaceText(input(form, 'URL'), receiver.url);
    await replaceText(input(form, 'Description'), 'Finance system (journey)');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('Choose at least one event')).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('checkbox', { name: 'Payment paid' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown once: copied from the dialog.
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(shown.getByRole('status')).toHaveText('Webhook endpoint added');
    await expect(shown.getByText('Copy this secret now: it is not shown again.')).toBeVisible();
    const secret = await input(shown, 'Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // All of it in view: wrapped inside its field, the field inside the dialog (issue 39: it ran past the edge).
    const secretField = input(shown, 'Signing secret');
    expect(await secretField.evaluate((field) => field.scrollWidth <= field.clientWidth)).toBe(true);
    const [fieldBox, dialogBox] = [await secretField.boundingBox(), await shown.boundingBox()];
    expect(fieldBox && dialogBox && fieldBox.x + fieldBox.width <= dialogBox.x + dialogBox.width).toBe(true);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('Payment paid');
    await expect(page.getByRole('heading', { name: 'Deliveries', level: 2 })).toBeVisible();
    await expect(page.getByText('No deliveries yet', { exact: false })).toBeVisible();

    // Staff buy a ticket by demo card: the payment becomes paid, which the endpoint receives.
    await page.getByRole('link', { name: 'Members portal', exact: true }).click();
    await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
    await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
    const addForm = page
      .getByRole('article', { name: sectionName })
      .getByRole('form', { name: `Add ${sectionName} to cart` });
    await replaceText(input(addForm, 'Number of tickets'), '1');
    await addForm.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Added to your cart');
    await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByRole('heading', { name: 'Demo card payment', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/success');
    const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';

    // The receiver got it, and the secret verifies its signature (Standard Webhooks). Journeys beside this one
    // pay too, and every payment.paid is posted to this endpoint: each post is found by what it is about.
    const ofThisPayment = () => receiver.received.find((post) => post.body.includes(eventPaymentId));
    await expect.poll(() => ofThisPayment() !== undefined, { timeout: 20_000 }).toBe(true);
    const got = ofThisPayment();
    if (!got) throw new Error('nothing was received');
    const postsOfIt = () =>
      receiver.received.filter((post) => post.headers['webhook-id'] === got.headers['webhook-id']);
    const verified = new Webhook(secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'payment.paid', data: { paymentId: eventPaymentId, status: 'PAID' } });

    // Back in the staff console: the delivery is listed as delivered, and staff redeliver it.
    await page.getByRole('link', { name: 'Staff console' }).click();
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('row').filter({ hasText: receiver.url }).getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    const delivery = deliveries.getByRole('row').filter({ hasText: String(got.headers['webhook-id']) });
    await expect(delivery).toContainText('Payment paid');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    await expectAccessible(page);
    await delivery.getByRole('button', { name: /^Redeliver/ }).click();
    await expectToast(page, 'Redelivery queued');
    await expect.poll(() => postsOfIt().length, { timeout: 20_000 }).toBeGreaterThan(1);

    // Staff rotate the secret: the new one is shown once, and for a while both sign every post, so the
    // receiving system verifies with either while it switches.
    const endpointRow = page.getByRole('row').filter({ hasText: receiver.url });
    await endpointRow.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    const rotated = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(rotated.getByRole('status')).toContainText('Signing secret rotated. Until');
    const newSecret = await input(rotated, 'Signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(endpointRow).toContainText('Old secret also signs until');
    const beforeRotation = postsOfIt().length;
    await delivery.getByRole('button', { name: /^Redeliver/ }).click();
    await expectToast(page, 'Redelivery queued');
    await expect.poll(() => postsOfIt().length, { timeout: 20_000 }).toBeGreaterThan(beforeRotation);
    const third = postsOfIt()[beforeRotation];
    if (!third) throw new Error('the redelivery after the rotation was not received');
    const headers = {
      'webhook-id': String(third.headers['webhook-id']),
      'webhook-timestamp': String(third.headers['webhook-timestamp']),
      'webhook-signature': String(third.headers['webhook-signature']),
    };
    for (const key of [secret, newSecret])
      expect(new Webhook(key).verify(third.body, headers)).toMatchObject({ type: 'payment.paid' });
  } finally {
    await receiver.close();
  }
});
