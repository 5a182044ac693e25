import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, journeyTimeout } from './fixtures/forms.ts';
import { newestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';
import { pickAssignee } from './fixtures/assignee-picker.ts';

// Grace (owner.washington, a principal) has the seeded submitted request of the full package for
// Washington Middle School; only this journey accepts it and assigns its tickets, so Iris's package
// tickets are the ones handed out here. Iris, not Maya, signs in: the email journey changes Maya's address.
const owner = demoUsers.ownerWashington;
const school = 'Washington Middle School';
const packageName = 'Comprehensive Literacy Partnership';
const iris = { ...demoUsers.coachWashington, label: 'Iris Ito' };
const henry = { label: 'Henry Hughes' };
const maya = { label: 'Maya Morales' };
const tabs = {
  tickets: 'Allocate Conference Day Tickets',
  staff: 'Assign Staff to Events and Groups',
  applicants: 'Assign Institute Applicants',
};
const items = {
  conference: 'Fall Leadership Conference Day',
  cohort: 'Leadership Academy: Cohort A (on site)',
  institute: 'Summer Writing Institute',
};
const texts = {
  saved: 'Assignments saved',
  notAll: 'Not all tickets have been allocated',
  newYork: /New York schools: staff seeking CTLE credit/,
};

function panel(page: Page, tab: string): Locator {
  return page.getByRole('tabpanel', { name: tab });
}

function picker(page: Page, tab: string, item: string, ticket: number): Locator {
  return panel(page, tab)
    .getByRole('region', { name: item })
    .getByRole('combobox', { name: `Ticket ${ticket}`, exact: true });
}

/** Opens a ticket's picker, narrows it by typing, and picks the person whose option shows `label`. */
async function assign(page: Page, box: Locator, label: string): Promise<void> {
  return pickAssignee(page, box, label.split(' ')[0] ?? label, label);
}

async function saveTab(page: Page, tab: string): Promise<void> {
  await panel(page, tab).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, texts.saved);
  await expect(panel(page, tab).getByRole('button', { name: 'Save' })).toBeDisabled();
}

test('staff accept a full package; its owner assigns tickets, staff and applicants in three tabs; a teacher sees her package ticket', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);

  // Staff accept the school's submitted request in the staff console.
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
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: packageName }).click();
    await expect(staff.getByRole('heading', { name: packageName, level: 1 })).toBeVisible();
    await staff.getByRole('button', { name: 'Accept' }).click();
    await staff.getByRole('dialog', { name: 'Accept?' }).getByRole('button', { name: 'Accept' }).click();
    await expectToast(staff, 'Package Request Updated: Accepted');
  } finally {
    await staffContext.close();
  }

  // The owner opens Manage Services → the school → Allocate Tickets.
  await signIn(page, owner.email);
  await sideMenu(page).getByRole('link', { name: 'Manage Services' }).click();
  // The landing page also links the school (its affiliations): wait for Manage Services' own list.
  await expect(page.getByRole('heading', { name: 'Manage Services', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: school }).click();
  await expect(page.getByRole('heading', { name: 'Select a Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Assign Staff' })).toBeVisible();
  await page.getByRole('link', { name: 'Allocate Tickets' }).click();
  await expect(page).toHaveURL((url) =>
    /^\/members\/manage-services\/package-request\/[0-9a-f-]{36}\/assign-tickets$/.test(url.pathname),
  );
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(page.getByText(texts.newYork)).toBeVisible();
  await expect(page.getByRole('tab', { name: tabs.tickets })).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page, tabs.tickets).getByText(texts.notAll)).toBeVisible();
  await expectAccessible(page);

  // Conference-day tickets: the event's two.
  await assign(page, picker(page, tabs.tickets, items.conference, 1), iris.label);
  await assign(page, picker(page, tabs.tickets, items.conference, 2), henry.label);
  await expect(panel(page, tabs.tickets).getByText(texts.notAll)).toHaveCount(0);
  await saveTab(page, tabs.tickets);

  // Staff of a group section.
  await page.getByRole('tab', { name: tabs.staff }).click();
  await assign(page, picker(page, tabs.staff, items.cohort, 1), maya.label);
  await saveTab(page, tabs.staff);
  await expectAccessible(page);

  // Institute applicants.
  await page.getByRole('tab', { name: tabs.applicants }).click();
  await assign(page, picker(page, tabs.applicants, items.institute, 1), iris.label);
  await saveTab(page, tabs.applicants);

  // Reloaded, every tab keeps what was saved.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(picker(page, tabs.tickets, items.conference, 1)).toHaveValue(iris.label);
  await expect(picker(page, tabs.tickets, items.conference, 2)).toHaveValue(henry.label);
  await page.getByRole('tab', { name: tabs.staff }).click();
  await expect(picker(page, tabs.staff, items.cohort, 1)).toHaveValue(maya.label);
  await page.getByRole('tab', { name: tabs.applicants }).click();
  await expect(picker(page, tabs.applicants, items.institute, 1)).toHaveValue(iris.label);

  // Assign Staff is the same screen, opened on its own tab.
  await page.getByRole('link', { name: 'Back to Select a Service' }).click();
  await page.getByRole('link', { name: 'Assign Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Assign Staff', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: tabs.staff })).toHaveAttribute('aria-selected', 'true');
  await expect(picker(page, tabs.staff, items.cohort, 1)).toHaveValue(maya.label);
  await expectAccessible(page);

  // Send Update Notifications: confirmed, then each of the three people assigned is emailed what they hold.
  await page.getByRole('button', { name: 'Send Update Notifications' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send update notifications?' });
  await expect(confirm).toContainText('Each person assigned in this package gets an email');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Update notifications sent to 3 people');
  const mail = await newestMail(page, { to: iris.email, subject: `Your assignments in ${packageName}` });
  await expect(mail).toContainText(`${school} has assigned you the following in the package ${packageName}:`);
  await expect(mail).toContainText(`- Conference day ticket: ${items.conference}`);
  await expect(mail).toContainText(`- Institute place: ${items.institute}`);
  await expect(mail).not.toContainText('Group:');

  // Iris, in her own browser, finds her package tickets under 'My tickets'.
  const irisContext = await browser.newContext({ baseURL });
  try {
    const irisPage = await irisContext.newPage();
    await signIn(irisPage, iris.email);
    await sideMenu(irisPage).getByRole('link', { name: 'Manage Events' }).click();
    await expect(irisPage.getByRole('heading', { name: 'Manage Events', level: 1 })).toBeVisible();
    const myTickets = irisPage.getByRole('table', { name: 'My tickets' });
    await expect(
      myTickets.getByRole('row').filter({ hasText: items.conference }).filter({ hasText: 'Package ticket' }),
    ).toHaveCount(1);
    await expect(
      myTickets.getByRole('row').filter({ hasText: items.institute }).filter({ hasText: 'Package ticket' }),
    ).toHaveCount(1);
    await expectAccessible(irisPage);
  } finally {
    await irisContext.close();
  }
});
