import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, field, signIn } from './fixtures/auth.ts';
import { journeyTimeout } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// The seed sells the 'Literacy Coaching Days' to Lincoln by one purchase order: two $345.00 tickets of
// its First Year section (30 seats), none of its Advanced one (30 seats). No journey buys more of it.
const eventName = 'Literacy Coaching Days';

test("staff read an event's report (seats, sales, payment methods) and the season's by event type", async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  await signIn(page, demoUsers.staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
  const staffMenu = page.getByRole('navigation', { name: 'Staff console' });

  // The season across events, from the side menu.
  await staffMenu.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const season = page.getByRole('figure', { name: 'Revenue and seats by event type' });
  await expect(season.getByRole('img', { name: /^Revenue and seats by event type: / })).toBeVisible();
  await expect(season.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await staffMenu.getByRole('link', { name: 'Events', exact: true }).click();
  await field(page, 'Search events').fill('Literacy Coaching');
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'Literacy Coaching');
  await page.getByRole('link', { name: eventName, exact: true }).click();
  await page.getByRole('link', { name: 'Report', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Report', level: 1 })).toBeVisible();
  await expect(page.getByText(eventName)).toBeVisible();

  // Seats per section against capacity: the chart and its table.
  const seats = page.getByRole('figure', { name: 'Seats by section' });
  await expect(seats.getByRole('img', { name: /^Seats by section: / })).toBeVisible();
  const cells = (name: string) => seats.getByRole('row').filter({ hasText: name }).getByRole('cell');
  await expect(cells('Guided Reading Foundations')).toHaveText(['Guided Reading Foundations', '2', '0', '30', '28']);
  await expect(cells('Coaching the Coaches')).toHaveText(['Coaching the Coaches', '0', '0', '30', '30']);

  // Sales over time: one day, two tickets, $690.00.
  const sales = page.getByRole('figure', { name: 'Tickets and revenue over time' });
  await expect(sales.getByRole('row')).toHaveCount(2);
  await expect(sales.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    /^\d{2}\/\d{2}\/\d{4}$/,
    '2',
    '$690.00',
    '2',
    '$690.00',
  ]);

  // Payment methods: one purchase order.
  const methods = page.getByRole('figure', { name: 'Payment methods' });
  await expect(methods.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Purchase order', '1', '2', '$690.00']);
  await expect(methods.getByRole('row')).toHaveCount(2);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expectAccessible(page);
});
