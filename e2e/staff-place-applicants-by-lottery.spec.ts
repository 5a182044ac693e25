import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, field, sideMenu, signIn } from './fixtures/auth.ts';
import { chooseOption, expectToast, input, journeyTimeout, replaceText } from './fixtures/forms.ts';
import { withdrawalMessages } from '@portal/domain/applications/rules.ts';
import { csvOf, exportList } from './fixtures/exports.ts';
import { expect, test } from './fixtures/test.ts';

// The seed accepts ten applicants to the Coaching Institute who all rank Coaching Cycles first, for
// its four places; the counselor ranks Data Conversations second. Only this journey places them.
const eventName = 'Coaching Institute';
const counselor = demoUsers.counselorWashington;
const taker = { email: 'attendance@demo.test', name: 'Theo Taylor' };
const moved = { name: 'Ava Adams', to: 'Modeling Lessons', reason: 'Mentors the new coaches in her district' };
const seed = '20261127';

async function openPlacement(page: Page) {
  await signIn(page, demoUsers.staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await page.getByRole('link', { name: eventName, exact: true }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Placement' }).click();
  await expect(page).toHaveURL((url) => /^\/admin\/events\/[0-9a-f-]{36}\/placement$/.test(url.pathname));
  await expect(page.getByRole('heading', { name: 'Placement', level: 1 })).toBeVisible();
}

test('staff place the Coaching Institute by lottery, move one person by hand and publish; the counselor sees her section and is on its attendance list once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  await openPlacement(page);

  // Each strand with its capacity; nobody placed yet.
  const sections = page.getByRole('region', { name: 'Sections', exact: true });
  const cycles = sections.getByRole('row').filter({ hasText: 'Coaching Cycles' });
  await expect(cycles).toContainText('4');
  await expect(page.getByText(/accepted applicants on ranked paths, 0 placed/)).toBeVisible();
  await expectAccessible(page);

  // A lottery with a seed staff can note and draw again.
  const run = page.getByRole('region', { name: 'Run the placement' });
  await run.getByRole('radio', { name: 'Lottery' }).check();
  await replaceText(input(run, 'Lottery seed'), seed);
  await run.getByRole('button', { name: 'Preview placement' }).click();
  const preview = page.getByRole('region', { name: 'Preview', exact: true });
  await expect(preview).toContainText(`Lottery seed ${seed}`);
  // Ten want Coaching Cycles first and four get it: the others get their 2nd choice.
  const choices = preview.getByRole('list', { name: 'Choices met' });
  await expect(choices).toContainText('1st choice: 4');
  await expect(choices).toContainText('2nd choice: ');
  await expect(cycles).toContainText('0 (+4 placed)');
  await expectAccessible(page);

  // Coaching Cycles has no seat left: moving someone placed elsewhere offers it marked full, not to be chosen.
  const places = preview.getByRole('table', { name: 'Places' });
  const elsewhere = places
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .filter({ hasNotText: 'Coaching Cycles' });
  const moveElsewhere = elsewhere.first().getByRole('button', { name: /^Move .* by hand$/ });
  const elsewhereName = ((await moveElsewhere.getAttribute('aria-label')) ?? '').replace(/^Move (.*) by hand$/, '$1');
  await moveElsewhere.click();
  const fullDialog = page.getByRole('dialog', { name: `Move ${elsewhereName}` });
  await input(fullDialog, 'Section').click();
  await expect(page.getByRole('listbox').getByRole('option', { name: 'Coaching Cycles (Full)' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await input(fullDialog, 'Section').press('Escape');
  await fullDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(fullDialog).toHaveCount(0);

  // Move one person by hand, with a reason; the rest are placed again around her.
  await expect(places.getByRole('row').filter({ hasText: counselor.name })).toBeVisible();
  await preview.getByRole('button', { name: `Move ${moved.name} by hand` }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${moved.name}` });
  await chooseOption(page, dialog, 'Section', moved.to);
  await input(dialog, 'Reason').fill(moved.reason);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(preview).toContainText(`${moved.name} to ${moved.to} (${moved.reason})`);
  const movedRow = places.getByRole('row').filter({ hasText: moved.name });
  await expect(movedRow).toContainText(`Moved by hand: ${moved.reason}`);
  await expect(movedRow).toContainText(moved.to);
  const counselorRow = places.getByRole('row').filter({ hasText: counselor.name });
  const placedIn = (await counselorRow.getByRole('cell').nth(1).innerText()).trim();
  expect(['Coaching Cycles', 'Data Conversations']).toContain(placedIn);

  // Publishing asks first, then saves and says how many places it saved.
  await preview.getByRole('button', { name: 'Publish placement' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish this placement?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expectToast(page, 'places published', { accessible: true });
  // The places stay in view, now published (they used to vanish until Preview was pressed again).
  await expect(places.getByRole('row').filter({ hasText: moved.name })).toContainText('Published');
  await expect(places.getByRole('row').filter({ hasText: counselor.name })).toContainText(placedIn);
  await expect(page.getByText(/accepted applicants on ranked paths, [1-9]\d* placed\./)).toBeVisible();
  // The Placed column of the strand she was moved to counts her now.
  const placedInMovedTo = sections.getByRole('row').filter({ hasText: moved.to }).getByRole('cell').nth(3);
  await expect(placedInMovedTo).not.toHaveText('0');
  const placedBeforeWithdrawal = Number((await placedInMovedTo.innerText()).trim());

  // The applications export carries where each applicant was placed and at which rank.
  const eventId = new URL(page.url()).pathname.split('/')[3] ?? '';
  await page.goto(`/admin/applications?${new URLSearchParams({ eventId, status: 'ACCEPTED' }).toString()}`);
  await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();
  const [header = [], ...exported] = await csvOf(await exportList(page, 'applications', 'CSV'));
  const placedColumn = header.indexOf('Placed section');
  const counselorExported = exported.find((row) => row.includes(counselor.email));
  expect(counselorExported?.[placedColumn]).toMatch(new RegExp(`^${placedIn} \\((1st|2nd) choice\\)$`));
  const movedExported = exported.find((row) => row[0] === moved.name);
  expect(movedExported?.[placedColumn]).toBe(`${moved.to} (placed by hand)`);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Placement', level: 1 })).toBeVisible();

  // The counselor's application names her section.
  const counselorContext = await browser.newContext({ baseURL });
  try {
    const applicant = await counselorContext.newPage();
    await signIn(applicant, counselor.email);
    await sideMenu(applicant).getByRole('link', { name: 'PD Services' }).click();
    await applicant.getByRole('link', { name: 'My Event Applications' }).click();
    await expect(applicant).toHaveURL(atPath('/members/events/applications'));
    const application = applicant.getByRole('article', { name: eventName });
    await expect(application).toContainText(`Your section: ${placedIn}`);
    await expectAccessible(applicant);
  } finally {
    await counselorContext.close();
  }

  // The attendance taker finds her once, in her section's list only.
  const takerContext = await browser.newContext({ baseURL });
  try {
    const attendance = await takerContext.newPage();
    await signIn(attendance, taker.email);
    await sideMenu(attendance).getByRole('link', { name: 'Manage Events' }).click();
    await attendance.getByRole('region', { name: 'Attendance' }).getByRole('link', { name: eventName }).click();
    await attendance.getByRole('link', { name: `Take attendance: ${placedIn}` }).click();
    await expect(attendance.getByRole('heading', { name: placedIn })).toBeVisible();
    const expected = attendance.getByRole('list', { name: 'Expected in this section' });
    await expect(expected.getByRole('listitem').filter({ hasText: counselor.name })).toHaveCount(1);
    await expect(expected).not.toContainText('Not placed yet');
    await expectAccessible(attendance);
    await attendance.getByRole('link', { name: 'Back' }).click();
    const other = placedIn === 'Coaching Cycles' ? 'Data Conversations' : 'Coaching Cycles';
    await attendance.getByRole('link', { name: `Take attendance: ${other}` }).click();
    await expect(attendance.getByRole('heading', { name: other })).toBeVisible();
    await expect(attendance.getByRole('list', { name: 'Expected in this section' })).not.toContainText(counselor.name);
  } finally {
    await takerContext.close();
  }

  // Ava withdraws (she never signs in herself: staff view the portal as her); her place is given back.
  const viewAsContext = await browser.newContext({ baseURL });
  try {
    const asAva = await viewAsContext.newPage();
    await signIn(asAva, demoUsers.staff.email);
    await asAva.getByRole('link', { name: 'Staff console' }).click();
    await asAva.getByRole('link', { name: 'Users', exact: true }).click();
    // The search answers once typing pauses: clicked before, a row's dialog closes as the list changes.
    await field(asAva, 'Search users').fill(moved.name);
    await expect(asAva).toHaveURL((url) => url.searchParams.get('search') === moved.name);
    const users = asAva.getByRole('table').locator('tbody tr');
    await expect(users).toHaveCount(1);
    await expect(users).toContainText(moved.name);
    await asAva.getByRole('button', { name: `View as ${moved.name}` }).click();
    await asAva
      .getByRole('dialog', { name: `View as ${moved.name}?` })
      .getByRole('button', { name: 'Start viewing' })
      .click({ timeout: 10_000 });
    await expect(asAva.getByText(`Viewing as: ${moved.name}`)).toBeVisible();
    await sideMenu(asAva).getByRole('link', { name: 'PD Services' }).click();
    await asAva.getByRole('link', { name: 'My Event Applications' }).click();
    const hers = asAva.getByRole('article', { name: eventName });
    await expect(hers).toContainText(`Your section: ${moved.to}`);
    await hers.getByRole('button', { name: `${withdrawalMessages.action}: ${eventName}` }).click();
    const ask = asAva.getByRole('dialog', { name: withdrawalMessages.confirmTitle });
    await expect(ask).toContainText(withdrawalMessages.confirm(eventName));
    await expectAccessible(asAva);
    await ask.getByRole('button', { name: withdrawalMessages.action }).click();
    await expectToast(asAva, withdrawalMessages.withdrawn);
    await expect(hers).toContainText('Withdrawn');
    await expect(hers).not.toContainText('Your section');
    await expect(hers.getByRole('button', { name: `${withdrawalMessages.action}: ${eventName}` })).toHaveCount(0);
    await expectAccessible(asAva);
  } finally {
    await viewAsContext.close();
  }
  await page.reload();
  await expect(placedInMovedTo).toHaveText(String(placedBeforeWithdrawal - 1));
});
