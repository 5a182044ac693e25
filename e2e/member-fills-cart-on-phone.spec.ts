import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { expect, test } from './fixtures/test.ts';

// A person of the journey's own: a cart no other journey reads. Nothing is bought, so no seat is taken.
const eventName = 'Reading Workshop Series';

test.use({ viewport: { width: 390, height: 844 } });

test('a member on a phone adds three tickets, sees them counted on the cart in the header and finds them there', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const member = await freshPerson(request, demoUsers.teacherLincoln, 'Tess');
  await signIn(page, member.email);

  await page.goto(`/members/events?${new URLSearchParams({ search: 'Reading Workshop' }).toString()}`);
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  // The cart sits in the phone's header, not only behind the menu button; empty, it has no count.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Event Cart', exact: true })).toBeVisible();
  await expectAccessible(page);

  const addForm = page.getByRole('form', { name: `Add ${eventName} to cart` });
  const quantity = input(addForm, 'Number of tickets');
  await replaceText(quantity, '3');
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Added to your cart');
  // What went in stays in sight: the box keeps 3 and says so, and the header counts them.
  await expect(quantity).toHaveValue('3');
  await expect(addForm.getByRole('status')).toHaveText('3 tickets added to your cart');
  await expect(header.getByRole('link', { name: 'Event Cart: 3 tickets in the cart' })).toBeVisible();
  await expectAccessible(page);

  await header.getByRole('link', { name: 'Event Cart: 3 tickets in the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Event Cart', level: 1 })).toBeVisible();
  // Saved on the server: the cart page reads it back with the 3 that went in.
  await expect(page.getByRole('textbox', { name: new RegExp(`^Number of tickets for ${eventName}`) })).toHaveValue('3');
  await expectAccessible(page);
});
