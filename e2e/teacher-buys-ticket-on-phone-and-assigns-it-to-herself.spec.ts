import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { downloadPdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// Rosa (reading.washington) is a plain member of Washington Middle School, and only this journey
// signs in as her. She buys one 'Reading Workshop Series' pass: the series journeys count no seats
// of it (they find their own payments).
const teacher = demoUsers.readingWashington;
const eventName = 'Reading Workshop Series';
const texts = {
  paid: 'Your purchase was successful. You may now allocate tickets.',
  saved: 'Assignments saved',
};

test.use({ viewport: { width: 390, height: 844 } });

test('a teacher on her phone buys one ticket by card, assigns it to herself in one click and gets its receipt', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  await signIn(page, teacher.email);

  // On a phone the side menu opens from its button.
  await page.getByRole('button', { name: 'Open side menu' }).click();
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  await input(page, 'Search events').fill('Reading Workshop');
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'Reading Workshop');
  await expect(page.getByRole('article', { name: eventName })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const addForm = page.getByRole('form', { name: `Add ${eventName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), '1');
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');

  await page.getByRole('button', { name: 'Open side menu' }).click();
  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  await expect(page.getByRole('heading', { name: 'Demo card payment', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const payButton = page.getByRole('button', { name: /^Pay \$/ });
  const paidTotal = ((await payButton.textContent()) ?? '').replace('Pay ', '').trim();
  await payButton.click();
  await expect(page).toHaveURL(
    atPath(
      '/members/event-cart/checkout/success',
      `?${new URLSearchParams({ eventPaymentId, source: 'demo' }).toString()}`,
    ),
  );
  await expect(page.getByRole('status').filter({ hasText: texts.paid })).toBeVisible();

  // One click: the ticket is hers, saved, with the save's toast.
  const tickets = page.getByRole('region', { name: 'Your tickets' });
  await expect(tickets).toContainText('0 of 1 ticket allocated');
  await expectAccessible(page);
  await tickets.getByRole('button', { name: `Assign to me, ${eventName}` }).click();
  await expectToast(page, texts.saved, { accessible: true });
  await expect(tickets).toContainText('1 of 1 ticket allocated · one is yours');
  await expect(tickets.getByRole('button', { name: /^Assign to me/ })).toHaveCount(0);
  await expectAccessible(page);

  // Her receipt: downloaded from the success page, its total the one she paid.
  const receiptLink = page.getByRole('link', { name: /^Download receipt R-\d{6,}$/ });
  const receiptNumber = ((await receiptLink.getAttribute('aria-label')) ?? '').replace('Download receipt ', '');
  const receipt = await downloadPdf(page, () => receiptLink.click());
  expect(receipt.text).toContain(`Receipt number: ${receiptNumber}`);
  expect(receipt.text).toMatch(new RegExp(`Total\\s*\\${paidTotal}`));

  // Allocate Tickets shows her as the holder; My tickets (Manage Events) lists the pass.
  await page.getByRole('link', { name: 'Allocate tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ticket 1', exact: true })).toHaveValue(teacher.name);
  await expect(page.getByRole('button', { name: /^Assign to me/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Open side menu' }).click();
  await sideMenu(page).getByRole('link', { name: 'Manage Events' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName }),
  ).toHaveCount(1);
  await expectAccessible(page);

  // And in her mail, the same receipt.
  const mail = await newestMail(page, { to: teacher.email, subject: `Your receipt ${receiptNumber}` });
  await expect(mail).toContainText(`Thank you for your payment of ${paidTotal}`);
  await expectAccessible(page);
});
