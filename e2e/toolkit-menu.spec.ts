import { expectAccessible } from './fixtures/accessibility.ts';
import { toolkitAccessNotice } from '@portal/domain/navigation.ts';
import { atPath, demoUsers, expectCookiesSignedOut, sideMenu, signIn } from './fixtures/auth.ts';
import { expect, test } from './fixtures/test.ts';

const menuWithToolkit = [
  'Profile',
  'Treasure Chest',
  'My Saved Resources',
  'Purchase Orders',
  'PD Services',
  'Resources',
  'Manage Services',
  'Manage Events',
  'Event Cart',
];
const menuWithoutToolkit = menuWithToolkit.filter(
  (label) => label !== 'Treasure Chest' && label !== 'My Saved Resources',
);

test('a member with toolkit access sees Treasure Chest and My Saved Resources and can open them', async ({ page }) => {
  await signIn(page, demoUsers.teacherLincoln.email);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expectAccessible(page);

  const menu = sideMenu(page);
  await expect(menu.getByRole('link')).toHaveText(menuWithToolkit);
  await expect(menu.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Staff console' })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Treasure Chest' }).click();
  await expect(page).toHaveURL(atPath('/members/treasure-chest'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  await menu.getByRole('link', { name: 'My Saved Resources' }).click();
  await expect(page).toHaveURL(atPath('/members/my-saved-resources'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('a member without toolkit access does not see the toolkit, is kept out of it, and logs out', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await signIn(page, demoUsers.noToolkit.email);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(demoUsers.noToolkit.name).first()).toBeVisible();

  const menu = sideMenu(page);
  await expect(menu.getByRole('link')).toHaveText(menuWithoutToolkit);
  await expect(menu.getByRole('link', { name: 'Treasure Chest' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'My Saved Resources' })).toHaveCount(0);
  await expectAccessible(page);

  // Typing the address does not open the toolkit either: the profile says why.
  const refused = page.getByRole('status').filter({ hasText: toolkitAccessNotice });
  await page.goto('/members/treasure-chest');
  await expect(page).toHaveURL(atPath('/members/profile', '?notice=toolkit-access'));
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(refused).toContainText('No toolkit access.');
  await expectAccessible(page);
  await page.goto('/members/my-saved-resources');
  await expect(page).toHaveURL(atPath('/members/profile', '?notice=toolkit-access'));
  await expect(refused).toBeVisible();

  const sessionCookies = await context.cookies();
  await menu.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/members/profile');
  await expect(page).toHaveURL(atPath('/auth/login', '?intended=%2Fmembers%2Fprofile'));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // The server ended the session: the cookies it had issued no longer sign anyone in.
  await expectCookiesSignedOut(browser, baseURL, sessionCookies);
});
