import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { chooseOption, expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// The member is the journey's own copy of Henry (admin.washington): toolkit access and no pilot flag,
// so the flag given here shows to no one another journey signs in as. The grade 4 pilot grouping is
// seeded inside Literacy.
const staff = demoUsers.staff;

test('staff upload a PDF into the grade 4 pilot and give a member that flag, who then finds it in the Treasure Chest', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const member = await freshPerson(request, demoUsers.adminWashington, 'Hugo');
  const title = `Grade 4 Word Study ${uniqueToken()}`;

  await signIn(page, staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await page.getByRole('link', { name: 'Toolkit library' }).click();
  await expect(page).toHaveURL(atPath('/admin/toolkit'));
  await expect(page.getByRole('heading', { name: 'Toolkit library', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Groupings' }).getByRole('row').filter({ hasText: 'Grade 4 Pilot' }),
  ).toContainText('Grade 4 pilot');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Upload document' }).click();
  const drawer = page.getByRole('dialog', { name: 'Upload a document' });
  await expect(drawer).toBeVisible();
  await input(drawer, 'Title').fill(title);
  await input(drawer, 'Description').fill('Spelling patterns for the grade 4 pilot, week by week.');
  await chooseOption(page, drawer, 'Place', 'Literacy › Grade 4 Pilot');
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: 'word-study.pdf', mimeType: 'application/pdf', buffer: onePagePdf(title) });
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Upload document' }).click();
  await expectToast(page, 'Document uploaded');
  await expect(drawer).toBeHidden();
  const row = page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Literacy › Grade 4 Pilot');
  await expect(row).toContainText('word-study.pdf');

  await input(page, 'Find a member').fill(member.lastName);
  await page.getByRole('link', { name: `${member.name} (${member.email}): toolkit access` }).click();
  await expect(page).toHaveURL((url) => /^\/admin\/users\/[0-9a-f-]{36}\/toolkit$/.test(url.pathname));
  await expect(page.getByRole('heading', { name: 'Toolkit access', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Toolkit access/ })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Grade 4 pilot' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Toolkit access saved');
  // Saved on the server: read again, the flag stays.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Grade 4 pilot' })).toBeChecked();

  const memberContext = await browser.newContext({ baseURL });
  try {
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, member.email);
    await sideMenu(memberPage).getByRole('link', { name: 'Treasure Chest' }).click();
    await expect(memberPage.getByRole('heading', { name: 'Treasure Chest', level: 1 })).toBeVisible();
    const pilot = memberPage.getByRole('region', { name: 'Literacy' }).getByRole('region', { name: 'Grade 4 Pilot' });
    await expect(pilot.getByText(title, { exact: true })).toBeVisible();
    await expect(memberPage.getByRole('heading', { name: 'Grade 3 Pilot' })).toHaveCount(0);
    await expectAccessible(memberPage);
  } finally {
    await memberContext.close();
  }
});
