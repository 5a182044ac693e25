import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Cora (counselor.washington) administers no organization, and only this journey buys anything as
// her; 'Networking Lunch' is free and unlimited, so no other journey's seats or carts are touched.
const buyer = demoUsers.counselorWashington;
const eventName = 'Fall Leadership Conference Day';
const sectionName = 'Networking Lunch';
const itemTitle = `${eventName} — ${sectionName}`;
const texts = {
  forYou: 'These tickets are bought for you: you can allocate them to yourself.',
  paid: 'Your purchase was successful. You may now allocate tickets.',
  buyerOnly: 'These tickets were not bought for an organization you administer: you can allocate them to yourself.',
};

test('a member who administers no organization buys a ticket and allocates it to herself', async ({ page }) => {
  test.setTimeout(journeyTimeout);
  await signIn(page, buyer.email);

  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  const addForm = page
    .getByRole('article', { name: sectionName })
    .getByRole('form', { name: `Add ${sectionName} to cart` });
  await replaceText(input(addForm, 'Number of tickets'), '1');
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');

  // The cart says for whom it buys: nothing to choose, the ticket is hers.
  await sideMenu(page).getByRole('link', { name: 'Event Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: itemTitle })).toHaveCount(1);
  await expect(page.getByText(texts.forYou)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Buying for' })).toHaveCount(0);
  await expectAccessible(page);

  // A free section costs nothing: the payment is paid at once, and Allocate leads somewhere usable.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/success');
  await expect(page.getByRole('status').filter({ hasText: texts.paid })).toBeVisible();
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  await page.getByRole('link', { name: 'Allocate tickets' }).click();
  await expect(page).toHaveURL(
    atPath('/members/event/assign-tickets', `?${new URLSearchParams({ eventPaymentId }).toString()}`),
  );
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(page.getByText(texts.buyerOnly)).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add New User' })).toHaveCount(0);
  await expectAccessible(page);

  // Her one ticket opens chosen for her (not saved yet), and the only person offered is herself.
  const section = page.getByRole('region', { name: sectionName });
  const ticket = section.getByRole('combobox', { name: 'Ticket 1', exact: true });
  await expect(ticket).toHaveValue(buyer.name);
  await expect(section).toContainText('1 of 1 ticket allocated');
  await ticket.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(buyer.name);
  await options.first().click();
  await expect(ticket).toHaveValue(buyer.name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Ticket allocations saved', { accessible: true });
  await expect(section).toContainText('1 of 1 ticket allocated');
  await expectAccessible(page);
});
