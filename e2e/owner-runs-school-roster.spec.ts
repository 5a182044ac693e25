import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, field, signIn } from './fixtures/auth.ts';
import { alterReads, failCalls } from './fixtures/failures.ts';
import { chooseOption, chooseOptions, expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { linkInNewestMail } from './fixtures/mailbox.ts';
import { expect, test } from './fixtures/test.ts';

// Lincoln's owner runs the roster on a staff member this journey invites itself: no seeded member's
// role or membership changes. The owner journey may rename the school meanwhile, always keeping
// "Lincoln Elementary School" at the start of its name.
const owner = demoUsers.ownerLincoln;
const schoolName = 'Lincoln Elementary School';
const removeAdminConfirm =
  "Removing this user's admin rights revokes their access to application, staff and billing information for this organization. Do you want to continue?";
const deleteConfirm =
  'Delete this staff member from the organization? They will lose access to its events and resources.';

/** The roster as a server would send it with the member's row missing its membership id. */
const withoutMembershipOf = (email: string) => (body: unknown) => {
  const roster = body as { items: { email: string; membershipId: string | null }[] };
  return { ...roster, items: roster.items.map((row) => (row.email === email ? { ...row, membershipId: null } : row)) };
};

test("a school's owner makes a staff member an admin, removes the rights, then deletes the member", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const member = {
    email: `roster.${token}@demo.test`,
    firstName: 'Rory',
    name: `Rory Reyes-${token}`,
    lastName: `Reyes-${token}`,
    password: `roster-password-${token}`,
  };

  await signIn(page, owner.email);
  await page.goto('/members/organization/select');
  await expect(page.getByRole('heading', { name: 'Select an Organization' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: schoolName }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Manage Organization' })).toBeVisible();
  const rosterPath = `${new URL(page.url()).pathname}/school-roster`;
  await page.getByRole('link', { name: 'Manage staff and toolkit access' }).click();
  await expect(page).toHaveURL(atPath(rosterPath));
  await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
  await expectAccessible(page);

  // The staff member is invited, and accepts in their own browser.
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add staff member' });
  await input(drawer, 'Email').fill(member.email);
  await input(drawer, 'First name').fill(member.firstName);
  await input(drawer, 'Last name').fill(member.lastName);
  await chooseOption(page, drawer, 'Position', 'Teacher');
  await chooseOptions(page, drawer, 'Grades', ['5']);
  await drawer.getByRole('button', { name: 'Invite' }).click();
  await expectToast(page, 'The staff member has been invited to this school.');
  await expect(
    page.getByRole('row').filter({ hasText: member.email }).getByText('Pending', { exact: true }),
  ).toBeVisible();

  const memberContext = await browser.newContext({ baseURL });
  try {
    const memberPage = await memberContext.newPage();
    const href = await linkInNewestMail(memberPage, {
      to: member.email,
      subject: `You are invited to ${schoolName}`,
      linkPath: '/members/accept-organization-invitation/',
    });
    await memberPage.goto(href);
    await expect(memberPage.getByRole('heading', { name: `Hello ${member.firstName}!` })).toBeVisible();
    await field(memberPage, 'New password').fill(member.password);
    await field(memberPage, 'Confirm new password').fill(member.password);
    await memberPage.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(memberPage, 'Code activated successfully');
    await memberPage.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(memberPage.getByRole('article', { name: schoolName })).toBeVisible();

    // Back on the roster, a member now: the owner may make them an admin.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: member.email });
    const makeAdmin = row.getByRole('button', { name: `Make admin (${member.name})` });
    const removeAdmin = row.getByRole('button', { name: `Remove admin (${member.name})` });
    const deleteMember = row.getByRole('button', { name: `Delete ${member.name}` });
    await expect(row.getByText('Pending', { exact: true })).toHaveCount(0);
    await expect(makeAdmin).toBeVisible();
    await expectAccessible(page);

    // The server fails the role change: the owner is told, and the member stays a member.
    const roleOutage = await failCalls(page, 'PUT', /^\/api\/organizations\/[^/]+\/memberships\/[^/]+\/role$/);
    await makeAdmin.click();
    const makeAdminDialog = page.getByRole('dialog', { name: `Make ${member.name} an admin?` });
    await makeAdminDialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Something went wrong', { accessible: true });
    expect(roleOutage.failed(), 'failed role changes').toBe(1);
    await roleOutage.restore();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
    await expect(makeAdmin).toBeVisible();
    await expect(row.getByRole('cell', { name: /^Member\b/ })).toBeVisible();

    // A row without its membership id (organizations.md's 'missing membership id'): the change is refused at once.
    const rosterPath = /^\/api\/organizations\/[^/]+\/roster$/;
    let withoutMembership = await alterReads(page, rosterPath, withoutMembershipOf(member.email));
    await page.reload();
    await makeAdmin.click();
    await expectToast(page, 'The user could not be made admin. Please contact support.', { accessible: true });
    await withoutMembership.restore();
    await page.reload();

    // Made an admin, then the rights removed, each once confirmed.
    await makeAdmin.click();
    await makeAdminDialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'The user has been made an admin');
    await expect(removeAdmin).toBeVisible();
    withoutMembership = await alterReads(page, rosterPath, withoutMembershipOf(member.email));
    await page.reload();
    await removeAdmin.click();
    await expectToast(page, 'The user could not be removed. Please contact support.', { accessible: true });
    await withoutMembership.restore();
    await page.reload();

    await removeAdmin.click();
    const removeAdminDialog = page.getByRole('dialog', { name: `Remove ${member.name}'s admin rights?` });
    await expect(removeAdminDialog).toContainText(removeAdminConfirm);
    await expectAccessible(page);
    await removeAdminDialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, "The user's admin rights have been removed", { accessible: true });
    await expect(makeAdmin).toBeVisible();

    // What was saved: the roster, read again, shows a member again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
    await expect(makeAdmin).toBeVisible();
    await expect(removeAdmin).toHaveCount(0);
    await expect(row.getByRole('cell', { name: /^Member\b/ })).toBeVisible();

    // The server fails the deletion: the owner is told, and the member stays on the roster.
    const deleteOutage = await failCalls(page, 'DELETE', /^\/api\/organizations\/[^/]+\/members\/[^/]+$/);
    await deleteMember.click();
    const deleteDialog = page.getByRole('dialog', { name: `Delete ${member.name}?` });
    await expect(deleteDialog).toContainText(deleteConfirm);
    await expectAccessible(page);
    await deleteDialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Something went wrong');
    expect(deleteOutage.failed(), 'failed deletions').toBe(1);
    await deleteOutage.restore();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
    await expect(row).toContainText(member.name);

    // Deleted once confirmed.
    await deleteMember.click();
    await expect(deleteDialog).toContainText(deleteConfirm);
    await deleteDialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'The staff member has been deleted.', { accessible: true });
    await expect(row).toHaveCount(0);

    // What was saved: the roster, read again, no longer lists them, and their profile no longer
    // shows the school.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: owner.email })).toBeVisible();
    await expect(row).toHaveCount(0);
    await memberPage.reload();
    await expect(memberPage.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(memberPage.getByRole('article', { name: schoolName })).toHaveCount(0);
  } finally {
    await memberContext.close();
  }
});
