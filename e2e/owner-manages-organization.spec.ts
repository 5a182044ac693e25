import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, signIn } from './fixtures/auth.ts';
import {
  chooseOption,
  expectToast,
  input,
  journeyTimeout,
  replaceText,
  typePhone,
  uniqueToken,
} from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey changes Lincoln Elementary School's record and Carlos Chen's role (the roster
// journey adds and deletes only a member it invites itself). The new name keeps the old one as its
// start, so journeys that look for "Lincoln Elementary School" (staff viewing as Tara, Tara's
// affiliations, the roster journey) still find it whenever they run.
const schoolName = 'Lincoln Elementary School';
const carlos = { email: 'coach.lincoln@demo.test', name: 'Carlos Chen' };
const seededContact = 'Betty Billings';
const adam = demoUsers.adminLincoln;
const makeAdminConfirm =
  'Making this user an admin gives them access to application, staff and billing information for this organization. Do you want to continue?';

test('an owner edits the organization and makes a member an admin', async ({ page }) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const newName = `${schoolName} (Main Campus ${token})`;
  const address = {
    line1: `${token} Maple Avenue`,
    city: 'Springfield',
    state: 'Illinois',
    cityLine: 'Springfield, IL 62704',
    zip: '62704',
    phoneDigits: '2175550143',
    phoneShown: '(217) 555-0143',
  };
  const contact = {
    firstName: 'Paula',
    lastName: `Payne-${token}`,
    name: `Paula Payne-${token}`,
    email: `payables.${token}@demo.test`,
  };

  await signIn(page, demoUsers.ownerLincoln.email);
  await page.goto('/members/organization/select');
  await expect(page.getByRole('heading', { name: 'Select an Organization' })).toBeVisible();
  const schoolRow = page.getByRole('row').filter({ hasText: schoolName });
  await expect(schoolRow).toContainText('Owner');
  await expectAccessible(page);

  await schoolRow.getByRole('link', { name: schoolName }).click();
  await expect(page).toHaveURL((url) => /^\/members\/organization\/[0-9a-f-]{36}$/.test(url.pathname));
  const organizationPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Manage Organization' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute(
    'href',
    '/members/organization/select',
  );
  // The school's package requests, one per status in the demo data: each named with a link to its
  // review, its status, and the actions Select a Service offers for that status (organizations.md §4).
  const packages = page.getByRole('region', { name: 'Affiliated packages' });
  const requestPath = /^\/members\/manage-services\/package-request\/([0-9a-f-]{36})\//;
  const packageItem = (name: string) =>
    packages.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  const expectRequest = async (name: string, status: string, actions: [string, string][]) => {
    const item = packageItem(name);
    await expect(item.getByText(status, { exact: true })).toBeVisible();
    const review = (await item.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '';
    const id = requestPath.exec(review)?.[1] ?? '';
    expect(review).toBe(`/members/manage-services/package-request/${id}/review`);
    for (const [label, step] of actions) {
      await expect(item.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'href',
        `/members/manage-services/package-request/${id}/${step}`,
      );
    }
    await expect(item.getByRole('link')).toHaveCount(actions.length + 1);
  };
  await expectRequest('New Teacher Mentoring Days', 'Accepted', [
    ['Allocate Tickets', 'assign-tickets'],
    ['Assign Staff', 'assign-staff'],
    ['Review Package', 'review'],
  ]);
  await expectRequest('Math Coaching Days', 'Submitted', [['Review Application', 'review']]);
  await expectRequest('Writing Workshop Days', 'Changes requested', [['Continue Application', 'staff-options']]);
  await expectRequest('Data Team Days', 'Reopened', [['Continue Application', 'staff-options']]);
  await expectRequest('Science Lab Days', 'Rejected', [['Review Application', 'review']]);
  await expectRequest('Family Literacy Nights', 'Withdrawn', [['Review Application', 'review']]);
  await expectAccessible(page);

  // Continue Application opens the wizard, where the session staff added and overrode is marked so.
  await packageItem('Writing Workshop Days').getByRole('link', { name: 'Continue Application' }).click();
  await expect(page).toHaveURL((url) =>
    /^\/members\/manage-services\/package-request\/[0-9a-f-]{36}\/staff-options$/.test(url.pathname),
  );
  await expect(page.getByText('Created by admin', { exact: false })).toBeVisible();
  await expect(page.getByText('Created by admin', { exact: false })).toContainText('overriden by admin');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Manage Organization' })).toBeVisible();

  // Allocate Tickets of the accepted package, which holds only school-based days: nothing to assign.
  await packageItem('New Teacher Mentoring Days').getByRole('link', { name: 'Allocate Tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Allocate Tickets', level: 1 })).toBeVisible();
  await expect(page.getByText('Your package does not include any items to select.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Update Notifications' })).toHaveCount(0);
  await expectAccessible(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Manage Organization' })).toBeVisible();

  // The mailing address, the phone typed through its mask.
  const mailing = page.getByRole('region', { name: 'Mailing address' });
  await mailing.getByRole('button', { name: 'Edit mailing address' }).click();
  await expect(input(mailing, 'Address 1')).toBeVisible();
  await expectAccessible(page);
  await replaceText(input(mailing, 'Address 1'), address.line1);
  await replaceText(input(mailing, 'City'), address.city);
  await chooseOption(page, mailing, 'State / Province', address.state);
  await replaceText(input(mailing, 'Zip / Postal code'), address.zip);
  await typePhone(input(mailing, 'Phone'), address.phoneDigits);
  await mailing.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Organization updated', { accessible: true });
  await expect(mailing.getByText(address.line1)).toBeVisible();
  await expect(mailing.getByText(address.phoneShown)).toBeVisible();

  // The name: only the owner may edit it.
  const nameSection = page.getByRole('region', { name: 'Name' });
  await nameSection.getByRole('button', { name: 'Edit name' }).click();
  await expect(input(nameSection, 'Name')).toBeVisible();
  await expectAccessible(page);
  await replaceText(input(nameSection, 'Name'), newName);
  await nameSection.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Organization updated');
  await expect(nameSection.getByText(newName)).toBeVisible();
  await expectAccessible(page);

  // A new billing contact: saved empty, the form names what a contact needs.
  const contacts = page.getByRole('region', { name: 'Billing contacts' });
  await expect(contacts.getByText(seededContact, { exact: true })).toBeVisible();
  await contacts.getByRole('button', { name: 'Add billing contact' }).click();
  const contactForm = contacts.getByRole('form', { name: 'New billing contact' });
  await expect(input(contactForm, 'First name')).toBeVisible();
  await contactForm.getByRole('button', { name: 'Save' }).click();
  for (const message of ['First name is required', 'Last name is required']) {
    await expect(contactForm.getByText(message, { exact: true }), message).toBeVisible();
  }
  await expect(input(contactForm, 'First name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await input(contactForm, 'First name').fill(contact.firstName);
  await input(contactForm, 'Last name').fill(contact.lastName);
  await input(contactForm, 'Email').fill(contact.email);
  await contactForm.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Organization updated');
  await expect(contactForm).toBeHidden();
  await expect(contacts.getByText(contact.name, { exact: true })).toBeVisible();
  await expect(contacts.getByText(contact.email, { exact: true })).toBeVisible();

  // What was saved: a reload reads the organization again from the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Manage Organization' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Name' }).getByText(newName, { exact: true })).toBeVisible();
  const savedMailing = page.getByRole('region', { name: 'Mailing address' });
  for (const line of [address.line1, address.cityLine, address.phoneShown]) {
    await expect(savedMailing.getByText(line, { exact: true })).toBeVisible();
  }
  const savedContacts = page.getByRole('region', { name: 'Billing contacts' });
  for (const line of [seededContact, contact.name, contact.email]) {
    await expect(savedContacts.getByText(line, { exact: true })).toBeVisible();
  }

  // The roster: Carlos Chen, a member, becomes an admin once the owner confirms.
  await page.getByRole('link', { name: 'Manage staff and toolkit access' }).click();
  await expect(page).toHaveURL(atPath(`${organizationPath}/school-roster`));
  await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
  await expect(page.getByText(newName, { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Admin' })).toBeVisible();
  const carlosRow = page.getByRole('row').filter({ hasText: carlos.email });
  await expect(carlosRow).toContainText(carlos.name);
  await expectAccessible(page);

  const makeAdmin = carlosRow.getByRole('button', { name: `Make admin (${carlos.name})` });
  await makeAdmin.click();
  const confirm = page.getByRole('dialog', { name: `Make ${carlos.name} an admin?` });
  await expect(confirm).toContainText(makeAdminConfirm);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, 'Action canceled', { accessible: true });
  await expect(makeAdmin).toBeVisible();

  await makeAdmin.click();
  await expect(confirm).toContainText(makeAdminConfirm);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'The user has been made an admin', { accessible: true });
  await expect(carlosRow.getByRole('button', { name: `Remove admin (${carlos.name})` })).toBeVisible();

  // What was saved: the roster, read again, shows him as an admin.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
  const savedRow = page.getByRole('row').filter({ hasText: carlos.email });
  await expect(savedRow.getByRole('button', { name: `Remove admin (${carlos.name})` })).toBeVisible();
  await expect(savedRow.getByRole('button', { name: `Make admin (${carlos.name})` })).toHaveCount(0);
  await expect(savedRow.getByRole('cell', { name: /^Admin\b/ })).toBeVisible();
});

test('an admin manages the organization but may not rename it, change admins or delete themselves', async ({
  page,
}) => {
  await signIn(page, adam.email);
  await page.goto('/members/organization/select');
  const schoolRow = page.getByRole('row').filter({ hasText: schoolName });
  await expect(schoolRow).toContainText('Admin');
  await schoolRow.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Manage Organization' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Mailing address' }).getByRole('button', { name: 'Edit mailing address' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Name' }).getByRole('button', { name: 'Edit name' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Manage staff and toolkit access' }).click();
  await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: carlos.email })).toContainText(carlos.name);
  // Only the owner sees the Admin column and its controls.
  await expect(page.getByRole('columnheader', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Make|Remove) admin/ })).toHaveCount(0);
  await expectAccessible(page);

  // The admin's own row offers Delete like any member's; using it is refused before anything is asked.
  const ownRow = page.getByRole('row').filter({ hasText: adam.email });
  await ownRow.getByRole('button', { name: `Delete ${adam.name}` }).click();
  await expectToast(page, 'You cannot delete yourself from an organization. Please contact support.', {
    accessible: true,
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // What was saved: the roster, read again, still lists the admin.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'School Roster' })).toBeVisible();
  const savedRow = page.getByRole('row').filter({ hasText: adam.email });
  await expect(savedRow).toContainText(adam.name);
  await expect(savedRow.getByRole('button', { name: `Delete ${adam.name}` })).toBeVisible();
});
