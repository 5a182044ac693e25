import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoPassword, demoUsers, sideMenu, submitSignIn } from './fixtures/auth.ts';
import { expect, test } from './fixtures/test.ts';

test('a signed-out member opening a deep link signs in and lands on the page they asked for', async ({
  page,
  context,
}) => {
  const { email } = demoUsers.ownerLincoln;

  await page.goto('/members/manage-events');
  await expect(page).toHaveURL(atPath('/auth/login', '?intended=%2Fmembers%2Fmanage-events'));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await expectAccessible(page);

  await submitSignIn(page, email, 'not-the-password');
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(atPath('/auth/login', '?intended=%2Fmembers%2Fmanage-events'));
  await expectAccessible(page);

  await submitSignIn(page, email, demoPassword);
  await expect(page).toHaveURL(atPath('/members/manage-events'));
  await expect(sideMenu(page)).toBeVisible();
  await expectAccessible(page);

  // The session is kept by the browser as an httpOnly, SameSite=Lax cookie and by the server:
  // a reload stays signed in on the same page.
  const cookies = await context.cookies();
  expect(cookies.some((cookie) => cookie.httpOnly && cookie.sameSite === 'Lax')).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(atPath('/members/manage-events'));
  await expect(sideMenu(page)).toBeVisible();
});

test('a sign-in link pointing off-site lands on the profile instead', async ({ page, context }) => {
  const offSite: string[] = [];
  await context.route(/^https?:\/\/evil\.example/, async (route) => {
    offSite.push(route.request().url());
    await route.abort();
  });

  await page.goto(`/auth/login?intended=${encodeURIComponent('https://evil.example')}`);
  await submitSignIn(page, demoUsers.ownerWashington.email, demoPassword);

  await expect(page).toHaveURL(atPath('/members/profile'));
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(demoUsers.ownerWashington.email).first()).toBeVisible();
  expect(offSite).toEqual([]);
  await expectAccessible(page);
});
