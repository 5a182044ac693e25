import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, signIn } from './fixtures/auth.ts';
import { administratorOpensFund, staffFundFreshDistrict } from './fixtures/district-funds.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';

// The journey's own district, school (owned by a fresh copy of Lincoln's owner), administrator (a fresh copy of a
// Lincoln teacher) and event on sale at $125.00 a ticket; staff are the demo staff, who invite and record a deposit.

test('a district administrator buys three seats ahead from the fund, gives two to a school and returns one; the school finds its two in Manage Events', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const { districtName, school, owner, administrator, saleEvent } = await staffFundFreshDistrict(page);
  const itemTitle = `${saleEvent.name} — ${saleEvent.sectionTitle}`;

  const administratorContext = await browser.newContext({ baseURL });
  const ownerContext = await browser.newContext({ baseURL });
  try {
    const districtPage = await administratorContext.newPage();
    await administratorOpensFund(districtPage, districtName, administrator);
    const seatsAhead = districtPage.getByRole('region', { name: 'Seats bought ahead' });
    await expect(
      seatsAhead.getByText('Your cart is empty: add the seats to buy ahead from PD Services first.', { exact: false }),
    ).toBeVisible();
    await expect(seatsAhead.getByText('No seats bought ahead yet.')).toBeVisible();
    await expectAccessible(districtPage);

    // The administrator puts three seats in the cart from the event's page, as any buyer does.
    await seatsAhead.getByRole('link', { name: 'Open PD Services' }).click();
    await expect(districtPage.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
    await districtPage.goto(`/members/events/${saleEvent.id}`);
    await expect(districtPage.getByRole('heading', { name: saleEvent.name, level: 1 })).toBeVisible();
    const addForm = districtPage
      .getByRole('article', { name: saleEvent.sectionTitle })
      .getByRole('form', { name: `Add ${saleEvent.sectionTitle} to cart` });
    await replaceText(input(addForm, 'Number of tickets'), '3');
    await addForm.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(districtPage, 'Added to your cart');
    await expectAccessible(districtPage);

    // Back on the fund: the cart is offered to buy ahead, confirmed, and the fund pays at once.
    await districtPage.goto('/members/district-funds');
    await districtPage.getByRole('link', { name: districtName }).click();
    await expect(seatsAhead.getByText(`3 × ${itemTitle}: $375.00`)).toBeVisible();
    await seatsAhead.getByRole('button', { name: 'Buy ahead from the fund: $375.00' }).click();
    const confirm = districtPage.getByRole('dialog', { name: 'Buy these seats ahead?' });
    await expect(confirm).toContainText('The fund pays $375.00 now.');
    await expectAccessible(districtPage);
    await confirm.getByRole('button', { name: 'Buy ahead from the fund' }).click();
    await expectToast(districtPage, '3 seats bought ahead for $375.00.');
    await expect(districtPage.getByTestId('fund-balance')).toHaveText('$625.00');
    const block = seatsAhead.getByRole('table', { name: 'Seats bought ahead' }).getByRole('row').filter({
      hasText: itemTitle,
    });
    await expect(block).toContainText('$125.003003');
    await expect(seatsAhead.getByText('Your cart is empty', { exact: false })).toBeVisible();
    await expect(districtPage.getByRole('table', { name: 'Ledger' }).getByRole('row').nth(1)).toContainText(
      `Spend-$375.00`,
    );
    await expectAccessible(districtPage);

    // Two seats go to the school: its paid order, the block holds one.
    await block.getByRole('button', { name: `Give seats: ${itemTitle}` }).click();
    const give = districtPage.getByRole('dialog', { name: `Give seats of ${itemTitle}` });
    await give.getByRole('combobox', { name: /^School/ }).selectOption({ label: school.name });
    await replaceText(input(give, 'Seats'), '2');
    await expectAccessible(districtPage);
    await give.getByRole('button', { name: 'Give seats' }).click();
    await expectToast(districtPage, `2 seats given to ${school.name}.`);
    await expect(block).toContainText('$125.003201');

    // The last one goes back on sale, its price back in the fund.
    await block.getByRole('button', { name: `Return seats: ${itemTitle}` }).click();
    const giveBack = districtPage.getByRole('dialog', { name: `Return seats of ${itemTitle}` });
    await expect(giveBack).toContainText('Returned seats go back on sale to everyone');
    await expectAccessible(districtPage);
    await giveBack.getByRole('button', { name: 'Return seats' }).click();
    await expectToast(districtPage, '1 seat returned; $125.00 is back in the fund.');
    await expect(block).toContainText('$125.003210');
    await expect(block.getByRole('button', { name: `Give seats: ${itemTitle}` })).toHaveCount(0);
    await expect(districtPage.getByTestId('fund-balance')).toHaveText('$750.00');
    await expectAccessible(districtPage);

    // The school's owner is told, and finds the two seats paid in Manage Events, ready to allocate.
    const ownerPage = await ownerContext.newPage();
    await signIn(ownerPage, owner.email);
    const mail = await newestMail(ownerPage, { to: owner.email, subject: `${districtName} gave your school seats` });
    await expect(mail).toContainText(`${districtName} gave ${school.name} 2 seats it bought ahead: ${itemTitle}.`);
    await mail.getByRole('link', { name: /\/members\/manage-events$/ }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    await expect(ownerPage).toHaveURL(atPath('/members/manage-events'));
    const order = ownerPage
      .getByRole('table', { name: 'Event payments' })
      .getByRole('row')
      .filter({ hasText: saleEvent.name });
    await expect(order).toContainText('$250.00');
    await expect(order).toContainText('Paid');
    await expect(order.getByRole('link', { name: `Allocate tickets: ${saleEvent.name}` })).toBeVisible();
    await expectAccessible(ownerPage);

    // Staff, still on the district's fund, see the purchase and what became of its seats.
    await page.reload();
    await expect(page.getByTestId('fund-balance')).toHaveText('$750.00');
    await expect(
      page.getByRole('table', { name: 'Seats bought ahead' }).getByRole('row').filter({ hasText: itemTitle }),
    ).toContainText('$125.003210');
    await expectAccessible(page);
  } finally {
    await administratorContext.close();
    await ownerContext.close();
  }
});
