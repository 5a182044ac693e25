import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, signIn, sideMenu } from './fixtures/auth.ts';
import { expectToast, journeyTimeout } from './fixtures/forms.ts';
import { escapeRegExp } from './fixtures/patterns.ts';
import { expect, test } from './fixtures/test.ts';

// Carlos (coach.lincoln) is a toolkit member of Lincoln Elementary School; only this journey saves
// his favourites. The demo seeds 90 resources for Lincoln per school year and two video collections.
const member = demoUsers.coachLincoln;
// owner-manages-organization renames the school to a name that starts with this one, at any moment.
const lincoln = new RegExp(`^${escapeRegExp('Lincoln Elementary School')}`);
const collection = {
  name: 'Coaching Cycles in Action',
  first: 'Setting a goal with a teacher',
  second: 'Modeling a guided reading lesson',
};

/** The Vimeo player is an outside service the test machine cannot reach: it answers with an empty page, as a blocked player would. */
async function emptyVimeoPlayer(page: Page) {
  await page.route('https://player.vimeo.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Player</title></head><body></body></html>',
    }),
  );
}

async function readDownload(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test('a member searches organization resources by year and organization and opens a video from a collection by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  await emptyVimeoPlayer(page);
  await signIn(page, member.email);

  // 'Resources' gathers what he may open.
  await sideMenu(page).getByRole('link', { name: 'Resources', exact: true }).click();
  await expect(page).toHaveURL(atPath('/members/resources'));
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  const organizations = page.getByRole('region', { name: 'Organization resources' });
  await expect(organizations.getByRole('link')).toHaveText([lincoln]);
  await expect(
    page.getByRole('region', { name: 'Video collections' }).getByRole('link', { name: collection.name }),
  ).toBeVisible();
  await expectAccessible(page);

  // His school and the year under way are chosen; every resource of that year is counted.
  await organizations.getByRole('link', { name: lincoln }).click();
  await expect(page.getByRole('heading', { name: 'Organization Resources', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Organization')).toHaveText(lincoln);
  const year = page.getByLabel('School year');
  const thisYear = (await year.locator('option:checked').textContent()) ?? '';
  expect(thisYear).toMatch(/^\d{4}-\d{4}$/);
  await expect(page.getByRole('status').filter({ hasText: /items?$/ })).toHaveText('90 items');
  await expectAccessible(page);

  // A search answers once typing pauses, kept in the address; title matches come first, marked.
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('fluency');
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'fluency');
  await expect(page.getByRole('status').filter({ hasText: /items?$/ })).toHaveText('9 items');
  const first = page.getByRole('article').first();
  await expect(first).toHaveAccessibleName(/Reading fluency$/);
  await expect(first.locator('mark').first()).toHaveText(/^fluency$/i);
  await expect(first).toContainText(`Prepared for the ${thisYear} school year`);
  await expectAccessible(page);

  // Last year's resources, the search kept.
  const lastYear = `${Number(thisYear.slice(0, 4)) - 1}-${thisYear.slice(0, 4)}`;
  await year.selectOption({ label: lastYear });
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('search') === 'fluency' && url.searchParams.has('schoolYearId'),
  );
  await expect(page.getByRole('article').first()).toContainText(`Prepared for the ${lastYear} school year`);
  await expect(page.getByRole('status').filter({ hasText: /items?$/ })).toHaveText('9 items');

  // A PDF downloads; he saves it to My Saved Resources.
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('planning guide running');
  const guideTitle = 'Planning guide: Running records';
  const guide = page.getByRole('article', { name: guideTitle });
  await expect(guide).toBeVisible();
  const file = await readDownload(page, () => guide.getByRole('link', { name: guideTitle }).click());
  expect(file.name).toBe('Planning guide Running records.pdf');
  expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await guide.getByRole('button', { name: `Favorite ${guideTitle}` }).click();
  await expectToast(page, 'Saved to My Saved Resources');
  await expect(guide.getByRole('button', { name: `Saved ${guideTitle}` })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('searchbox', { name: 'Search resources' }).fill('no such resource anywhere');
  await expect(page.getByText('No resources found')).toBeVisible();
  await expectAccessible(page);

  // A video collection: the player fails to load here, and the page still works by keyboard.
  await sideMenu(page).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('region', { name: 'Video collections' }).getByRole('link', { name: collection.name }).click();
  await expect(page.getByRole('heading', { name: collection.name, level: 1 })).toBeVisible();
  const player = page.getByTitle(`${collection.first} (Vimeo player)`);
  await expect(player).toHaveAttribute('src', /^https:\/\/player\.vimeo\.com\/video\/\d+$/);
  expect((await player.boundingBox())?.height).toBe(500);
  await expect(
    page.getByRole('link', { name: `Watch ${collection.first} on Vimeo (opens in a new tab)` }),
  ).toBeVisible();
  await expectAccessible(page);

  const videos = page.getByRole('navigation', { name: 'Videos in this collection' });
  await videos.getByRole('button', { name: new RegExp(collection.first) }).focus();
  await page.keyboard.press('Tab');
  await expect(videos.getByRole('button', { name: collection.second })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/members/video-collection/coaching-cycles-in-action' && url.searchParams.has('selectedVideo'),
  );
  await expect(page.getByRole('heading', { name: collection.second, level: 2 })).toBeVisible();
  await expect(page.getByTitle(`${collection.second} (Vimeo player)`)).toBeVisible();
  await expect(videos.getByRole('button', { name: new RegExp(collection.second) })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const viewingGuide = await readDownload(page, () =>
    page.getByRole('link', { name: 'Modeling observation notes' }).click(),
  );
  expect(viewingGuide.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The chosen video is in the address: reloading keeps it.
  await page.reload();
  await expect(page.getByRole('heading', { name: collection.second, level: 2 })).toBeVisible();
  await expectAccessible(page);

  // Staff find the same collection, its videos and their PDFs in the staff console (read only here).
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, demoUsers.staff.email);
    await staff.getByRole('link', { name: 'Staff console' }).click();
    await staff.getByRole('link', { name: 'Video collections', exact: true }).click();
    await expect(staff).toHaveURL(atPath('/admin/video-collections'));
    await staff.getByRole('link', { name: collection.name }).click();
    await expect(staff.getByRole('heading', { name: collection.name, level: 1 })).toBeVisible();
    await expect(staff.getByRole('region', { name: collection.second })).toContainText('Modeling observation notes');
    await expectAccessible(staff);
  } finally {
    await staffContext.close();
  }
});
