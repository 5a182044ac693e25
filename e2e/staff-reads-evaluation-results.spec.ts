import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility.ts';
import { demoPassword, demoUsers, signIn } from './fixtures/auth.ts';
import { chooseOption, expectToast, journeyTimeout, uniqueToken } from './fixtures/forms.ts';
import { csvOf, exportList } from './fixtures/exports.ts';
import { expect, test } from './fixtures/test.ts';

interface JourneyEvent {
  people: { id: string; email: string; firstName: string; lastName: string }[];
  event: { id: string; name: string; sectionId: string; sectionTitle: string };
}

/** The journey's own attendee, taker and one-day event meeting today, without an evaluation yet. */
async function journeyEvent(request: APIRequestContext): Promise<JourneyEvent> {
  const token = uniqueToken();
  const answer = await request.post('/api/dev/journey-data', {
    headers: { 'x-requested-with': 'portal' },
    data: {
      people: [
        { copyOf: demoUsers.teacherLincoln.email, firstName: 'Rae', lastName: `Journey-${token}` },
        { copyOf: demoUsers.teacherLincoln.email, firstName: 'Ty', lastName: `Journey-${token}` },
      ],
      event: { name: `Results Day ${token}`, evaluation: false },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as JourneyEvent;
}

/** Signs a person in on their own request context, as the API sees a browser. */
async function apiAs(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, email: string) {
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-requested-with': 'portal' } });
  const login = await context.post('/api/auth/login', { data: { email, password: demoPassword } });
  expect(login.status()).toBe(200);
  return context;
}

test('staff build an event’s evaluation with a preview, then read its results and export them', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(journeyTimeout);
  const { people, event } = await journeyEvent(request);
  const [attendee, taker] = people;
  if (!attendee || !taker) throw new Error('the journey data has no attendee or taker');

  await signIn(page, demoUsers.staff.email);
  await page.goto(`/admin/events/${event.id}`);
  await page.getByRole('link', { name: 'Evaluation', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation', level: 1 })).toBeVisible();
  await expect(page.getByText('This event has no evaluation yet')).toBeVisible();
  await expectAccessible(page);

  // The default template, one question more, a facilitator, and the certificate waiting.
  await expect(page.getByRole('textbox', { name: 'Question 1' })).toHaveValue(
    'How relevant was this day to your work?',
  );
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question 6' }).fill('Would you come again?');
  await page.getByRole('button', { name: 'Move question 6 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Question 5' })).toHaveValue('Would you come again?');
  await page.getByLabel(`Facilitator of ${event.sectionTitle}`).fill('Fran Facilitator');
  await page.getByRole('switch', { name: 'The certificate waits for the evaluation' }).check();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview: what attendees see' });
  await expect(preview.getByRole('radiogroup', { name: /5\. Would you come again\?/ })).toBeVisible();
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Save evaluation' }).click();
  await expectToast(page, 'Evaluation saved');

  // The taker marks the attendee present and she answers, through the API as their browsers would.
  const takerApi = await apiAs(playwright, baseURL, taker.email);
  const marked = await takerApi.put(`/api/events/${event.id}/attendance/${event.sectionId}`, {
    data: {
      date: new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' }),
      rows: [{ userId: attendee.id, attended: true }],
    },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  const attendeeApi = await apiAs(playwright, baseURL, attendee.email);
  const asked = (await (await attendeeApi.get('/api/evaluations')).json()) as {
    items: { eventId: string; occasion: string; questions: { id: string }[] }[];
  };
  const mine = asked.items.find((item) => item.eventId === event.id);
  if (!mine) throw new Error('the attendee was not asked');
  const extra = mine.questions[4]?.id ?? '';
  const sent = await attendeeApi.post(`/api/evaluations/${event.id}/${mine.occasion}`, {
    data: {
      answers: {
        relevance: 5,
        apply: 'Guided reading',
        facilitator: 4,
        organization: 4,
        [extra]: 3,
        comment: 'Great day',
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await takerApi.dispose();
  await attendeeApi.dispose();

  // The results: the rate, each question's bars and table, the free text, per facilitator too.
  await page.goto(`/admin/events/${event.id}`);
  await page.getByRole('link', { name: 'Evaluation results' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation results', level: 1 })).toBeVisible();
  await expect(page.getByText('Response rate')).toBeVisible();
  await expect(page.getByText('100 %').first()).toBeVisible();
  const relevance = page.getByRole('table', { name: /1\. How relevant was this day to your work\?: distribution/ });
  await expect(relevance.getByRole('row', { name: /5 Excellent 1 100 %/ })).toBeVisible();
  await expect(page.getByText('Guided reading')).toBeVisible();
  await expectAccessible(page);
  await chooseOption(page, page, 'Results of', 'Facilitator: Fran Facilitator');
  await expect(page.getByText('Great day')).toBeVisible();

  // The export names her (the evaluation is not anonymous) and holds her answers.
  const rows = await csvOf(await exportList(page, 'evaluation responses', 'CSV'));
  expect(rows[0]?.slice(0, 6)).toEqual(['Name', 'Email', 'Occasion', 'Section', 'Facilitator', 'Submitted on']);
  expect(rows[1]?.slice(0, 2)).toEqual([`${attendee.firstName} ${attendee.lastName}`, attendee.email]);
  expect(rows[1]).toContain('Guided reading');
  expect(rows[1]).toContain('Fran Facilitator');
  const excel = await exportList(page, 'evaluation responses', 'Excel');
  expect(excel.suggestedFilename()).toBe(`evaluation-${event.id}.xlsx`);

  // Answers came in: the questions are locked now.
  await page.goto(`/admin/events/${event.id}/evaluation`);
  await expect(page.getByText('1 answer has come in')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add question' })).toBeDisabled();
});
