import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoPassword, demoUsers, expectCookiesSignedOut, signIn, submitSignIn } from './fixtures/auth.ts';
import { input, listedValue, uniqueToken } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { expect, test } from './fixtures/test.ts';

// The member is the journey's own copy of Maya (teacher.washington): changing the email and ending
// every session touches no one another journey signs in as, mails or looks up.
test('a member changes their email, is signed out after 4 seconds and signs in with the new one', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  const maya = await freshPerson(request, demoUsers.teacherWashington, 'Mira');
  const newEmail = `mira.${uniqueToken()}@journey.test`;

  await signIn(page, maya.email);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(listedValue(page, 'Email')).toHaveText(maya.email);

  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const emailInput = input(dialog, 'New email');
  const submit = dialog.getByRole('button', { name: 'Save' });

  // Not an email address: refused on its field.
  await emailInput.fill('mira.journey at journey.test');
  await submit.click();
  await expect(dialog.getByText('The specified email address is invalid.')).toBeVisible();
  await expect(emailInput).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // The same address, typed differently, is still the same address.
  await emailInput.fill(`  ${maya.email.toUpperCase()} `);
  await submit.click();
  await expect(dialog.getByText('You are already using the specified email')).toBeVisible();
  await expectAccessible(page);

  // Another member's address is taken.
  await emailInput.fill(demoUsers.noToolkit.email);
  await submit.click();
  await expect(dialog.getByText('The specified email is already taken')).toBeVisible();
  await expectAccessible(page);

  const sessionCookies = await context.cookies();
  await emailInput.fill(newEmail);
  // Timed from the click: the 4 seconds start only once the server has answered, after it.
  const submittedAt = Date.now();
  await submit.click();
  await expect(dialog.getByText('Email updated. You must now log in again with your new email.')).toBeVisible();
  await expect(page).toHaveURL(atPath('/members/profile'));
  await expectAccessible(page);

  // The member has time to read the message, then lands on the sign-in page.
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login', { timeout: 15_000 });
  const waited = Date.now() - submittedAt;
  expect(waited, 'milliseconds from saving the new email to the sign-out').toBeGreaterThanOrEqual(3_900);
  expect(waited).toBeLessThan(10_000);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  // Every session of the member ended on the server, not only in this browser.
  await expectCookiesSignedOut(browser, baseURL, sessionCookies);

  // What was saved: the old address no longer signs in; the new one does, with the same password.
  await submitSignIn(page, maya.email, demoPassword);
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await submitSignIn(page, newEmail, demoPassword);
  await expect(page).toHaveURL(atPath('/members/profile'));
  await expect(listedValue(page, 'Email')).toHaveText(newEmail);
  await expect(listedValue(page, 'Name')).toHaveText(maya.name);
});
