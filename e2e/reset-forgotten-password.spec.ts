import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoPassword, demoUsers, field, submitSignIn } from './fixtures/auth.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { expect, test } from './fixtures/test.ts';

// The member is the journey's own copy of Carlos (coach.lincoln): changing the password, which ends
// every session of the member, touches no one another journey signs in as.
const newPassword = 'a-brand-new-password-2';

const resetLinkSelector = 'a[href*="/auth/reset-password?token="]';

/**
 * The reset link in the "Reset your password" mail to `to`, as the dev mailbox shows it. Mail is sent
 * by a background worker, so the mailbox is reloaded until it arrives. The member is this journey's
 * own and it asks once, so exactly one such mail is addressed to them.
 */
async function resetLinkInMailbox(page: Page, to: string): Promise<Locator> {
  let href = '';
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Mailbox' })).toBeVisible();
    // For each reset link, its message is the largest element around it holding no other reset link.
    const hrefs = await page.locator(resetLinkSelector).evaluateAll(
      (links, { to, selector }) =>
        links
          .filter((link) => {
            let message: Element = link;
            while (message.parentElement && message.parentElement.querySelectorAll(selector).length === 1) {
              message = message.parentElement;
            }
            const text = message.textContent ?? '';
            return text.includes(to) && text.includes('Reset your password');
          })
          .map((link) => link.getAttribute('href') ?? ''),
      { to, selector: resetLinkSelector },
    );
    expect(hrefs, `reset mails to ${to} in the mailbox`).toHaveLength(1);
    href = hrefs[0] ?? '';
  }).toPass({ timeout: 20_000 });
  return page.locator(`a[href=${JSON.stringify(href)}]`);
}

test('a member who forgot their password resets it from the mailed link and signs in with the new one', async ({
  page,
  request,
  baseURL,
}) => {
  const member = await freshPerson(request, demoUsers.coachLincoln, 'Cody');
  const { email } = member;
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(atPath('/auth/forgot-password'));
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expectAccessible(page);

  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for that email, we have sent a link to reset its password.'),
  ).toBeVisible();
  await expectAccessible(page);

  const link = await resetLinkInMailbox(page, email);
  await expectAccessible(page);
  // The mailed link is absolute, on the configured PUBLIC_URL (the server under test).
  const resetUrl = (await link.getAttribute('href')) ?? '';
  const mailed = new URL(resetUrl);
  expect(mailed.origin).toBe(new URL(baseURL ?? '').origin);
  expect(mailed.pathname).toBe('/auth/reset-password');
  expect(mailed.searchParams.get('token')).toBeTruthy();
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/reset-password' && url.searchParams.has('token'));
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expectAccessible(page);

  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(atPath('/auth/login', '?reset=done'));
  await expect(page.getByText('Your password has been changed. Please sign in.')).toBeVisible();
  await expectAccessible(page);

  // What was saved: the old password no longer works, the new one does.
  await submitSignIn(page, email, demoPassword);
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await submitSignIn(page, email, newPassword);
  await expect(page).toHaveURL(atPath('/members/profile'));
  await expect(page.getByText(member.name).first()).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  // A reset link works once: opened again (by someone signed out), it is refused.
  await page.context().clearCookies();
  await page.goto(resetUrl);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await field(page, 'New password').fill('yet-another-password-3');
  await field(page, 'Confirm new password').fill('yet-another-password-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expectAccessible(page);
});
