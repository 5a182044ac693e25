import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, field, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { onePagePdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

// Grace (owner.washington) holds the seeded ticket of the past Coaching Reading Institute; only this
// journey adds resources to that event, and no journey gives anyone else a ticket for it. Staff only
// read her payment for it.
const holder = demoUsers.ownerWashington;
const staff = demoUsers.staff;
const eventName = 'Coaching Reading Institute (past)';
const seeded = {
  handout: 'Running records handout',
  recordings: 'Keynote recordings',
  books: 'Book list for reading coaches',
};
const texts = {
  empty: 'No resources found',
  deadlinePassed: 'Ticket allocation is not available because the event deadline has passed.',
  notAttending: 'Resources are shown only to ticket holders and accepted applicants of this event.',
};

async function readDownload(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test('staff upload a resource, and a ticket holder finds it by search and downloads it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const created = {
    title: `Fluency notes ${token}`,
    description: 'Notes from the fluency strand, shared after the institute.',
    file: `fluency-${token}.pdf`,
  };
  const pdf = onePagePdf(created.title);

  // Staff attach a file to the event from the staff console.
  await signIn(page, staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(atPath('/admin/events'));
  await field(page, 'Search events').fill('Coaching Reading');
  // The search applies once typing pauses (it is kept in the address): click only after it has.
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'Coaching Reading');
  await page.getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Resources', exact: true }).click();
  await expect(page).toHaveURL((url) => /^\/admin\/events\/[0-9a-f-]{36}\/resources$/.test(url.pathname));
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Resources' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New resource' }).click();
  const drawer = page.getByRole('dialog', { name: 'New resource' });
  await expect(drawer).toBeVisible();
  await input(drawer, 'Title').fill(created.title);
  await input(drawer, 'Description').fill(created.description);
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: created.file, mimeType: 'application/pdf', buffer: pdf });
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create resource' }).click();
  await expectToast(page, 'Resource created');
  await expect(drawer).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: created.title });
  await expect(row).toContainText(created.file);
  await expect(row).toContainText('Whole event');
  // Last in order; one place up puts it before the book list.
  await expect(table.getByRole('row').last()).toContainText(created.title);
  await expect(row.getByRole('button', { name: `Move ${created.title} down` })).toBeDisabled();
  await row.getByRole('button', { name: `Move ${created.title} up` }).click();
  await expectToast(page, 'Order saved');
  await expect(table.getByRole('row').last()).toContainText(seeded.books);
  await expectAccessible(page);

  // Grace's payment for the past institute: its allocation closed with the institute's deadline.
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Event payments' }).click();
  await expect(page.getByRole('heading', { name: 'Event payments', level: 1 })).toBeVisible();
  await input(page, 'Search event payments').fill(holder.email);
  // The search applies once typing pauses (it is kept in the address): click only after it has.
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === holder.email);
  const payment = page.getByRole('table').getByRole('row').filter({ hasText: eventName });
  await expect(payment).toHaveCount(1);
  await payment.getByRole('link', { name: new RegExp(`^Payment [0-9a-f]{8} by ${holder.name}$`) }).click();
  await expect(page.getByRole('heading', { name: /^Payment [0-9a-f]{8}$/, level: 1 })).toBeVisible();
  await expect(page.getByText('Allocation is blocked for the member')).toBeVisible();
  await expect(page.getByText(texts.deadlinePassed)).toBeVisible();
  await expectAccessible(page);

  // Grace, in her own browser, goes from her ticket to the event's resources.
  const holderContext = await browser.newContext({ baseURL });
  try {
    const member = await holderContext.newPage();
    await signIn(member, holder.email);
    await sideMenu(member).getByRole('link', { name: 'Manage Events' }).click();
    const ticketRow = member.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: eventName });
    await expect(ticketRow).toHaveCount(1);
    await ticketRow.getByRole('link', { name: `Resources: ${eventName}` }).click();
    await expect(member).toHaveURL((url) => /^\/members\/events\/[0-9a-f-]{36}\/resources$/.test(url.pathname));
    await expect(member.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
    await expect(member.getByText(eventName)).toBeVisible();
    await expect(member.getByRole('article')).toHaveCount(4);
    await expect(member.getByRole('article').nth(2)).toHaveAccessibleName(created.title);
    await expectAccessible(member);
    const resourcesUrl = member.url();

    // A search answers once typing pauses; it is kept in the address.
    const search = member.getByRole('searchbox', { name: 'Search resources' });
    await search.fill('fluency');
    await expect(member.getByRole('article')).toHaveCount(1);
    await expect(member).toHaveURL((url) => url.searchParams.get('search') === 'fluency');
    const hit = member.getByRole('article', { name: created.title });
    await expect(hit).toContainText(created.description);
    await expect(hit).toContainText(`${created.file} · PDF`);
    const download = await readDownload(member, () =>
      hit.getByRole('link', { name: `Download ${created.title}` }).click(),
    );
    expect(download.name).toBe(created.file);
    expect(download.bytes.equals(pdf), 'the downloaded file is the one staff uploaded').toBe(true);
    await expectAccessible(member);

    await search.fill('no such thing anywhere');
    await expect(member.getByText(texts.empty)).toBeVisible();
    await expect(member.getByRole('article')).toHaveCount(0);
    await expectAccessible(member);

    await search.fill('handout');
    const handout = member.getByRole('article', { name: seeded.handout });
    await expect(handout).toBeVisible();
    const seededFile = await readDownload(member, () =>
      handout.getByRole('link', { name: `Download ${seeded.handout}` }).click(),
    );
    expect(seededFile.name).toBe('running-records-handout.pdf');
    expect(seededFile.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const recordings = member.getByRole('article', { name: seeded.recordings });
    await search.fill('keynote');
    await expect(recordings.getByRole('link', { name: /Open Keynote recordings/ })).toHaveAttribute(
      'href',
      'https://example.org/coaching-reading-institute/recordings',
    );

    // On a phone nothing is wider than the screen.
    await search.fill('');
    await expect(member.getByRole('article')).toHaveCount(4);
    await member.setViewportSize({ width: 390, height: 844 });
    // (Polled: the layout settles into its phone shape after the resize.)
    await expect.poll(() => member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Someone without a ticket for the event is refused the same page.
    const strangerContext = await browser.newContext({ baseURL });
    try {
      const stranger = await strangerContext.newPage();
      await signIn(stranger, demoUsers.teacherLincoln.email);
      await stranger.goto(new URL(resourcesUrl).pathname);
      await expect(stranger.getByText(texts.notAttending)).toBeVisible();
      await expect(stranger.getByRole('article')).toHaveCount(0);
      await expectAccessible(stranger);
    } finally {
      await strangerContext.close();
    }
  } finally {
    await holderContext.close();
  }
});
