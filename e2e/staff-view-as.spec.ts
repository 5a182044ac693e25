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

test("staff issue a member a sign-in link; whoever opens it views the portal as the member, on the staff member's behalf", async ({
  page,
  browser,
}) => {
  const tara = demoUsers.teacherLincoln;

  await signIn(page, demoUsers.staff.email);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.goto('/admin/users');
  await field(page, 'Search users').fill('Tara');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: tara.email })).toHaveCount(1);

  await page.getByRole('button', { name: `Sign-in link for ${tara.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sign-in link for ${tara.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`views the portal as ${tara.name} on your behalf`)).toBeVisible();
  await expectAccessible(page);
  const url = await dialog.getByLabel('Sign-in link').inputValue();
  expect(new URL(url).pathname).toBe('/members');

  // Opened in another browser, signed in as no one: the link starts an impersonation, not Tara's own session.
  const elsewhere = await browser.newContext();
  try {
    const opened = await elsewhere.newPage();
    await opened.goto(url);
    await expect(opened).toHaveURL(atPath('/members/profile'));
    await expect(opened.getByText(`Viewing as: ${tara.name}`)).toBeVisible();
    await expect(opened.getByText(tara.email).first()).toBeVisible();
    await expect(opened.getByRole('link', { name: 'Staff console' })).toHaveCount(0);
    await expectAccessible(opened);

    // The link works once.
    const again = await browser.newContext();
    try {
      const reopened = await again.newPage();
      await reopened.goto(url);
      await expect(reopened.getByText('This sign-in link is invalid or has expired.')).toBeVisible();
    } finally {
      await again.close();
    }
  } finally {
    await elsewhere.close();
  }

  // Issuing a link kept the staff member's own session.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});
