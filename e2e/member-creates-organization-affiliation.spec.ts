import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, signIn } from './fixtures/auth.ts';
import {
  chooseOption,
  chooseOptions,
  expectToast,
  input,
  journeyTimeout,
  rareLetters,
  typePhone,
  uniqueToken,
} from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey adds affiliations, and only with an organization it creates itself.
const tara = demoUsers.teacherLincoln;

const editorMessages = ['Organization is required', 'Position is required', 'Grade selection is required'];

const emptyFormMessages = [
  'Selection required',
  'Required',
  'Address 1 is required',
  'City is required',
  'State / Province is required',
  'Zip / Postal code is required',
  'Phone is required',
  'District is required',
];

test('a member adds an affiliation by creating a new organization, which search then finds', async ({ page }) => {
  test.setTimeout(journeyTimeout);
  // Its first three letters are rare together, so a 3-character search finds this organization.
  const prefix = rareLetters();
  const organizationName = `${prefix}${uniqueToken()} Learning Academy`;
  const districtName = `${prefix} District ${uniqueToken()}`;

  await signIn(page, tara.email);
  const affiliations = page.getByRole('region', { name: 'My affiliations' });
  await expect(affiliations.getByRole('listitem').filter({ hasText: 'Lincoln Elementary School' })).toHaveCount(1);

  await affiliations.getByRole('button', { name: 'Add affiliation' }).click();
  const editor = page.getByRole('dialog', { name: 'Add affiliation' });
  await expect(input(editor, 'Organization')).toBeVisible();
  await expectAccessible(page);

  // Saved empty, the editor names the three things an affiliation needs.
  await editor.getByRole('button', { name: 'Save' }).click();
  for (const message of editorMessages) await expect(editor.getByText(message, { exact: true }), message).toBeVisible();
  await expect(input(editor, 'Position')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await editor.getByRole('button', { name: 'Create a New Organization' }).click();
  const panel = page.getByRole('dialog', { name: 'Create a New Organization' });
  await expect(input(panel, 'Organization name')).toBeVisible();
  await expect(input(panel, 'Country')).toHaveValue('United States');
  await expectAccessible(page);

  // Sent empty, every required field says what it needs.
  const create = panel.getByRole('button', { name: 'Create organization' });
  await create.click();
  for (const message of emptyFormMessages) {
    await expect(panel.getByText(message, { exact: true }).first(), message).toBeVisible();
  }
  // Type, position and grades are each a selection.
  await expect(panel.getByText('Selection required', { exact: true })).toHaveCount(3);
  await expectAccessible(page);

  await chooseOption(page, panel, 'Organization type', 'School');
  await input(panel, 'Organization name').fill(organizationName);
  await input(panel, 'Address 1').fill('12 Harbor Road');
  await input(panel, 'City').fill('Albany');
  await chooseOption(page, panel, 'State / Province', 'New York');
  await input(panel, 'Zip / Postal code').fill('12207');
  await typePhone(input(panel, 'Phone'), '5185550188');
  await chooseOption(page, panel, 'Position', 'Teacher');
  await chooseOptions(page, panel, 'Grades', ['K', '1']);
  await input(panel, 'New district name').fill(districtName);
  for (const message of emptyFormMessages) await expect(panel.getByText(message, { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await create.click();
  await expectToast(page, 'Success! New Organization Created!', { accessible: true });
  // Creating the organization also made the affiliation: both panels close.
  await expect(panel).toBeHidden();
  await expect(editor).toBeHidden();
  const created = affiliations.getByRole('listitem').filter({ hasText: organizationName });
  await expect(created).toContainText(districtName);
  await expect(created).toContainText('Position: Teacher');
  await expect(created).toContainText('Grades: K, 1');
  await expectAccessible(page);

  // What was saved: the profile, read again, still lists the new affiliation beside the old one.
  await page.reload();
  const saved = page.getByRole('region', { name: 'My affiliations' });
  const savedItem = saved.getByRole('listitem').filter({ hasText: organizationName });
  await expect(savedItem).toContainText(districtName);
  await expect(savedItem).toContainText('Grades: K, 1');
  await expect(saved.getByRole('listitem').filter({ hasText: 'Lincoln Elementary School' })).toHaveCount(1);

  // The organization search finds it once three characters are typed, not before.
  await saved.getByRole('button', { name: 'Add affiliation' }).click();
  const search = page.getByRole('dialog', { name: 'Add affiliation' });
  const organization = input(search, 'Organization');
  await organization.click();
  await organization.pressSequentially(prefix.slice(0, 2));
  await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
  await expectAccessible(page);
  await organization.pressSequentially(prefix.slice(2, 3));
  await expect(page.getByRole('option', { name: organizationName })).toBeVisible();
  await expect(page.getByRole('option', { name: organizationName })).toContainText('Albany, NY');
  await expectAccessible(page);
});
