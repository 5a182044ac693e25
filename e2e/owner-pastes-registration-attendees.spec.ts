import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { expectToast, input, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Grace (owner.washington) requests seats of the retreat here and in staff-exports.spec.ts, where she
// names herself: a person holds one seat of an event, so this request names Noah (notoolkit), a
// colleague with an account whom no other journey seats at the retreat.
const owner = demoUsers.ownerWashington;
const colleague = demoUsers.noToolkit;
const eventName = 'Team Literacy Retreat';

test('an owner pastes ten emails into a registration request: problems shown per line, the seats filled and saved', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout);
  const token = uniqueToken();
  const newcomers = Array.from({ length: 7 }, (_, i) => `pasted-${i + 1}-${token}@example.test`);

  // A request of 8 seats for the retreat.
  await signIn(page, owner.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
  const panel = page.getByRole('region', { name: 'Group registration' });
  const organization = panel.getByRole('combobox', { name: 'Registering for' });
  if ((await organization.count()) > 0) {
    const washington = await organization
      .locator('option', { hasText: /Washington/ })
      .first()
      .getAttribute('value');
    await organization.selectOption(washington ?? '');
  }
  await input(panel, 'Number of seats').fill('8');
  await panel.getByRole('button', { name: 'Request seats' }).click();
  await expectToast(page, 'Registration request created');
  await expect(page).toHaveURL((url) =>
    /^\/members\/events\/registration\/requests\/[0-9a-f-]{36}$/.test(url.pathname),
  );
  const attendees = page.getByRole('form', { name: 'Attendees' });
  await expect(input(attendees, 'Seat 8 attendee email')).toHaveValue('');
  await expectAccessible(page);

  // Ten lines: a colleague with an account, seven new people (two named, one line with two by commas), one
  // listed twice in other letters, one not an address.
  await attendees.getByRole('button', { name: 'Paste a list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste a list' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const [n1, n2, n3, n4, n5, n6, n7] = newcomers;
  await input(dialog, /^Emails, one per line/).fill(
    [
      colleague.email,
      `Nia Newton <${n1}>`,
      `"Lee, Ann" <${n2}>`,
      `${n3}, ${n4}`,
      (n1 ?? '').toUpperCase(),
      'not an email',
      n5,
      `${n6}; ${n7}`,
    ].join('\n'),
  );
  const preview = dialog.getByRole('table', { name: 'Parsed list' });
  const rows = preview.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  const outcomes = [
    'Seat 1',
    'Seat 2',
    'Seat 3',
    'Seat 4',
    'Seat 5',
    'Listed twice',
    'Not a valid email address',
    'Seat 6',
    'Seat 7',
    'Seat 8',
  ];
  for (const [index, outcome] of outcomes.entries()) await expect(rows.nth(index)).toContainText(outcome);
  await expect(rows.nth(1)).toContainText('Nia Newton');
  await expect(rows.nth(2)).toContainText('Ann Lee');
  await expect(dialog.getByRole('status')).toHaveText('8 of 10 lines fill a seat; 2 with a problem will be left out.');
  await expectAccessible(page);

  // Confirm fills the draft only; Save saves it.
  await dialog.getByRole('button', { name: 'Fill the seats' }).click();
  await expect(dialog).toBeHidden();
  const expected = [colleague.email, n1, n2, n3, n4, n5, n6, n7];
  for (const [index, email] of expected.entries())
    await expect(input(attendees, `Seat ${index + 1} attendee email`)).toHaveValue(email ?? '');
  await attendees.getByRole('button', { name: 'Save attendees' }).click();
  await expectToast(page, 'Attendees saved', { accessible: true });

  // Saved: a reload shows the same seats, the seven new people invited without an account yet.
  await page.reload();
  for (const [index, email] of expected.entries())
    await expect(input(attendees, `Seat ${index + 1} attendee email`)).toHaveValue(email ?? '');
  await expect(attendees.getByText('Invited: no account yet')).toHaveCount(7);
  await expectAccessible(page);
});
