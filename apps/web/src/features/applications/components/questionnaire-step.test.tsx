import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail, SaveSegmentInput } from '@portal/domain/applications/contracts.ts';
import {
  aCompleteApplication,
  anApplicationDetail,
  questionIds,
  segmentsPath,
  wizardPath,
  wizardRoutes,
} from '../../../test/applications.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

const progress = {
  generalInformation: true,
  affiliation: true,
  sectionChosen: true,
  section: true,
  questionnaire: false,
};
const unanswered = () =>
  anApplicationDetail({
    progress,
    pathId: aCompleteApplication().pathId,
    requestedSections: aCompleteApplication().requestedSections,
  });

async function openStep(detail: ApplicationDetail, routes: Parameters<typeof wizardRoutes>[1] = {}) {
  const calls = stubFetch(wizardRoutes(detail, routes));
  const app = renderApp(wizardPath('questionnaire'), { mantineEnv: 'test' });
  await screen.findByRole('textbox', { name: /Why do you want to attend\?/ }, { timeout: 8000 });
  return { app, calls, user: userEvent.setup() };
}

const saves = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((call) => `${call.method} ${call.path}` === segmentsPath);

describe('Application wizard: questionnaire', { timeout: 30_000 }, () => {
  it('renders each question by its type, required ones marked, checkbox options in a named group', async () => {
    await openStep(unanswered());

    expect(screen.getByRole('textbox', { name: /Why do you want to attend\?/ })).toBeRequired();
    expect(screen.getByRole('group', { name: /Which grades do you coach\?/ })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['K-2', '3-5', '6-8']);
    expect(screen.getByRole('textbox', { name: 'Anything else we should know?' })).not.toBeRequired();
  });

  it('Save & Continue needs every required question: “Question is required” and nothing sent', async () => {
    const { calls, user } = await openStep(unanswered());

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(screen.getAllByText(applicationMessages.questionRequired)).toHaveLength(2);
    expect(saves(calls)).toHaveLength(0);
  });

  it('Save keeps an incomplete questionnaire, trimmed', async () => {
    const { calls, user } = await openStep(unanswered(), { [segmentsPath]: () => jsonResponse(200, unanswered()) });

    await user.type(screen.getByRole('textbox', { name: /Why do you want to attend\?/ }), '  To grow.  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(applicationMessages.saved)).toBeInTheDocument();
    expect(saves(calls)[0]?.body).toEqual({
      segment: 'QUESTIONNAIRE',
      data: {
        answers: [
          { questionId: questionIds.why, value: ['To grow.'] },
          { questionId: questionIds.grades, value: [] },
          { questionId: questionIds.anything, value: [] },
        ],
      },
    });
    expect(screen.getByText(applicationMessages.questionRequired)).toBeInTheDocument();
  });

  it('Save & Continue goes on to review and submit', async () => {
    let sent: SaveSegmentInput | undefined;
    const { app, user } = await openStep(unanswered(), {
      [segmentsPath]: (body) => {
        sent = body as SaveSegmentInput;
        return jsonResponse(200, aCompleteApplication());
      },
    });

    await user.type(screen.getByRole('textbox', { name: /Why do you want to attend\?/ }), 'To grow.');
    await user.click(screen.getByRole('checkbox', { name: '3-5' }));
    await user.click(screen.getByRole('checkbox', { name: 'K-2' }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    await waitFor(() => expect(app.location()).toBe(wizardPath('review-and-submit')));
    expect(sent).toMatchObject({
      data: { answers: [{ value: ['To grow.'] }, { value: ['3-5', 'K-2'] }, { value: [] }] },
    });
  });

  it('shows the server’s refusal of an answer on its question', async () => {
    const { user } = await openStep(aCompleteApplication({ progress }), {
      [segmentsPath]: () =>
        problemResponse(400, 'Bad Request', {
          detail: 'Please correct the answers.',
          errors: { [questionIds.grades]: applicationMessages.optionUnknown },
        }),
    });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct the answers.')).toBeInTheDocument();
    expect(screen.getByText(applicationMessages.optionUnknown)).toBeInTheDocument();
  });
});
