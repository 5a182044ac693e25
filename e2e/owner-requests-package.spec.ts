import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, journeyTimeout } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';
import { escapeRegExp } from './fixtures/patterns.ts';

// Olivia (owner.lincoln) requests the seeded package with every step; only this journey starts it.
// Staff override its institute's grades and ask for changes, then accept it once she resubmits.
const owner = demoUsers.ownerLincoln;
const school = 'Lincoln Elementary School';
const packageName = 'Comprehensive Literacy Partnership';
const institute = 'Summer Writing Institute';
const texts = {
  minimumDays: 'The minimum amount of days for Literacy Coaching has not been reached...',
  unsaved: 'You have unsaved changes that will be lost...',
  overallocated: 'Selections Overallocated',
  packageMinimum: 'Package minimum must be met before submitting',
  belowMinimum: 'Package total below minimum. Please select more options before continuing',
  submitted: 'Your package application has been submitted',
  saved: 'Successfully saved',
  updated: 'Package Request Updated',
  noPackages: 'No packages found',
  gradesOverridden: 'These grades were overriden by admin.',
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
  // Submitted twice (staff ask for changes in between): two journeys' worth of steps.
  test.setTimeout(2 * journeyTimeout);
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

  // Staff options: nothing is wrong on arrival; the grouping's minimum days once a choice is made, then
  // the unsaved-changes question.
  await expect(page).toHaveURL(stepUrl('staff-options'));
  await expect(page.getByRole('heading', { name: packageName, level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'On-site Literacy Coaching' })).toBeVisible();
  await expect(page.getByText(texts.minimumDays)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeEnabled();
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
  // The required group's minimum is said once Save & Continue is pressed, not on arrival.
  const groupMinimum = page.getByText('The minimum amount has not been reached for: Leadership Academy.', {
    exact: false,
  });
  await expect(page.getByRole('combobox', { name: 'Cohort A (on site)' })).toBeVisible();
  await expect(groupMinimum).toHaveCount(0);
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(groupMinimum).toBeVisible();
  await expect(page).toHaveURL(stepUrl('group-selection'));
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
  // It cannot be undone: asked first, with the total it commits to.
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit this package request?' });
  // owner-manages-organization.spec.ts may have renamed the school "… (Main Campus <token>)" by now.
  await expect(confirm).toContainText(
    new RegExp(
      `${escapeRegExp(`${packageName} for ${school}`)}( \\(Main Campus \\w+\\))?, package total \\$19,396\\.00 – \\$20,296\\.00\\.`,
    ),
  );
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Submit request' }).click();
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
  // It was the school's last package of the year not started.
  await expect(
    page.getByRole('heading', { name: 'Available Services' }).locator('..').getByText(texts.noPackages),
  ).toBeVisible();

  // Staff override the institute's grades, which makes 4 participants, and ask for changes.
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
    const grades = staff.getByRole('group', { name: `Override the grades of ${institute}` });
    await expect(grades.getByRole('spinbutton', { name: 'Grade K', exact: true })).toHaveValue('2');
    await grades.getByRole('spinbutton', { name: 'Grade K', exact: true }).fill('1');
    await grades.getByRole('spinbutton', { name: 'Grade 2', exact: true }).fill('2');
    await expect(grades.getByText('4 participants in all')).toBeVisible();
    await grades.getByRole('button', { name: 'Override grades' }).click();
    await staff
      .getByRole('dialog', { name: `Override the grades of ${institute}?` })
      .getByRole('button', { name: 'Override' })
      .click();
    await expectToast(staff, texts.updated);
    // One more participant at $1,800: the server's new total.
    await expect(staff.getByText('Package total: $21,196.00 – $22,096.00')).toBeVisible();
    await expect(
      staff.getByText(/^Grades overriden by admin on \d{2}\/\d{2}\/\d{4}: Grade K: 1, Grade 1: 1, Grade 2: 2$/),
    ).toBeVisible();
    await expectAccessible(staff);
    await staff.getByRole('button', { name: 'Request changes' }).click();
    await staff
      .getByRole('dialog', { name: 'Request changes?' })
      .getByRole('button', { name: 'Request changes' })
      .click();
    await expectToast(staff, `${texts.updated}: Changes requested`);

    // Olivia finds the grades locked as staff set them, and submits again.
    await page.reload();
    await expect(card.getByText('Changes requested')).toBeVisible();
    await card.getByRole('link', { name: 'Continue Application' }).click();
    await page.getByRole('link', { name: '4. Institute Selection' }).click();
    await expect(page).toHaveURL(stepUrl('institute-selection'));
    await expect(page.getByText(texts.gradesOverridden)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Participants', exact: true })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Participants', exact: true })).toHaveValue('4');
    for (const [grade, participants] of [
      ['Grade K', '1'],
      ['Grade 1', '1'],
      ['Grade 2', '2'],
    ] as const) {
      const box = page.getByRole('spinbutton', { name: grade, exact: true });
      await expect(box).toBeDisabled();
      await expect(box).toHaveValue(participants);
    }
    await expect(page.getByText('All allocated')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: '5. Review' }).click();
    await expect(page.getByText('Package total: $21,196.00 – $22,096.00')).toBeVisible();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    // Asked again, with the total staff's distribution brought it to.
    const confirmAgain = page.getByRole('dialog', { name: 'Submit this package request?' });
    await expect(confirmAgain).toContainText('package total $21,196.00 – $22,096.00.');
    await confirmAgain.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.submitted })).toBeVisible();

    // Staff accept it.
    await staff.reload();
    await expect(staff.getByText('Package total: $21,196.00 – $22,096.00')).toBeVisible();
    await staff.getByRole('button', { name: 'Accept' }).click();
    await staff.getByRole('dialog', { name: 'Accept?' }).getByRole('button', { name: 'Accept' }).click();
    await expectToast(staff, 'Package Request Updated: Accepted');
    await expect(staff.getByRole('button', { name: 'Reopen' })).toBeVisible();
  } finally {
    await staffContext.close();
  }

  // The owner sees it accepted, on Select a Service and on the organization page.
  await page.getByRole('link', { name: 'Back to Select a Service' }).click();
  await expect(card.getByText('Accepted')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Review Package' })).toBeVisible();
  await expectAccessible(page);
});
