import { expectAccessible } from './fixtures/accessibility.ts';
import { sideMenu, signIn } from './fixtures/auth.ts';
import { administratorOpensFund, staffFundFreshDistrict } from './fixtures/district-funds.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Everything bought and changed here is the journey's own: a district and its school (owned by a fresh copy of
// Lincoln's owner), a district administrator (a fresh copy of a Lincoln teacher) and an event on sale that its
// buyer may cancel; staff are the demo staff, who only invite and record a deposit.
const tickets = 2;
// $125.00 a ticket.
const total = '$250.00';

test("staff make a district administrator and fund the district; the administrator sets a school's limit, its owner pays from the fund and cancels, the fund is credited, and an order past the limit is withdrawn before a decision", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const { districtName, school, owner, administrator, saleEvent } = await staffFundFreshDistrict(page);
  const itemTitle = `${saleEvent.name} — ${saleEvent.sectionTitle}`;

  // The administrator accepts in their own browser, opens the district's fund and lets the school spend $300.
  const administratorContext = await browser.newContext({ baseURL });
  const ownerContext = await browser.newContext({ baseURL });
  try {
    const districtPage = await administratorContext.newPage();
    await administratorOpensFund(districtPage, districtName, administrator);
    const schoolRow = districtPage
      .getByRole('table', { name: 'Schools' })
      .getByRole('row')
      .filter({ hasText: school.name });
    await expect(schoolRow).toContainText('May not spend');
    await expectAccessible(districtPage);
    await schoolRow.getByRole('button', { name: `Set limit of ${school.name}` }).click();
    const limit = districtPage.getByRole('dialog', { name: `Spending limit of ${school.name}` });
    await replaceText(input(limit, 'Limit (USD)'), '300');
    await expectAccessible(districtPage);
    await limit.getByRole('button', { name: 'Save limit' }).click();
    await expectToast(districtPage, `${school.name} may spend $300.00 from the fund.`);
    await expect(schoolRow).toContainText('$300.00$0.00$300.00');

    // The school's owner buys two tickets and pays with district funds: within the limit, paid at once.
    const ownerPage = await ownerContext.newPage();
    await signIn(ownerPage, owner.email);
    await ownerPage.goto(`/members/events/${saleEvent.id}`);
    await expect(ownerPage.getByRole('heading', { name: saleEvent.name, level: 1 })).toBeVisible();
    const addForm = ownerPage
      .getByRole('article', { name: saleEvent.sectionTitle })
      .getByRole('form', { name: `Add ${saleEvent.sectionTitle} to cart` });
    await replaceText(input(addForm, 'Number of tickets'), String(tickets));
    await addForm.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(ownerPage, 'Added to your cart');
    await sideMenu(ownerPage).getByRole('link', { name: 'Event Cart' }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
    await expect(ownerPage.getByRole('table').getByRole('row').filter({ hasText: itemTitle })).toBeVisible();
    await expect(ownerPage.getByText(`${districtName} fund: $300.00 left for your school`)).toBeVisible();
    await expectAccessible(ownerPage);
    await ownerPage.getByRole('button', { name: 'Pay with district funds' }).click();
    await expect(ownerPage).toHaveURL(
      /\/members\/event-cart\/checkout\/success\?eventPaymentId=[0-9a-f-]{36}&source=district-funds$/,
    );
    await expect(ownerPage.getByText('Your purchase was successful. You may now allocate tickets.')).toBeVisible();
    await expectAccessible(ownerPage);

    await districtPage.reload();
    await expect(districtPage.getByTestId('fund-balance')).toHaveText('$750.00');
    await expect(schoolRow).toContainText(`$300.00${total}$50.00`);
    await expect(
      districtPage.getByRole('table', { name: 'Spending by school and event' }).getByRole('row').nth(1),
    ).toContainText(`${school.name}${saleEvent.name}${total}$0.00${total}`);
    await expectAccessible(districtPage);

    // The owner cancels both tickets within the event's policy from Manage Events; the refund goes back to the fund.
    await sideMenu(ownerPage).getByRole('link', { name: 'Manage Events' }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    const order = ownerPage
      .getByRole('table', { name: 'Event payments' })
      .getByRole('row')
      .filter({ hasText: saleEvent.name });
    await order.getByRole('button', { name: `Cancel tickets: ${saleEvent.name}` }).click();
    const cancelDialog = ownerPage.getByRole('dialog', { name: `Cancel tickets: ${saleEvent.name}` });
    await replaceText(input(cancelDialog, 'Tickets not allocated yet to cancel'), String(tickets));
    await expect(cancelDialog.getByText(`Paid for ${tickets} tickets: ${total}`)).toBeVisible();
    await expectAccessible(ownerPage);
    await cancelDialog.getByRole('button', { name: `Cancel ${tickets} tickets` }).click();
    await expectToast(ownerPage, `${tickets} tickets cancelled.`);
    await expect(cancelDialog).toHaveCount(0);

    // On the administrator's screen: the fund credited, the refund in the ledger, the school's spending back to nothing.
    await districtPage.reload();
    await expect(districtPage.getByTestId('fund-balance')).toHaveText('$1,000.00');
    await expect(districtPage.getByRole('table', { name: 'Ledger' }).getByRole('row').nth(1)).toContainText(
      `Refund${school.name}+${total}`,
    );
    await expect(schoolRow).toContainText('$300.00$0.00$300.00');
    await expect(
      districtPage.getByRole('table', { name: 'Spending by school and event' }).getByRole('row').nth(1),
    ).toContainText(`${school.name}${saleEvent.name}${total}${total}$0.00`);
    await expectAccessible(districtPage);

    // Three tickets ($375.00) pass the school's $300.00 limit: the order waits for the administrator.
    await ownerPage.goto(`/members/events/${saleEvent.id}`);
    await replaceText(input(addForm, 'Number of tickets'), String(tickets + 1));
    await addForm.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(ownerPage, 'Added to your cart');
    await sideMenu(ownerPage).getByRole('link', { name: 'Event Cart' }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Pay with district funds' }).click();
    await expect(ownerPage.getByText('Your order waits for the district administrator’s approval.')).toBeVisible();
    await districtPage.reload();
    const waiting = districtPage.getByRole('table', { name: 'Waiting for approval' });
    await expect(waiting.getByRole('row').filter({ hasText: school.name })).toContainText('$375.00');

    // The owner changes their mind: Withdraw request, confirmed; the order is cancelled, its tickets back in the cart.
    await sideMenu(ownerPage).getByRole('link', { name: 'Manage Events' }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    const waitingOrder = ownerPage
      .getByRole('table', { name: 'Event payments' })
      .getByRole('row')
      .filter({ hasText: 'Awaiting district approval' });
    await waitingOrder.getByRole('button', { name: `Withdraw request: ${saleEvent.name}` }).click();
    const withdrawDialog = ownerPage.getByRole('dialog', { name: 'Withdraw this request?' });
    await expect(withdrawDialog).toContainText(`${saleEvent.name}: $375.00`);
    await expect(withdrawDialog).toContainText('The district administrator will no longer be asked to approve it.');
    await expectAccessible(ownerPage);
    await withdrawDialog.getByRole('button', { name: 'Withdraw request' }).click();
    await expectToast(ownerPage, 'Request withdrawn. Its tickets are back in your cart.');
    await expect(ownerPage.getByRole('button', { name: `Withdraw request: ${saleEvent.name}` })).toHaveCount(0);
    await expectAccessible(ownerPage);
    await sideMenu(ownerPage).getByRole('link', { name: 'Event Cart' }).click();
    await expect(ownerPage.getByRole('table').getByRole('row').filter({ hasText: itemTitle })).toBeVisible();

    // The administrator has nothing left to decide, and the fund is untouched.
    await districtPage.reload();
    await expect(districtPage.getByText('No orders wait for your approval.')).toBeVisible();
    await expect(districtPage.getByTestId('fund-balance')).toHaveText('$1,000.00');
    await expectAccessible(districtPage);
  } finally {
    await administratorContext.close();
    await ownerContext.close();
  }
});
