import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { chooseOption, expectToast, input, journeyTimeout, typePhone } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey changes the Summer Writing Institute (no other journey buys it) and applies as
// Noah (notoolkit), whom the toolkit-menu journey only signs in as.
const eventName = 'Summer Writing Institute';
const applicant = demoUsers.noToolkit;
const gradesQuestion = 'Which grades do you teach?';
const note = 'Please tell us about your writing units.';

async function staffSignIn(page: Page) {
  await signIn(page, demoUsers.staff.email);
  await page.getByRole('link', { name: 'Staff console' }).click();
}

test('staff open an institute to applications; an applicant applies; staff ask for changes and the applicant may edit again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staff = await staffContext.newPage();
    await staffSignIn(staff);

    // The event's application settings: open, priced, due in one day, paid by card.
    await staff.getByRole('link', { name: 'Events', exact: true }).click();
    await staff.getByRole('link', { name: eventName }).click();
    await expect(staff.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
    await staff.getByRole('link', { name: 'Application settings' }).click();
    await expect(staff).toHaveURL((url) => /^\/admin\/events\/[0-9a-f-]{36}\/applications$/.test(url.pathname));
    const settings = staff.getByRole('form', { name: 'Application settings' });
    await expectAccessible(staff);
    await settings.getByRole('switch', { name: 'Accepts applications' }).check();
    await chooseOption(staff, settings, 'Ticket type', 'Institute tuition · $1,200.00');
    await input(settings, 'Payment due days').fill('1');
    await settings.getByRole('button', { name: 'Add payment option' }).click();
    await input(settings, 'Label of payment option 1').fill('Credit Card');
    await chooseOption(staff, settings, 'Method of payment option 1', 'Credit card');
    await expectAccessible(staff);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(staff, 'Application settings saved', { accessible: true });

    // A required checkbox question, and one added by mistake and deleted.
    for (const [type, label] of [
      ['Checkboxes', gradesQuestion],
      ['Short answer', 'A question added by mistake'],
    ] as const) {
      await staff.getByRole('button', { name: 'Add question' }).click();
      const question = staff.getByRole('dialog', { name: 'Add question' }).getByRole('form', { name: 'Question' });
      await chooseOption(staff, question, 'Type', type);
      await input(question, 'Label').fill(label);
      if (type === 'Checkboxes') {
        await input(question, 'Options').fill('K-2\n3-5\n6-8');
        await question.getByRole('switch', { name: /Required/ }).check();
        await expectAccessible(staff);
      }
      await question.getByRole('button', { name: 'Save question' }).click();
      await expectToast(staff, 'Question saved');
      await expect(staff.getByRole('row').filter({ hasText: label })).toBeVisible();
    }
    await staff.getByRole('button', { name: 'Delete question A question added by mistake' }).click();
    const confirm = staff.getByRole('dialog', { name: 'Delete this question?' });
    await expectAccessible(staff);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(staff, 'Question deleted', { accessible: true });
    await expect(staff.getByRole('row').filter({ hasText: 'A question added by mistake' })).toHaveCount(0);

    // What was saved is what the page shows after a reload.
    await staff.reload();
    await expect(settings.getByRole('switch', { name: 'Accepts applications' })).toBeChecked();
    await expect(input(settings, 'Payment due days')).toHaveValue('1');
    await expect(input(settings, 'Label of payment option 1')).toHaveValue('Credit Card');
    await expect(staff.getByRole('row').filter({ hasText: gradesQuestion })).toBeVisible();

    // Noah applies: the event has no paths, so there are no sections to choose.
    await signIn(page, applicant.email);
    await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
    await page.getByRole('article', { name: eventName }).getByRole('link', { name: eventName }).click();
    await page.getByRole('region', { name: 'Applications' }).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL((url) => url.pathname.endsWith('/manage/general-information'));
    const applicationId = new URL(page.url()).pathname.split('/')[4] ?? '';
    const general = page.getByRole('form', { name: 'General information' });
    await input(general, 'Address 1').fill('40 Oak Avenue');
    await input(general, 'City').fill('Springfield');
    await chooseOption(page, general, 'State / Province', 'Illinois');
    await typePhone(input(general, 'Phone'), '2175550101');
    await general.getByRole('button', { name: 'Save & Continue' }).click();
    await expectToast(page, 'Your application has been saved');
    await expect(page.getByRole('region', { name: 'My affiliations' })).toContainText('Washington Middle School');
    await page.getByRole('button', { name: 'Save & Continue' }).click();

    await expect(page).toHaveURL(atPath(`/members/events/applications/${applicationId}/manage/sections`));
    await expect(page.getByText('This event has no sections to choose: continue to the questionnaire.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(atPath(`/members/events/applications/${applicationId}/manage/questionnaire`));
    await page
      .getByRole('group', { name: new RegExp(gradesQuestion.replace('?', '\\?')) })
      .getByRole('checkbox', { name: '6-8' })
      .check();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(page).toHaveURL(atPath(`/members/events/applications/${applicationId}/manage/review-and-submit`));
    await input(page, 'Payment option').selectOption({ label: 'Credit Card' });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectToast(page, 'Your application has been submitted');

    // Staff find it by event and status, and ask for changes.
    await staff.getByRole('link', { name: 'Applications', exact: true }).click();
    await chooseOption(staff, staff, 'Event', eventName);
    await chooseOption(staff, staff, 'Status', 'Submitted');
    const row = staff.getByRole('row').filter({ hasText: applicant.email });
    await expect(row).toContainText(eventName);
    await expectAccessible(staff);
    await row.getByRole('link').first().click();
    await expect(staff).toHaveURL(atPath(`/admin/applications/${applicationId}`));
    await expect(staff.getByRole('main')).toContainText('6-8');
    await staff.getByRole('button', { name: 'Request changes', exact: true }).click();
    const decision = staff.getByRole('dialog');
    await input(decision, 'Note to the applicant').fill(note);
    await decision.getByRole('button', { name: 'Request changes' }).click();
    await expectToast(staff, 'Application changes requested', { accessible: true });
    await expect(staff.getByRole('main')).toContainText('Changes Requested');
  } finally {
    await staffContext.close();
  }

  // Noah is told, and may edit again.
  await page.goto('/members/events/applications');
  const application = page.getByRole('article', { name: eventName });
  await expect(application).toContainText('Changes Requested');
  await expectAccessible(page);
  await application.getByRole('link', { name: 'Complete Application' }).click();
  const general = page.getByRole('form', { name: 'General information' });
  await expect(input(general, 'Address 1')).toHaveValue('40 Oak Avenue');
  await expect(input(general, 'Address 1')).toBeEditable();
  await expect(general.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
});
