import { expectAccessible, expectFailedCalls } from './fixtures/accessibility.ts';
import { atPath, demoUsers, field, signIn } from './fixtures/auth.ts';
import { failCalls } from './fixtures/failures.ts';
import {
  chooseOption,
  chooseOptions,
  expectToast,
  input,
  journeyTimeout,
  listedValue,
  uniqueToken,
} from './fixtures/forms.ts';
import { linkInNewestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';

// Washington's owner does the inviting (Washington's admin buys and allocates series tickets in
// another journey). Only this journey adds anyone to Washington's roster.
const inviter = demoUsers.ownerWashington;
const schoolName = 'Washington Middle School';
const districtName = 'Riverside Unified School District';
const invitationPath = '/members/accept-organization-invitation';
const addStaffMessages = [
  'Email is required',
  'First name is required',
  'Last name is required',
  'Position is required',
  'Grade selection is required',
];

test("a school's owner invites a staff member, who accepts the mailed code and joins the roster", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const invitee = {
    email: `invitee.${token}@demo.test`,
    firstName: 'Ivy',
    lastName: `Inman-${token}`,
    name: `Ivy Inman-${token}`,
    password: `invitee-password-${token}`,
    dateOfBirth: '02/14/1990',
    ssnLastFour: '1234',
  };

  await signIn(page, inviter.email);
  await page.goto('/members/organization/select');
  await expect(page.getByRole('heading', { name: 'Select an Organization' })).toBeVisible();
  await page.getByRole('link', { name: schoolName }).click();
  await expect(page.getByRole('heading', { name: 'Manage Organization' })).toBeVisible();
  const rosterPath = `${new URL(page.url()).pathname}/school-roster`;

  await page.getByRole('link', { name: 'Manage staff and toolkit access' }).click();
  await expect(page).toHaveURL(atPath(rosterPath));
  await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: inviter.email })).toContainText(inviter.name);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add staff member' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add staff member' });
  await expect(input(drawer, 'Email')).toBeVisible();
  await expectAccessible(page);

  // Sent empty, the form names each thing an invitation needs, and nobody is invited.
  await drawer.getByRole('button', { name: 'Invite' }).click();
  for (const message of addStaffMessages) {
    await expect(drawer.getByText(message, { exact: true }), message).toBeVisible();
  }
  await expect(input(drawer, 'First name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await input(drawer, 'Email').fill(invitee.email);
  await input(drawer, 'First name').fill(invitee.firstName);
  await input(drawer, 'Last name').fill(invitee.lastName);
  await chooseOption(page, drawer, 'Position', 'Teacher');
  await chooseOptions(page, drawer, 'Grades', ['3', '4']);
  await input(drawer, 'Toolkit access').check();
  await input(drawer, 'Date of birth').fill(invitee.dateOfBirth);
  await input(drawer, 'SSN last four').fill(invitee.ssnLastFour);
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Invite' }).click();
  await expectToast(page, 'The staff member has been invited to this school.', { accessible: true });
  await expect(drawer).toBeHidden();

  const inviteeRow = page.getByRole('row').filter({ hasText: invitee.email });
  await expect(inviteeRow).toContainText(invitee.name);
  await expect(inviteeRow.getByText('Pending', { exact: true })).toBeVisible();
  await expect(inviteeRow).toContainText('Teacher');
  await expect(inviteeRow).toContainText('3, 4');
  await expectAccessible(page);

  // The invitee, in their own browser and signed out, follows the link in the mail.
  const inviteeContext = await browser.newContext({ baseURL });
  try {
    const inviteePage = await inviteeContext.newPage();
    const href = await linkInNewestMail(inviteePage, {
      to: invitee.email,
      subject: `You are invited to ${schoolName}`,
      linkPath: `${invitationPath}/`,
    });
    await expectAccessible(inviteePage);
    expect(new URL(href).origin).toBe(new URL(baseURL ?? '').origin);
    const invitationUrl = new URL(href).pathname;
    const code = invitationUrl.split('/').pop() ?? '';

    // The server fails to look the invitation up: the page says so and offers to try again, which
    // works once the server answers; the invitation is still there, unchanged.
    const outage = await failCalls(inviteePage, 'GET', `/api/invitations/${code}`);
    await inviteePage.locator(`a[href=${JSON.stringify(href)}]`).click();
    await expect(inviteePage).toHaveURL(atPath(invitationUrl));
    const failure = inviteePage.getByRole('alert').filter({ hasText: 'Could not load this page' });
    await expect(failure).toContainText('Something went wrong');
    await expectAccessible(inviteePage);
    expect(outage.failed(), 'failed invitation lookups').toBeGreaterThan(0);
    await outage.restore();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(inviteePage.getByRole('heading', { name: `Hello ${invitee.firstName}!` })).toBeVisible();
    await expect(inviteePage.getByText(`You have been invited to ${schoolName} organization!`)).toBeVisible();
    await expectAccessible(inviteePage);

    await field(inviteePage, 'New password').fill(invitee.password);
    await field(inviteePage, 'Confirm new password').fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(inviteePage, 'Code activated successfully', { accessible: true });
    await expect(
      inviteePage.getByRole('heading', { name: 'Your affiliation has been successfully activated' }),
    ).toBeVisible();

    // Signed in now, a member of the school, with what the admin entered for them.
    await inviteePage.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(inviteePage).toHaveURL(atPath('/members/profile'));
    await expect(inviteePage.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(listedValue(inviteePage, 'Email')).toHaveText(invitee.email);
    await expect(listedValue(inviteePage, 'Date of birth')).toHaveText(invitee.dateOfBirth);
    await expect(listedValue(inviteePage, 'Last 4 SSN')).toHaveText(invitee.ssnLastFour);
    const membership = inviteePage.getByRole('article', { name: schoolName });
    await expect(membership).toContainText('Teacher');
    await expect(membership).toContainText('3, 4');
    await expectAccessible(inviteePage);

    // A member is not let into the roster: they are sent to their profile.
    await inviteePage.goto(rosterPath);
    await expect(inviteePage).toHaveURL(atPath('/members/profile'));
    await expect(inviteePage.getByRole('heading', { name: 'Profile' })).toBeVisible();
  } finally {
    await inviteeContext.close();
  }

  // What was saved: the admin's roster, read again, lists the invitee as a member.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
  const memberRow = page.getByRole('row').filter({ hasText: invitee.email });
  await expect(memberRow).toContainText(invitee.name);
  await expect(memberRow.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(
    memberRow.getByRole('button', { name: `Remove access to the toolkit for ${invitee.name}` }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a malformed or unknown invitation code is refused', async ({ page }) => {
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { name: 'Welcome, here!' })).toBeVisible();
  await expect(page.getByText('Try to confirm using code:')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Code required', { exact: true })).toBeVisible();
  await expect(field(page, 'Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(atPath(invitationPath));
  await expectAccessible(page);

  await field(page, 'Code').fill('abc');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Bad format')).toBeVisible();
  await expect(page).toHaveURL(atPath(invitationPath));
  await expectAccessible(page);

  const unknown = crypto.randomUUID();
  // The API answers an unknown code with 404: the refusal this journey comes for.
  expectFailedCalls(page, 'GET', (url) => url.pathname === `/api/invitations/${unknown}`);
  await field(page, 'Code').fill(unknown);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(atPath(`${invitationPath}/${unknown}`));
  await expect(page.getByRole('heading', { name: 'Ooops, sorry!' })).toBeVisible();
  await expect(page.getByText('Your code is invalid!')).toBeVisible();
  await expectAccessible(page);
});

// The spec's greeting, 'You have been invited to {district or organization name} district/organization!',
// names the kind of place: the organization's invitee above reads "… organization!", the district's
// invitee here "… district!".
test("a district's invitee opens the mailed link and is greeted with the district's name", async ({ page }) => {
  // Maya's open invitation to the demo district, from the seed; looking at it changes nothing.
  const maya = demoUsers.teacherWashington;
  const href = await linkInNewestMail(page, {
    to: maya.email,
    subject: `You are invited to ${districtName}`,
    linkPath: '/members/accept-district-invitation/',
  });
  await page.locator(`a[href=${JSON.stringify(href)}]`).click();
  await expect(page).toHaveURL(atPath(new URL(href).pathname));
  await expect(page.getByRole('heading', { name: 'Hello Maya!' })).toBeVisible();
  await expect(page.getByText(`You have been invited to ${districtName} district!`, { exact: true })).toBeVisible();
  // She has an account: she signs in to accept, no password to choose.
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  await expect(field(page, 'New password')).toHaveCount(0);
  await expectAccessible(page);
});
