import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { atPath, demoPassword, demoUsers, signIn, submitSignIn } from './fixtures/auth.ts';
import { expectToast, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { linkInNewestMail } from './fixtures/mailbox.ts';
import { downloadPdf } from './fixtures/pdf.ts';
import { expect, test } from './fixtures/test.ts';

const phone = { width: 390, height: 844 };
const texts = {
  waits: 'Complete the evaluation to receive your certificate',
  sent: 'Thank you: your evaluation was sent',
  required: 'Answer this question',
  saved: 'Saved as you go',
};

interface JourneyEvent {
  people: { id: string; email: string; firstName: string; lastName: string }[];
  event: { id: string; name: string; sectionId: string; sectionTitle: string };
}

/** The journey's own attendee, taker and one-day event meeting today, with the default evaluation it requires. */
async function journeyEvent(request: APIRequestContext): Promise<JourneyEvent> {
  const token = uniqueToken();
  const answer = await request.post('/api/dev/journey-data', {
    headers: { 'x-requested-with': 'portal' },
    data: {
      people: [
        { copyOf: demoUsers.teacherLincoln.email, firstName: 'Eva', lastName: `Journey-${token}` },
        { copyOf: demoUsers.teacherLincoln.email, firstName: 'Tom', lastName: `Journey-${token}` },
      ],
      event: { name: `Evaluation Day ${token}`, evaluation: true },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as JourneyEvent;
}

function fitsPhone(page: Page) {
  return expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

test('an attendee marked present gets the evaluation mail, opens it in one click on a phone, fills it (kept half-filled) and downloads the certificate it released', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(journeyTimeout);
  const { people, event } = await journeyEvent(request);
  const [attendee, taker] = people;
  if (!attendee || !taker) throw new Error('the journey data has no attendee or taker');

  // The taker marks her present on the taker's own page.
  const takerContext = await browser.newContext({ baseURL });
  try {
    const page = await takerContext.newPage();
    await signIn(page, taker.email, demoPassword);
    await page.goto(`/members/events/${event.id}/attendance/${event.sectionId}?advanced=false`);
    await expect(page.getByRole('heading', { name: event.sectionTitle })).toBeVisible();
    await page.getByRole('checkbox', { name: new RegExp(`^${attendee.firstName} ${attendee.lastName}`) }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Attendance updated');
  } finally {
    await takerContext.close();
  }

  const context = await browser.newContext({ baseURL, viewport: phone });
  try {
    const page = await context.newPage();
    const link = await linkInNewestMail(page, {
      to: attendee.email,
      subject: `How was ${event.name}? Your evaluation`,
      linkPath: '/members/evaluate/',
    });
    // One click: the signed link opens her form on the phone, without signing in.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Evaluation', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
    await expect(page.getByText(event.name)).toBeVisible();
    await expect(
      page.getByText('Your certificate of attendance is released as soon as you send this evaluation.'),
    ).toBeVisible();
    await fitsPhone(page);
    await expectAccessible(page);

    // Half filled, then away and back: what she chose is still there.
    await page.getByRole('radio', { name: '4 Very good' }).check();
    await page.getByLabel(/What do you intend to apply/).fill('Running records every week');
    await expect(page.getByText(texts.saved, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: '4 Very good' })).toBeChecked();
    await expect(page.getByLabel(/What do you intend to apply/)).toHaveValue('Running records every week');

    // A required answer left out is named on its question.
    await page.getByRole('button', { name: 'Send evaluation' }).click();
    await expect(page.getByText(texts.required).first()).toBeVisible();
    const facilitator = page.getByRole('radiogroup', { name: /The facilitator was knowledgeable/ });
    await facilitator.getByRole('radio', { name: 'Strongly agree' }).check();
    const organization = page.getByRole('radiogroup', { name: /The day was well organized/ });
    await organization.getByRole('radio', { name: 'Agree', exact: true }).check();
    await page.getByRole('button', { name: 'Send evaluation' }).click();
    await expectToast(page, texts.sent);
    await expect(page.getByRole('heading', { name: 'Evaluation sent' })).toBeVisible();
    await fitsPhone(page);
    await expectAccessible(page);

    // Released at once: she signs in from the page and the certificate downloads, naming her and the event.
    await page.getByRole('link', { name: 'Sign in to download your certificate' }).click();
    await submitSignIn(page, attendee.email, demoPassword);
    await expect(page).toHaveURL(atPath('/members/manage-events'));
    const pdf = await downloadPdf(page, () =>
      page.getByRole('link', { name: `Download certificate: ${event.name}` }).click(),
    );
    expect(pdf.name).toMatch(/^certificate-.*\.pdf$/);
    expect(pdf.text).toContain(`${attendee.firstName} ${attendee.lastName}`);
    expect(pdf.text).toContain(event.name);

    // What was saved: answered once, and Manage Events offers no evaluation any more.
    const again = await page.request.post(`/api/evaluations/links/${link.split('/').at(-1) ?? ''}`, {
      headers: { 'x-requested-with': 'portal' },
      data: { answers: { relevance: 1 } },
    });
    expect(again.status()).toBe(409);
    await page.goto('/members/manage-events');
    await expect(page.getByRole('link', { name: `Download certificate: ${event.name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^Evaluation: ${event.name}`) })).toHaveCount(0);
    await expect(page.getByText(texts.waits)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
