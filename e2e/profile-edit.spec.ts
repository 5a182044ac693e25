import { expectAccessible } from './fixtures/accessibility.ts';
import { demoUsers, signIn } from './fixtures/auth.ts';
import { failCalls } from './fixtures/failures.ts';
import { chooseOption, expectToast, input, journeyTimeout, listedValue, replaceText } from './fixtures/forms.ts';
import { freshPerson } from './fixtures/journey-data.ts';
import { expect, test } from './fixtures/test.ts';

test('a member edits their profile and sees it saved, after a failed save that changed nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  // The journey's own copy of Noah (notoolkit), his seeded profile included: the journeys that sign in
  // as Noah never see this edit.
  const noah = await freshPerson(request, demoUsers.noToolkit, 'Nico');
  // The seed puts every demo member in New York: the edit moves Noah to Pennsylvania.
  const seeded = { city: 'Riverside', state: 'NY' };
  const edit = { city: 'Pittsburgh', state: 'Pennsylvania', zip: '15213', dateOfBirth: '04/09/1986', last4SSN: '4321' };
  // As the profile lists them: the state by its code, the date as MM/DD/YYYY.
  const shown = {
    City: edit.city,
    'State / Province': 'PA',
    'Zip / Postal code': edit.zip,
    'Date of birth': edit.dateOfBirth,
    'Last 4 SSN': edit.last4SSN,
  };

  await signIn(page, noah.email);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(listedValue(page, 'Name')).toHaveText(noah.name);
  await expect(listedValue(page, 'Date of birth')).toHaveText('Not set');
  await expect(
    page.getByText(
      'Date of birth and the last four digits of your SSN are needed only for New York teachers seeking CTLE credit.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/auth/reset-password');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(input(form, 'Country')).toHaveValue('United States');
  await expect(input(form, 'Date of birth')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  await expectAccessible(page);

  // The server fails the save: the member is told, keeps what they typed, and nothing is saved.
  await replaceText(input(form, 'City'), edit.city);
  const outage = await failCalls(page, 'PUT', '/api/profile');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'There was a problem updating your profile', { accessible: true });
  expect(outage.failed(), 'failed profile saves').toBe(1);
  await expect(form).toBeVisible();
  await expect(input(form, 'City')).toHaveValue(edit.city);
  await outage.restore();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(listedValue(page, 'City')).toHaveText(seeded.city);
  await expect(listedValue(page, 'State / Province')).toHaveText(seeded.state);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(input(form, 'City')).toHaveValue(seeded.city);

  // Too long a zip is refused on its field, and nothing is sent.
  await replaceText(input(form, 'Zip / Postal code'), '12345678901');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Zip Postal must be at most 10 characters')).toBeVisible();
  await expect(input(form, 'Zip / Postal code')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await replaceText(input(form, 'Zip / Postal code'), edit.zip);
  await replaceText(input(form, 'City'), edit.city);
  await chooseOption(page, form, 'State / Province', edit.state);
  await replaceText(input(form, 'Date of birth'), edit.dateOfBirth);
  await replaceText(input(form, 'Last 4 SSN'), edit.last4SSN);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile updated', { accessible: true });
  // Complete: back to the view.
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  for (const [label, value] of Object.entries(shown)) await expect(listedValue(page, label), label).toHaveText(value);

  // What was saved: a reload reads the profile again from the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(listedValue(page, 'Name')).toHaveText(noah.name);
  for (const [label, value] of Object.entries(shown)) await expect(listedValue(page, label), label).toHaveText(value);
  await expectAccessible(page);

  // And the form opens with what was saved.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(input(form, 'Date of birth')).toHaveValue(edit.dateOfBirth);
  await expect(input(form, 'State / Province')).toHaveValue(edit.state);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
});
