import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { evaluationMessages, type MyEvaluation } from '@portal/domain/events/evaluations.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

const token = 'c2lnbmVkLWxpbmstZm9yLWEtdGVzdA';
const linkApi = `/api/evaluations/links/${token}`;

const evaluation: MyEvaluation = {
  eventId: '3f1c2b9a-6d4e-4c1a-9b2f-0a1b2c3d4e5f',
  eventName: 'Literacy Day',
  occasion: 'END',
  anonymous: false,
  requiredForCertificate: true,
  questions: [
    { id: 'relevance', kind: 'RATING', prompt: 'How relevant was this day to your work?', required: true },
    {
      id: 'format',
      kind: 'SINGLE_CHOICE',
      prompt: 'How did you attend?',
      required: false,
      options: ['In person', 'Online'],
    },
  ],
  draft: { format: 'Online' },
  submitted: false,
};

const signedOut = () => problemResponse(401, 'Unauthorized');

describe('the evaluation mail’s signed link', () => {
  beforeEach(() => notifications.clean());

  it('opens her form without signing in, with her draft, and sends it', async () => {
    const calls = stubFetch({
      'GET /api/me': signedOut,
      [`GET ${linkApi}`]: () => jsonResponse(200, evaluation),
      [`POST ${linkApi}`]: () => jsonResponse(200, { ...evaluation, draft: {}, submitted: true }),
    });
    const app = renderApp(`/members/evaluate/${token}`);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Evaluation' })).toBeInTheDocument();
    expect(app.location()).toBe(`/members/evaluate/${token}`);
    // Her half-filled form, as the link's draft keeps it (autosized text areas need a browser, so a choice here).
    expect(screen.getByRole('radio', { name: 'Online' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Send evaluation' }));
    expect(await screen.findByText(evaluationMessages.required)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '5 Excellent' }));
    await user.click(screen.getByRole('button', { name: 'Send evaluation' }));

    expect(await screen.findByRole('heading', { name: 'Evaluation sent' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to download your certificate' })).toHaveAttribute(
      'href',
      '/members/manage-events',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      answers: { relevance: 5, format: 'Online' },
    });
  });

  it('says a link that is not valid any more, and where to find the form', async () => {
    stubFetch({
      'GET /api/me': signedOut,
      [`GET ${linkApi}`]: () => problemResponse(404, 'Not Found', { detail: evaluationMessages.linkInvalid }),
    });
    renderApp(`/members/evaluate/${token}`);
    expect(await screen.findByText(evaluationMessages.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Manage Events' })).toBeInTheDocument();
  });
});
