import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, field, signIn } from './fixtures/auth.ts';
import { chooseOption, expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';

// The seed's 'Literacy Coaching Days' has two paid ticket holders, Tara and Adam (its First Year
// section), and one accepted applicant, Maya (its Advanced section).
const eventName = 'Literacy Coaching Days';
const holders = [demoUsers.adminLincoln, demoUsers.teacherLincoln];

async function openMessages(page: Page) {
  await signIn(page, demoUsers.staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await field(page, 'Search events').fill('Literacy Coaching');
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'Literacy Coaching');
  await page.getByRole('link', { name: eventName, exact: true }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Messages', exact: true }).click();
  await expect(page).toHaveURL((url) => /^\/admin\/events\/[0-9a-f-]{36}\/messages$/.test(url.pathname));
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
}

test("staff message an event's ticket holders after a preview; each holder gets their own mail and the event lists the message", async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  const subject = `Room change ${uniqueToken()}`;
  const body = 'Tomorrow we meet in Hall C, next to the library.';
  await openMessages(page);
  const compose = page.getByRole('region', { name: 'New message' });
  await expect(compose.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expectAccessible(page);

  // A section's people: the applicant of the Advanced section only.
  await compose.getByRole('radio', { name: "One section's people" }).check();
  await chooseOption(page, compose, 'Section', 'Coaching the Coaches (Coaching)');
  await compose.getByRole('button', { name: 'Preview recipients' }).click();
  await expect(compose.getByRole('alert').filter({ hasText: '1 recipient' })).toContainText('Maya');

  // The ticket holders: two, by first name.
  await compose.getByRole('radio', { name: 'Ticket holders' }).check();
  await expect(compose.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await compose.getByRole('button', { name: 'Preview recipients' }).click();
  const preview = compose.getByRole('alert').filter({ hasText: '2 recipients' });
  await expect(preview).toContainText('Adam, Tara');
  await expectAccessible(page);

  // Nothing to send without a subject and a text.
  await compose.getByRole('button', { name: 'Send message' }).click();
  await expect(input(compose, 'Subject')).toHaveAccessibleDescription('Subject is required');
  await input(compose, 'Subject').fill(subject);
  await input(compose, 'Message').fill(body);
  await compose.getByRole('button', { name: 'Send message' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this message?' });
  await expect(confirm).toContainText('goes to 2 people, one mail each');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Message sent to 2 people', { accessible: true });

  // The event lists it: who sent it, to whom, how many.
  const sent = page.getByRole('region', { name: 'Sent messages' });
  const row = sent.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText(demoUsers.staff.name);
  await expect(row).toContainText('Ticket holders');
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  // The worker delivers to the development mailbox: both mails count as delivered.
  await expect(async () => {
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Sent messages' })
        .getByRole('row')
        .filter({ hasText: subject })
        .getByRole('cell')
        .nth(5),
    ).toHaveText('2', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expectAccessible(page);

  // Each holder has a mail of their own, addressed to them alone.
  for (const holder of holders) {
    const mail = await newestMail(page, { to: holder.email, subject });
    await expect(mail).toContainText(`Hello ${holder.name.split(' ')[0]},`);
    await expect(mail).toContainText(body);
    for (const other of holders.filter((person) => person !== holder))
      await expect(mail).not.toContainText(other.email);
  }
  await expectAccessible(page);
});
