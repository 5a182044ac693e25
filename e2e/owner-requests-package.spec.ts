import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, journeyTimeout } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Olivia (owner.lincoln) requests the seeded package with every step; only this journey starts it.
const owner = demoUsers.ownerLincoln;
const school = 'Lincoln Elementary School';
const packageName = 'Comprehensive Literacy Partnership';
const texts = {
  minimumDays: 'The minimum amount of days for Literacy Coaching has not been reached...',
  unsaved: 'You have unsaved changes that will be lost...',
  overallocated: 'Selections Overallocated',
  packageMinimum: 'Package minimum must be met before submitting',
  belowMinimum: 'Package total below minimum. Please select more options before continuing',
  submitted: 'Your package application has been submitted',
  saved: 'Successfully saved',
};
const stepUrl = (step: string) => (url: URL) =>
  new RegExp(`^/members/manage-services/package-request/[0-9a-f-]{36}/${step}$`).test(url.pathname);

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

async function saveAndContinue(page: Page, next: string) {
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expectToast(page, texts.saved);
  await expect(page).toHaveURL(stepUrl(next));
}

test('an owner requests a package through every step, downloads its review and submits it; staff accept it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  await signIn(page, owner.email);
  await sideMenu(page).getByRole('link', { name: 'Manage Services' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/members/manage-services/select-organization');
  await expectAccessible(page);
  await page.getByRole('link', { name: school }).click();

  // Select a Service: this year's catalogue; the school's seeded requests, one per status.
  await expect(page.getByRole('heading', { name: 'Select a Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Services' })).toBeVisible();
  const applications = page.getByRole('heading', { name: 'Your Service Applications' }).locator('..');
  await expect(applications.getByText('Changes requested')).toBeVisible();
  await expect(applications.getByRole('link', { name: 'Review Application' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Choose Package ${packageName}` }).click();

  // Staff options: the grouping's minimum days, then the unsaved-changes question.
  await expect(page).toHaveURL(stepUrl('staff-options'));
  await expect(page.getByRole('heading', { name: packageName, level: 1 })).toBeVisible();
  await choose(page, 'On-site Literacy Coaching', '2 days');
  await expect(page.getByText(texts.minimumDays)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
  await choose(page, 'Remote Coaching Sessions', '2 days');
  await expect(page.getByText(texts.minimumDays)).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Select a Service' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave.getByText(texts.unsaved)).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(stepUrl('staff-options'));
  await expect(page.getByRole('combobox', { name: 'Remote Coaching Sessions' })).toHaveValue('2');
  await saveAndContinue(page, 'event-selection');

  // Review before anything else: below the package minimum, no submit.
  await page.getByRole('link', { name: '5. Review' }).click();
  await expect(page).toHaveURL(stepUrl('review'));
  await expect(page.getByText('Package total: $7,400.00 – $8,300.00')).toBeVisible();
  await expect(page.getByText(texts.packageMinimum)).toBeVisible();
  await expect(page.getByText(texts.belowMinimum)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('link', { name: '2. Event Selection' }).click();

  // Events, then groups: overallocation and the group minimum, then the free seats.
  await choose(page, 'Fall Leadership Conference Day', '4 participants');
  await expectAccessible(page);
  await saveAndContinue(page, 'group-selection');
  await expect(
    page.getByText('The minimum amount has not been reached for: Leadership Academy.', { exact: false }),
  ).toBeVisible();
  await choose(page, 'Cohort A (on site)', '12 participants');
  await choose(page, 'Virtual Cohort', '12 participants');
  await expect(page.getByText(texts.overallocated)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await choose(page, 'Virtual Cohort', '2 participants');
  await expect(page.getByText('Spots remaining: 6')).toBeVisible();
  await expectAccessible(page);
  await saveAndContinue(page, 'institute-selection');

  // Institutes: every participant placed in a grade before the save is offered.
  await choose(page, 'Participants', '3 participants');
  await page.getByRole('spinbutton', { name: 'Grade K', exact: true }).fill('2');
  await expect(page.getByText('1 left to allocate')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
  await page.getByRole('spinbutton', { name: 'Grade 1', exact: true }).fill('1');
  await expect(page.getByText('All allocated')).toBeVisible();
  await expectAccessible(page);
  await saveAndContinue(page, 'review');

  // Review: the total as a range (actual travel is an estimate), the PDF, then submit.
  await expect(page.getByText('Package total: $19,396.00 – $20,296.00')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Leadership Academy' })).toContainText(
    '14 participants (2 free)',
  );
  await expect(page.getByText(texts.packageMinimum)).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('package-review.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(chunks))), {
    mergePages: true,
  });
  expect(text).toContain(packageName);
  expect(text).toContain(school);
  expect(text).toContain('Package total: $19,396.00 - $20,296.00');
  await page.getByRole('checkbox', { name: 'We are using PTA funds' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.submitted })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expectAccessible(page);

  // Read-only now: another step opens the review, and Select a Service lists it as submitted.
  await page.goto(page.url().replace(/review$/, 'staff-options'));
  await expect(page).toHaveURL(stepUrl('review'));
  await page.getByRole('link', { name: 'Back to Select a Service' }).click();
  const card = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: packageName }) });
  await expect(card.getByText('Submitted')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Review Application' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Choose Package ${packageName}` })).toHaveCount(0);

  // Staff accept it in the staff console.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, demoUsers.staff.email);
    await staff.getByRole('link', { name: 'Staff console' }).click();
    await staff.getByRole('link', { name: 'Packages', exact: true }).click();
    await expect(staff.getByRole('heading', { name: 'Packages', level: 1 })).toBeVisible();
    const row = staff
      .getByRole('table', { name: 'Package requests' })
      .getByRole('row')
      .filter({ hasText: school })
      .filter({ hasText: packageName });
    await expect(row).toContainText('Submitted');
    await expectAccessible(staff);
    await row.getByRole('link', { name: packageName }).click();
    await expect(staff.getByRole('heading', { name: packageName, level: 1 })).toBeVisible();
    await expect(staff.getByText('Package total: $19,396.00 – $20,296.00')).toBeVisible();
    await expectAccessible(staff);
    await staff.getByRole('button', { name: 'Accept' }).click();
    await staff.getByRole('dialog', { name: 'Accept?' }).getByRole('button', { name: 'Accept' }).click();
    await expectToast(staff, 'Package Request Updated: Accepted');
    await expect(staff.getByRole('button', { name: 'Reopen' })).toBeVisible();
  } finally {
    await staffContext.close();
  }

  // The owner sees it accepted, on Select a Service and on the organization page.
  await page.reload();
  await expect(card.getByText('Accepted')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Review Package' })).toBeVisible();
  await expectAccessible(page);
});
