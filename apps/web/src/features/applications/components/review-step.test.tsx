import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import {
  aCompleteApplication,
  aSubmittedApplication,
  paymentOptionIds,
  segmentsPath,
  wizardPath,
  wizardRoutes,
} from '../../../test/applications.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function openStep(detail: ApplicationDetail, routes: Parameters<typeof wizardRoutes>[1] = {}) {
  const calls = stubFetch(wizardRoutes(detail, { 'GET /api/profile': () => problemResponse(500, 'Error'), ...routes }));
  const app = renderApp(wizardPath('review-and-submit'));
  await screen.findByRole('heading', { level: 2, name: 'General Information' }, { timeout: 8000 });
  return { app, calls, user: userEvent.setup() };
}

describe('Application wizard: review and submit', { timeout: 30_000 }, () => {
  it('shows everything entered: general information, affiliations, ranked sections and answers', async () => {
    await openStep(aCompleteApplication());

    const general = screen.getByRole('region', { name: 'General Information' });
    expect(within(general).getByText('Tara Thompson')).toBeInTheDocument();
    expect(within(general).getByText('(518) 555-0199')).toBeInTheDocument();
    expect(await screen.findByText(/Washington Middle School/)).toBeInTheDocument();
    expect(screen.getByText('Rank 1: Data Conversations (Strands)')).toBeInTheDocument();
    expect(screen.getByText('Rank 2: Coaching Cycles (Strands)')).toBeInTheDocument();
    expect(screen.getByText('K-2, 3-5')).toBeInTheDocument();
    expect(screen.getByText('Not answered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', wizardPath('questionnaire'));
  });

  it('asks for a payment option, then submits and goes to the profile', async () => {
    const { app, calls, user } = await openStep(aCompleteApplication(), {
      [segmentsPath]: () => jsonResponse(200, aSubmittedApplication()),
    });

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(applicationMessages.paymentOptionRequired)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /Payment option/ }), 'Purchase Order');
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(app.location()).toBe('/members/profile'));
    expect(await screen.findByText(applicationMessages.submitted)).toBeInTheDocument();
    const submits = calls.filter((call) => `${call.method} ${call.path}` === segmentsPath);
    expect(submits.map((call) => call.body)).toEqual([
      { segment: 'REVIEW_AND_SUBMIT', data: { paymentOptionId: paymentOptionIds.purchaseOrder } },
    ]);
  });

  it('lists what is missing and keeps Submit disabled until nothing is', async () => {
    const missing = {
      generalInformation: true,
      affiliation: false,
      sectionChosen: true,
      section: true,
      questionnaire: true,
    };
    // An application that lost its affiliation after reaching review (the server still answers it).
    const { app } = await openStep(aCompleteApplication(), {
      [`GET /api/event-applications/${aCompleteApplication().id}`]: (() => {
        let reads = 0;
        return () =>
          jsonResponse(200, reads++ === 0 ? aCompleteApplication() : aCompleteApplication({ progress: missing }));
      })(),
    });

    await app.queryClient.refetchQueries();
    expect(await screen.findByText(applicationMessages.affiliationMissing)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows the server’s message when the submit is refused', async () => {
    const { app, user } = await openStep(
      aCompleteApplication({ paymentOption: { id: paymentOptionIds.card, label: 'Credit Card', method: 'CARD' } }),
      {
        [segmentsPath]: () => problemResponse(400, 'Bad Request', { detail: applicationMessages.questionnaireMissing }),
      },
    );

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(applicationMessages.questionnaireMissing)).toBeInTheDocument();
    expect(app.location()).toBe(wizardPath('review-and-submit'));
  });

  it('is a read-only summary once submitted', async () => {
    await openStep(aSubmittedApplication());

    expect(screen.getByText(applicationMessages.notEditable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Payment option/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Payment option/ })).toHaveValue(paymentOptionIds.card);
  });
});
