import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, journeyTimeout } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Tara (teacher.lincoln) has toolkit access and is in the seeded grade 3 pilot; no journey but this
// one saves resources for her, and this one leaves none saved.
const member = demoUsers.teacherLincoln;
const saved = {
  title: 'Unit 1 Lesson Plans',
  collection: 'Unit 1: Building a Reading Life',
  file: 'unit-1-lesson-plans.pdf',
};
const texts = {
  added: 'Saved to My Saved Resources',
  removed: 'Removed from My Saved Resources',
  empty: 'No saved resources found',
};

async function readDownload(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test('a toolkit member favourites a Treasure Chest document, finds it in My Saved Resources and downloads it', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  await signIn(page, member.email);
  const menu = sideMenu(page);

  await menu.getByRole('link', { name: 'Treasure Chest' }).click();
  await expect(page).toHaveURL(atPath('/members/treasure-chest'));
  await expect(page.getByRole('heading', { name: 'Treasure Chest', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Classroom Routines', level: 2 })).toBeVisible();
  // Her grade 3 pilot flag opens the pilot's grouping, nested in Literacy, and the unit inside it;
  // the school leaders' category and the other pilots stay hidden.
  const pilot = page.getByRole('region', { name: 'Literacy' }).getByRole('region', { name: 'Grade 3 Pilot' });
  const unit = pilot.getByRole('region', { name: saved.collection });
  await expect(unit.getByRole('heading', { name: saved.collection, level: 4 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'School Leadership' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Grade 4 Pilot' })).toHaveCount(0);
  await expectAccessible(page);

  const toggle = unit.getByRole('button', { name: `Favorite ${saved.title}` });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expectToast(page, texts.added);
  // The control now says its state, in its words and its name.
  const savedToggle = unit.getByRole('button', { name: `Saved ${saved.title}` });
  await expect(savedToggle).toHaveAttribute('aria-pressed', 'true');
  await expect(savedToggle).toHaveText('Saved');

  await menu.getByRole('link', { name: 'My Saved Resources' }).click();
  await expect(page).toHaveURL(atPath('/members/my-saved-resources'));
  // Read again from the server: the favourite was saved, not only shown.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Saved Resources', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Saved resources' });
  const item = list.getByRole('listitem').filter({ hasText: saved.title });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('PDF');
  await expect(item).toContainText(`Collection: ${saved.collection}`);
  await expect(page.getByText('1 saved resource', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const file = await readDownload(page, () => item.getByRole('link', { name: `Download ${saved.title}` }).click());
  expect(file.name).toBe(saved.file);
  expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Removing it empties the list again.
  await item.getByRole('button', { name: `Saved ${saved.title}` }).click();
  await expectToast(page, texts.removed);
  await expect(page.getByText(texts.empty)).toBeVisible();
  await expectAccessible(page);
});

test('a member without toolkit access is sent to the profile, and the server refuses the toolkit too', async ({
  page,
}) => {
  await signIn(page, demoUsers.noToolkit.email);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.goto('/members/treasure-chest');
  await expect(page).toHaveURL(atPath('/members/profile', '?notice=toolkit-access'));
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  // Told why on the page they land on, not only moved there.
  await expect(page.getByRole('status').filter({ hasText: 'open to members with toolkit access' })).toBeVisible();
  await expectAccessible(page);

  for (const path of ['/api/toolkit/treasure-chest', '/api/favourites']) {
    const refused = await page.request.get(path);
    expect(refused.status()).toBe(403);
    expect((await refused.json()) as { detail: string }).toMatchObject({
      detail: 'The toolkit is open to members with toolkit access.',
    });
  }
});
