import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, expectCookiesSignedOut, field, sideMenu, signIn } from './fixtures/auth.ts';
import { expect, test } from './fixtures/test.ts';

test('staff finds a member, views the portal as them, then clears the impersonation', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const tara = demoUsers.teacherLincoln;

  await signIn(page, demoUsers.staff.email);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(demoUsers.staff.name).first()).toBeVisible();

  await page.getByRole('link', { name: 'Staff console' }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/admin'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);

  await field(page, 'Search users').fill('Tara');
  const rows = page.getByRole('table').getByRole('row');
  // The search answers once typing pauses: only Tara's row is left among the seeded users.
  await expect(rows.filter({ hasText: demoUsers.staff.email })).toHaveCount(0);
  await expect(rows.filter({ hasText: tara.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: tara.name })).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole('button', { name: `View as ${tara.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `View as ${tara.name}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Start viewing' }).click();

  await expect(page).toHaveURL(atPath('/members/profile'));
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(`Viewing as: ${tara.name}`)).toBeVisible();
  await expect(page.getByText(tara.email).first()).toBeVisible();
  await expect(page.getByText('Lincoln Elementary School').first()).toBeVisible();
  // Viewing as Tara means Tara's menu: she has toolkit access.
  await expect(sideMenu(page).getByRole('link', { name: 'Treasure Chest' })).toBeVisible();
  await expectAccessible(page);

  // The impersonation is recorded on the session, so it survives a reload.
  await page.reload();
  await expect(page.getByText(`Viewing as: ${tara.name}`)).toBeVisible();
  await expect(page.getByText(tara.email).first()).toBeVisible();

  const sessionCookies = await context.cookies();
  await page.getByRole('button', { name: 'Clear Impersonation' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/members/profile');
  await expect(page).toHaveURL(atPath('/auth/login', '?intended=%2Fmembers%2Fprofile'));

  // Clearing ended the session on the server, not only in this browser.
  await expectCookiesSignedOut(browser, baseURL, sessionCookies);
});
