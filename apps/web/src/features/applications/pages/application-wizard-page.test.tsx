import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import {
  aCompleteApplication,
  anApplicationDetail,
  aSubmittedApplication,
  segmentsPath,
  wizardPath,
  wizardRoutes,
} from '../../../test/applications.ts';
import { problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

const heading = () => screen.findByRole('heading', { level: 1, name: 'Coaching Institute' }, { timeout: 8000 });
const stepButton = (name: RegExp) => screen.getByRole('button', { name });

describe('Application wizard', { timeout: 30_000 }, () => {
  it('shows the event, the five steps with the unreachable ones disabled, and the first step', async () => {
    stubFetch(wizardRoutes(anApplicationDetail()));
    renderApp(wizardPath('general-information'));
    await heading();

    expect(screen.getByRole('navigation', { name: 'Application steps' })).toBeInTheDocument();
    expect(stepButton(/General Information/)).toHaveAttribute('aria-current', 'step');
    expect(stepButton(/Affiliations and Attendance/)).toBeEnabled();
    expect(stepButton(/Sections/)).toBeDisabled();
    expect(stepButton(/Questionnaire/)).toBeDisabled();
    expect(stepButton(/Review and Submit/)).toBeDisabled();
    expect(await screen.findByRole('textbox', { name: /First name/ }, { timeout: 5000 })).toHaveValue('Tara');
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('opens a reachable step from the step list', async () => {
    stubFetch(wizardRoutes(aCompleteApplication()));
    const app = renderApp(wizardPath('general-information'));
    await heading();
    const user = userEvent.setup();

    await user.click(stepButton(/Questionnaire/));
    await waitFor(() => expect(app.location()).toBe(wizardPath('questionnaire')));
    expect(await screen.findByRole('textbox', { name: /Why do you want to attend\?/ }, { timeout: 5000 })).toHaveValue(
      'To grow as a coach.',
    );
  });

  it('sends a step that is not reachable yet to the furthest reachable one', async () => {
    stubFetch(
      wizardRoutes(
        anApplicationDetail({
          progress: {
            generalInformation: true,
            affiliation: true,
            sectionChosen: false,
            section: false,
            questionnaire: false,
          },
        }),
      ),
    );
    const app = renderApp(wizardPath('review-and-submit'));
    await heading();

    expect(app.location()).toBe(wizardPath('sections'));
    expect(stepButton(/Sections/)).toHaveAttribute('aria-current', 'step');
  });

  it('opens the questionnaire once a section is chosen, though the selection is not complete (§2)', async () => {
    stubFetch(
      wizardRoutes(
        anApplicationDetail({
          progress: {
            generalInformation: true,
            affiliation: true,
            sectionChosen: true,
            section: false,
            questionnaire: false,
          },
        }),
      ),
    );
    const app = renderApp(wizardPath('review-and-submit'));
    await heading();

    expect(app.location()).toBe(wizardPath('questionnaire'));
    expect(stepButton(/Questionnaire/)).toHaveAttribute('aria-current', 'step');
  });

  it('sends a simplified application to the profile', async () => {
    stubFetch(
      wizardRoutes(anApplicationDetail({ isSimplified: true }), {
        'GET /api/profile': () => problemResponse(500, 'Error'),
      }),
    );
    const app = renderApp(wizardPath('general-information'));

    await waitFor(() => expect(app.location()).toBe('/members/profile'), { timeout: 8000 });
  });

  it('shows not found for an application of someone else', async () => {
    stubFetch(
      wizardRoutes(anApplicationDetail(), {
        [`GET /api/event-applications/${anApplicationDetail().id}`]: () =>
          problemResponse(404, 'Not Found', { detail: applicationMessages.notFound }),
      }),
    );
    renderApp(wizardPath('general-information'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('shows not found for a step that does not exist', async () => {
    stubFetch(wizardRoutes(anApplicationDetail()));
    renderApp('/members/events/applications/00000000-0000-4000-8000-0000000ea001/manage/payment');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('says when the application cannot be read', async () => {
    stubFetch(
      wizardRoutes(anApplicationDetail(), {
        [`GET /api/event-applications/${anApplicationDetail().id}`]: () =>
          problemResponse(500, 'Internal Server Error', { detail: 'Something went wrong' }),
      }),
    );
    renderApp(wizardPath('general-information'));
    expect(await screen.findByText('Could not load this page', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('locks every step of a submitted application: fields disabled, no Save, a notice', async () => {
    const calls = stubFetch(wizardRoutes(aSubmittedApplication()));
    renderApp(wizardPath('general-information'));
    await heading();

    expect(screen.getByText(applicationMessages.notEditable)).toBeInTheDocument();
    expect(screen.getByText('Submitted')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /First name/ }, { timeout: 5000 })).toBeDisabled();
    expect(await screen.findByRole('textbox', { name: /Phone/ }, { timeout: 5000 })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).not.toBeInTheDocument();
    expect(calls.some((call) => `${call.method} ${call.path}` === segmentsPath)).toBe(false);
  });
});
