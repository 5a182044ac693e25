import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, signIn, submitSignIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { localIssuer } from './fixtures/local-issuer.ts';
import { expect, test } from './fixtures/test.ts';

// The school's own OpenID provider is the local stand-in playwright.config.ts starts: its page asks
// for an email and signs that address in, verified. The domain and the provider are this journey's own.
test("staff add a school's sign-in; a teacher signs in with her school account, and her password sign-in is refused", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const domain = `journey-${token}.test`;
  const providerName = `Journey Workspace ${token}`;
  const teacher = `tess@${domain}`;
  const staff = await freshPerson(request, demoUsers.staff, 'Sigrid');

  await signIn(page, staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Sign-in providers' })
    .click();
  await expect(page.getByRole('heading', { name: 'Sign-in providers', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add provider' }).click();
  const form = page.getByRole('dialog', { name: 'Add sign-in provider' });
  await input(form, 'Name').fill(providerName);
  await input(form, 'Issuer URL').fill(localIssuer.url);
  await input(form, 'Client ID').fill(localIssuer.clientId);
  await input(form, 'Client secret').fill(localIssuer.clientSecret);
  await input(form, 'Domain 1').fill(domain);
  await form.getByRole('checkbox', { name: 'Required' }).check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expectToast(page, 'Sign-in provider added');
  const row = page.getByRole('table', { name: 'Sign-in providers' }).getByRole('row').filter({ hasText: providerName });
  await expect(row).toContainText(`${domain} (required)`);
  await expect(row).toContainText('On');

  // The teacher, in a browser of her own: the login page offers her school's sign-in.
  const teacherContext = await browser.newContext({ baseURL });
  try {
    const tess = await teacherContext.newPage();
    await tess.goto('/auth/login');
    await expect(tess.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const schoolButton = tess.getByRole('link', { name: `Sign in with ${providerName}` });
    await expect(schoolButton).toBeVisible();
    await expectAccessible(tess);

    // Her school requires its own sign-in: a password is refused and points to it.
    await submitSignIn(tess, teacher, 'any-password-at-all');
    await expect(
      tess.getByText(`Your school signs you in with its own account: use "Sign in with ${providerName}".`),
    ).toBeVisible();

    await schoolButton.click();
    await expect(tess.getByRole('heading', { name: 'School sign-in' })).toBeVisible();
    await tess.getByLabel('School email').fill(teacher);
    await tess.getByRole('button', { name: 'Continue' }).click();
    await expect(tess).toHaveURL(atPath('/members/profile'));
    await expect(tess.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(tess.getByText(teacher).first()).toBeVisible();
    await expectAccessible(tess);
    const me = await tess.request.get('/api/me');
    expect(((await me.json()) as { email: string }).email).toBe(teacher);
  } finally {
    await teacherContext.close();
  }

  // Staff see that one person has signed in through it.
  await page.reload();
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
});
