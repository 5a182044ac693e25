import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, replaceText, uniqueToken } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Staff build a package of their own (a name no other journey uses) for the current school year;
// Grace (owner.washington) requests it, staff override an amount and ask for changes, and Grace
// finds the amount locked in the wizard. Washington's other requests are another journey's.
const owner = demoUsers.ownerWashington;
const school = 'Washington Middle School';
const grouping = 'Instructional Coaching';
const session = 'Math Coaching Days';
const eventName = 'Fall Leadership Conference Day';
const texts = {
  created: 'Package created',
  saved: 'Package saved',
  submitted: 'Your package application has been submitted',
  wizardSaved: 'Successfully saved',
  updated: 'Package Request Updated',
  overridden: 'overriden by admin',
};
const stepUrl = (step: string) => (url: URL) =>
  new RegExp(`^/members/manage-services/package-request/[0-9a-f-]{36}/${step}$`).test(url.pathname);

/** The school year whose catalogue Select a Service opens on: the one running now (July to June). */
function currentSchoolYear(): string {
  const today = new Date();
  const start = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${start}-${start + 1}`;
}

/** Picks the option of a native select whose text contains `text` (event options carry their dates). */
async function selectContaining(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value ?? '');
}

/** Fills the drawer's form and saves it, waiting for the toast and the drawer to close. */
async function saveDrawer(
  page: Page,
  title: string,
  fill: (drawer: Locator) => Promise<void>,
  toastText = texts.saved,
): Promise<void> {
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeVisible();
  await fill(drawer);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, toastText);
  await expect(drawer).toHaveCount(0);
}

test('staff create a package with a PD session grouping and an event, override a submitted request and ask for changes; the owner sees the amount locked', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const packageName = `Coaching Partnership ${uniqueToken()}`;

  // Staff: a new package in the catalogue, then its parts.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, demoUsers.staff.email);
    await staff.getByRole('link', { name: 'Staff console' }).click();
    await staff.getByRole('link', { name: 'Packages', exact: true }).click();
    await expect(staff.getByRole('heading', { name: 'Packages', level: 1 })).toBeVisible();
    await staff.getByRole('button', { name: 'New package' }).click();
    await saveDrawer(
      staff,
      'Add package',
      async (drawer) => {
        await replaceText(input(drawer, 'Name'), packageName);
        await input(drawer, 'School year').selectOption({ label: currentSchoolYear() });
        await replaceText(input(drawer, 'Description'), 'Coaching days at your school and a conference day.');
        await replaceText(input(drawer, 'Package minimum ($)'), '1,000.00');
        await input(drawer, 'Travel cost type').selectOption({ label: 'Fixed cost' });
        await replaceText(input(drawer, 'Travel cost per day ($)'), '0');
      },
      texts.created,
    );
    await expect(staff.getByRole('heading', { name: packageName, level: 1 })).toBeVisible();
    await expect(staff).toHaveURL((url) => /^\/admin\/packages\/[0-9a-f-]{36}$/.test(url.pathname));

    await staff.getByRole('button', { name: 'Add a PD session grouping' }).click();
    await saveDrawer(staff, 'Add PD session grouping', async (drawer) => {
      await replaceText(input(drawer, 'Title'), grouping);
      await replaceText(input(drawer, 'Minimum days'), '1');
    });
    await staff.getByRole('button', { name: `Add a PD session to ${grouping}` }).click();
    await saveDrawer(staff, 'Add PD session', async (drawer) => {
      await replaceText(input(drawer, 'Name'), session);
      await input(drawer, 'Setting').selectOption({ label: 'On site' });
      await replaceText(input(drawer, 'Day rate ($)'), '1,500.00');
      await replaceText(input(drawer, 'Minimum days'), '1');
      await replaceText(input(drawer, 'Maximum days'), '4');
    });
    await staff.getByRole('button', { name: 'Add an event' }).click();
    const eventDrawer = staff.getByRole('dialog', { name: 'Add event' });
    // A maximum below the minimum is refused on its field before anything is sent.
    await saveDrawer(staff, 'Add event', async (drawer) => {
      await selectContaining(input(drawer, 'Event'), eventName);
      await selectContaining(input(drawer, 'Ticket type'), '$');
      await replaceText(input(drawer, 'Minimum participants'), '5');
      await replaceText(input(drawer, 'Maximum participants'), '2');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect(drawer.getByText('The maximum must not be below the minimum')).toBeVisible();
      await expectAccessible(staff);
      await replaceText(input(drawer, 'Minimum participants'), '1');
      await replaceText(input(drawer, 'Maximum participants'), '10');
    });
    await expect(eventDrawer).toHaveCount(0);
    await expect(staff.getByText(session, { exact: true })).toBeVisible();
    await expect(staff.getByText('On site · $1,500.00 a day · 1–4 in steps of 1')).toBeVisible();
    await expect(staff.getByText(eventName, { exact: true })).toBeVisible();
    await expectAccessible(staff);

    // The owner requests it: staff options, the event, then submit.
    await signIn(page, owner.email);
    await sideMenu(page).getByRole('link', { name: 'Manage Services' }).click();
    // The landing page also links the school (its affiliations): wait for Manage Services' own list.
    await expect(page.getByRole('heading', { name: 'Manage Services', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: school }).click();
    await expect(page.getByRole('heading', { name: 'Select a Service', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: `Choose Package ${packageName}` }).click();
    await expect(page).toHaveURL(stepUrl('staff-options'));
    const staffOptionsUrl = page.url();
    await page.getByRole('combobox', { name: session, exact: true }).selectOption({ label: '2 days' });
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expectToast(page, texts.wizardSaved);
    await expect(page).toHaveURL(stepUrl('event-selection'));
    await page.getByRole('combobox', { name: eventName, exact: true }).selectOption({ label: '2 participants' });
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expectToast(page, texts.wizardSaved);
    await expect(page).toHaveURL(stepUrl('review'));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Submit this package request?' })
      .getByRole('button', { name: 'Submit request' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: texts.submitted })).toBeVisible();

    // Staff override the days, then ask for changes, each after confirming.
    await staff.getByRole('link', { name: 'Back to packages' }).click();
    const row = staff
      .getByRole('table', { name: 'Package requests' })
      .getByRole('row')
      .filter({ hasText: school })
      .filter({ hasText: packageName });
    await expect(row).toContainText('Submitted');
    await row.getByRole('link', { name: packageName }).click();
    await expect(staff.getByRole('heading', { name: packageName, level: 1 })).toBeVisible();
    const line = staff.getByRole('table', { name: 'Selections' }).getByRole('row').filter({ hasText: session });
    await expect(line).toContainText('2 days');
    await replaceText(line.getByRole('spinbutton', { name: `Override for ${session}` }), '3');
    await line.getByRole('button', { name: 'Override' }).click();
    const confirmOverride = staff.getByRole('dialog', { name: `Override ${session}?` });
    await expect(confirmOverride).toContainText("3 days replace the member's 2");
    await confirmOverride.getByRole('button', { name: 'Override' }).click();
    await expectToast(staff, texts.updated);
    await expect(line).toContainText(texts.overridden);
    await expectAccessible(staff);
    await staff.getByRole('button', { name: 'Request changes' }).click();
    await staff
      .getByRole('dialog', { name: 'Request changes?' })
      .getByRole('button', { name: 'Request changes' })
      .click();
    await expectToast(staff, `${texts.updated}: Changes requested`);
    await expect(staff.getByRole('button', { name: 'Request changes' })).toHaveCount(0);

    // The school's page in the staff console lists the request with its status, and leads to its contracts.
    await staff.getByRole('link', { name: 'Organizations', exact: true }).click();
    await replaceText(staff.getByRole('searchbox', { name: 'Search organizations' }), school);
    await staff.getByRole('link', { name: school, exact: true }).click();
    await expect(staff.getByRole('heading', { name: school, level: 1 })).toBeVisible();
    const listed = staff.getByRole('table', { name: 'Packages' }).getByRole('row').filter({ hasText: packageName });
    await expect(listed).toContainText('Changes requested');
    await expectAccessible(staff);
    await staff.getByRole('link', { name: 'Contracts and signed PDFs' }).click();
    await expect(staff.getByRole('heading', { name: `Contracts of ${school}`, level: 1 })).toBeVisible();
    await expect(
      staff
        .getByRole('form', { name: 'New contract' })
        .or(staff.getByText('No accepted package request to record a contract for.')),
    ).toBeVisible();
    await expectAccessible(staff);
    await staff.getByRole('link', { name: `Back to ${school}` }).click();
    await staff
      .getByRole('table', { name: 'Packages' })
      .getByRole('link', { name: `Review ${packageName}` })
      .click();
    await expect(staff.getByRole('heading', { name: packageName, level: 1 })).toBeVisible();

    // The owner finds the overridden amount locked in the wizard.
    await page.goto(staffOptionsUrl);
    await expect(page).toHaveURL(stepUrl('staff-options'));
    await expect(page.getByText(texts.overridden, { exact: false })).toBeVisible();
    await expect(page.getByRole('combobox', { name: session, exact: true })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: session, exact: true })).toHaveValue('3');
    await expectAccessible(page);
  } finally {
    await staffContext.close();
  }
});
