import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoUsers, sideMenu, signIn } from './fixtures/auth.ts';
import { failCalls } from './fixtures/failures.ts';
import { chooseOption, expectToast, input, journeyTimeout, replaceText, typePhone } from './fixtures/forms.ts';
import { expect, test } from './fixtures/test.ts';

// Only this journey applies as Tara (teacher.lincoln), who starts with no application at all.
const applicant = demoUsers.teacherLincoln;
const eventName = 'Coaching Institute';
const answer = 'To coach the teachers of my grade team through a whole writing cycle.';

test('a teacher applies to an institute, staff accept, and she pays by card', async ({ page, browser, baseURL }) => {
  test.setTimeout(journeyTimeout);

  // Nothing yet.
  await signIn(page, applicant.email);
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('link', { name: 'My Event Applications' }).click();
  await expect(page).toHaveURL(atPath('/members/events/applications'));
  await expect(page.getByRole('heading', { name: 'My Event Applications', level: 1 })).toBeVisible();
  await expect(page.getByText('No events found', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The institute takes applications.
  await page.getByRole('link', { name: 'Browse PD Services' }).click();
  const card = page.getByRole('article', { name: eventName });
  await expect(card).toContainText('Applications open');
  await card.getByRole('link', { name: eventName }).click();
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('region', { name: 'Applications' }).getByRole('button', { name: 'Apply' }).click();

  // Step 1, general information: prefilled from the profile; later steps wait for it.
  await expect(page).toHaveURL((url) =>
    /^\/members\/events\/applications\/[0-9a-f-]{36}\/manage\/general-information$/.test(url.pathname),
  );
  const applicationId = new URL(page.url()).pathname.split('/')[4] ?? '';
  const steps = page.getByRole('navigation', { name: 'Application steps' });
  await expect(steps.getByRole('button', { name: /Sections/ })).toBeDisabled();
  await expect(steps.getByRole('button', { name: /Review and Submit/ })).toBeDisabled();
  const general = page.getByRole('form', { name: 'General information' });
  await expect(input(general, 'First name')).toHaveValue('Tara');
  await expect(input(general, 'Country')).toHaveValue('United States');
  await expectAccessible(page);

  // Mantine's clear button is a mouse affordance, hidden from assistive technology.
  await input(general, 'Country').locator('xpath=..').locator('button').click();
  await expect(input(general, 'Country')).toHaveValue('');
  await input(general, 'Zip / Postal code').fill('10027-00001');
  const phone = input(general, 'Phone');
  await phone.click();
  await phone.pressSequentially('212555');
  await general.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(general.getByText('Address is required', { exact: true })).toBeVisible();
  await expect(general.getByText('Zip Postal must be at most 10 characters', { exact: true })).toBeVisible();
  await expect(general.getByText('Phone is invalid', { exact: true })).toBeVisible();
  await expect(general.getByText('Country is required', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await chooseOption(page, general, 'Country', 'United States');
  await chooseOption(page, general, 'State / Province', 'New York');

  await input(general, 'Address 1').fill('12 Elm Street');
  await replaceText(input(general, 'Zip / Postal code'), '10027');
  await typePhone(phone, '2125550142');

  // The server failing once loses nothing: the form keeps what was typed.
  const outage = await failCalls(page, 'PUT', `/api/event-applications/${applicationId}/segments`);
  await general.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'There was an issue during application update');
  expect(outage.failed()).toBe(1);
  await outage.restore();
  await expect(input(general, 'Address 1')).toHaveValue('12 Elm Street');
  await general.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Your application has been saved', { accessible: true });
  await expect(steps.getByRole('button', { name: /Sections/ })).toBeEnabled();
  await general.getByRole('button', { name: 'Save & Continue' }).click();

  // Step 2: her affiliation with her school.
  await expect(page).toHaveURL(
    atPath(`/members/events/applications/${applicationId}/manage/affiliations-and-attendance`),
  );
  await expect(page.getByRole('region', { name: 'My affiliations' })).toContainText('Lincoln Elementary School');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  // Step 3: the Advanced path is not hers; the first-year path ranks two strands.
  await expect(page).toHaveURL(atPath(`/members/events/applications/${applicationId}/manage/sections`));
  await expect(page.getByRole('radio', { name: /^Advanced/ })).toBeDisabled();
  await page.getByRole('radio', { name: /^First Year/ }).check();
  await expect(page.getByText('Rank 2 sections in each grouping', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Coaching Cycles' }).selectOption({ label: 'Rank 1' });
  await page.getByRole('combobox', { name: 'Modeling Lessons' }).selectOption({ label: 'Rank 1' });
  await expect(page.getByText('Each ranking must be unique within a grouping', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Modeling Lessons' }).selectOption({ label: 'Rank 2' });
  await expect(page.getByText('Rank 2 sections in each grouping', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  // Step 4: required questions, one of them checkboxes.
  await expect(page).toHaveURL(atPath(`/members/events/applications/${applicationId}/manage/questionnaire`));
  // The questions load after the step opens; a click before they show would press the step's button
  // while it has nothing to check yet.
  await expect(input(page, 'Why do you want to attend?')).toBeVisible();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Question is required', { exact: true })).toHaveCount(2);
  await expectAccessible(page);
  await input(page, 'Why do you want to attend?').fill(`   ${answer}   `);
  const grades = page.getByRole('group', { name: /Which grades do you coach\?/ });
  await grades.getByRole('checkbox', { name: 'K-2' }).check();
  await grades.getByRole('checkbox', { name: '3-5' }).check();
  await expect(page.getByText('Question is required', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  // Step 5: everything she entered, and how she will pay.
  await expect(page).toHaveURL(atPath(`/members/events/applications/${applicationId}/manage/review-and-submit`));
  const main = page.getByRole('main');
  for (const text of [
    '12 Elm Street',
    '(212) 555-0142',
    'Lincoln Elementary School',
    'Coaching Cycles',
    'Modeling Lessons',
    answer,
    'K-2, 3-5',
  ]) {
    await expect(main, text).toContainText(text);
  }
  // What was saved: the answer trimmed, both grades.
  const saved = (await (await page.request.get(`/api/event-applications/${applicationId}`)).json()) as {
    answers: { value: string[] }[];
  };
  expect(saved.answers.map((a) => a.value)).toEqual(expect.arrayContaining([[answer], ['K-2', '3-5']]));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Payment option is required', { exact: true })).toBeVisible();
  await input(page, 'Payment option').selectOption({ label: 'Credit Card' });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expectToast(page, 'Your application has been submitted', { accessible: true });
  await expect(page).toHaveURL(atPath('/members/profile'));

  // Submitted: listed, and no longer editable.
  await page.goto('/members/events/applications');
  const application = page.getByRole('article', { name: eventName });
  await expect(application).toContainText('Submitted');
  await expect(application.getByRole('link', { name: 'Review Application' })).toBeVisible();
  await expect(application.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(page);

  // Staff accept it, in their own browser.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, demoUsers.staff.email);
    await staffPage.getByRole('link', { name: 'Staff console' }).click();
    await staffPage.getByRole('link', { name: 'Applications', exact: true }).click();
    await expect(staffPage.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();
    const row = staffPage.getByRole('row').filter({ hasText: applicant.email });
    await expect(row).toContainText(eventName);
    await expect(row).toContainText('Submitted');
    await expectAccessible(staffPage);
    await row.getByRole('link').first().click();
    await expect(staffPage).toHaveURL(atPath(`/admin/applications/${applicationId}`));
    await expect(staffPage.getByRole('main')).toContainText(answer);
    await expectAccessible(staffPage);
    await staffPage.getByRole('button', { name: 'Accept', exact: true }).click();
    const confirm = staffPage.getByRole('dialog');
    await input(confirm, 'Note to the applicant').fill('Welcome to the institute!');
    await expectAccessible(staffPage);
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await expectToast(staffPage, 'Application accepted', { accessible: true });
    await expect(staffPage.getByRole('main')).toContainText('Accepted');
  } finally {
    await staffContext.close();
  }

  // Accepted: she may choose how to pay, and pays by card.
  await page.reload();
  await expect(application).toContainText('Accepted');
  await expect(application).toContainText('Payment Incomplete');
  await expect(application).toContainText('Payment due in 30 days');
  await expect(application).toContainText('Amount due: $950.00');
  await expectAccessible(page);
  await application.getByRole('button', { name: 'Change payment method' }).click();
  const methodDialog = page.getByRole('dialog', { name: 'Change payment method' });
  await input(methodDialog, 'Payment option').selectOption({ label: 'Purchase Order' });
  await expectAccessible(page);
  await methodDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Payment method updated successfully', { accessible: true });
  await expect(application).toContainText('Awaiting Purchase Order');
  await expect(application.getByRole('button', { name: 'Pay by Purchase Order' })).toBeVisible();
  await application.getByRole('button', { name: 'Change payment method' }).click();
  await input(methodDialog, 'Payment option').selectOption({ label: 'Credit Card' });
  await methodDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Payment method updated successfully');
  await application.getByRole('button', { name: 'Pay by Credit Card' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/members/event-cart/checkout/demo-pay');
  const eventPaymentId = new URL(page.url()).searchParams.get('eventPaymentId') ?? '';
  await expect(page.getByRole('main')).toContainText('$950.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(
    atPath(
      '/members/events/applications/checkout/success',
      `?${new URLSearchParams({ eventPaymentId, source: 'demo' }).toString()}`,
    ),
  );
  // The cart success page's texts (§2: "same behaviour as the cart success screen").
  await expect(
    page.getByRole('status').filter({ hasText: 'Your purchase was successful. You may now allocate tickets.' }),
  ).toBeVisible();
  await expectAccessible(page);

  // What was saved: the application is paid.
  await sideMenu(page).getByRole('link', { name: 'PD Services' }).click();
  await page.getByRole('link', { name: 'My Event Applications' }).click();
  await expect(application).toContainText('Accepted');
  await expect(application).toContainText('Payment status: Paid');
  await expect(application.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expect(application.getByRole('link', { name: 'Resources' })).toHaveAttribute(
    'href',
    new RegExp(`\\?eaId=${applicationId}$`),
  );
  await expectAccessible(page);
});
