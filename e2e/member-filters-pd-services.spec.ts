import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, field, sideMenu, signIn } from './fixtures/auth.ts';
import { chooseOption, chooseOptions, expectToast, input, journeyTimeout } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Only reads PD Services. The demo's institutes are dated from the day the data was seeded: the
// Coaching Institute in 60 days, the Instructional Leadership Institute in 150, the Summer Writing
// Institute in 200; the Fall Leadership Conference Day (45) is no institute. Other journeys may add
// events, so the list is checked for these by name, never counted. Grade bands: the Coaching
// Institute names none (it is for every grade), the Instructional Leadership Institute is for leaders
// and coaches; only the staff journey below changes bands, and only of the unpublished draft.
const inRange = ['Coaching Institute', 'Instructional Leadership Institute'];
const outOfRange = 'Summer Writing Institute';
const notAnInstitute = 'Fall Leadership Conference Day';

/** The calendar day `days` from now, as a date field takes it (YYYY-MM-DD). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a member narrows PD Services to institutes in a date range, shares it by its address and finds nothing online', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  const from = dayFromNow(30);
  const to = dayFromNow(170);
  await signIn(page, demoUsers.teacherLincoln.email);

  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await expect(page.getByRole('heading', { name: 'PD Services', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: notAnInstitute })).toBeVisible();

  // Each filter lands in the address at once.
  await chooseOption(page, page, 'Kind', 'Institute');
  await expect(page).toHaveURL((url) => url.searchParams.get('kind') === 'INSTITUTE');
  await expect(page.getByRole('article', { name: notAnInstitute })).toHaveCount(0);
  await input(page, 'From').fill(from);
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === from);
  await input(page, 'To').fill(to);
  await expect(page).toHaveURL((url) => url.searchParams.get('to') === to);
  for (const name of inRange) await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(page.getByRole('article', { name: outOfRange })).toHaveCount(0);
  await expectAccessible(page);

  // A reload (or the address sent to a colleague) shows the same list with the same filters.
  const shared = page.url();
  await page.reload();
  expect(page.url()).toBe(shared);
  await expect(input(page, 'Kind')).toHaveValue('Institute');
  await expect(input(page, 'From')).toHaveValue(from);
  await expect(input(page, 'To')).toHaveValue(to);
  for (const name of inRange) await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(page.getByRole('article', { name: outOfRange })).toHaveCount(0);

  // Back undoes the last filter: without its end, the range reaches the later institute again.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get('to') === null && url.searchParams.get('from') === from);
  await expect(input(page, 'To')).toHaveValue('');
  await expect(page.getByRole('article', { name: outOfRange })).toBeVisible();
  await page.goForward();
  await expect(input(page, 'To')).toHaveValue(to);
  await expect(page.getByRole('article', { name: outOfRange })).toHaveCount(0);

  // No institute in the demo is held online: the spec's empty text.
  await chooseOption(page, page, 'Where', 'Online');
  await expect(page).toHaveURL((url) => url.searchParams.get('format') === 'ONLINE');
  await expect(page.getByText('No events found')).toBeVisible();
  await expectAccessible(page);

  // Grades: an event for every grade stays under each band; one for leaders only does not.
  await chooseOption(page, page, 'Where', 'Anywhere');
  await expect(page).toHaveURL((url) => url.searchParams.get('format') === null);
  const leadership = page.getByRole('article', { name: 'Instructional Leadership Institute' });
  await expect(leadership.getByText('Leaders and coaches', { exact: true })).toBeVisible();
  await chooseOption(page, page, 'Grades', 'Grades 6–8');
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('grade') === '6-8' && url.searchParams.get('kind') === 'INSTITUTE',
  );
  await expect(page.getByRole('article', { name: 'Coaching Institute', exact: true })).toBeVisible();
  await expect(leadership).toHaveCount(0);
  await expectAccessible(page);
});

test('staff set the grade bands of an event and its page shows them', async ({ page }) => {
  test.setTimeout(journeyTimeout);
  const draft = 'Winter Math Conference (draft)';
  await signIn(page, demoUsers.staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(atPath('/admin/events'));
  await field(page, 'Search events').fill('Winter Math');
  // The search applies once typing pauses (it is kept in the address): click only after it has.
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'Winter Math');
  await page.getByRole('link', { name: draft }).click();
  await expect(page.getByRole('heading', { name: draft, level: 1 })).toBeVisible();
  await expect(page.getByText('Grade bands: Every grade')).toBeVisible();

  const details = page.getByRole('form', { name: 'Event details' });
  await chooseOptions(page, details, 'Grade bands', ['Grades 9–12', 'Grades 6–8']);
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Save event' }).click();
  await expectToast(page, 'Event saved');
  // Stored youngest first, whatever order they were picked in.
  await expect(page.getByText('Grade bands: Grades 6–8, Grades 9–12')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Grade bands: Grades 6–8, Grades 9–12')).toBeVisible();
  await expectAccessible(page);

  // Back to every grade: Backspace takes the last band off, then the other.
  const bands = input(details, 'Grade bands');
  await bands.focus();
  await bands.press('Backspace');
  await bands.press('Backspace');
  await details.getByRole('button', { name: 'Save event' }).click();
  await expectToast(page, 'Event saved');
  await expect(page.getByText('Grade bands: Every grade')).toBeVisible();
});
