import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { affiliationMessages } from '@portal/domain/organizations/messages.ts';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import {
  aCompleteApplication,
  anApplicationDetail,
  aSubmittedApplication,
  wizardPath,
  wizardRoutes,
} from '../../../test/applications.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function openStep(routes: ReturnType<typeof wizardRoutes>) {
  stubFetch(routes);
  const app = renderApp(wizardPath('affiliations-and-attendance'));
  await screen.findByRole('heading', { level: 1, name: 'Coaching Institute' }, { timeout: 8000 });
  return { app, user: userEvent.setup() };
}

describe('Application wizard: affiliations and attendance', { timeout: 30_000 }, () => {
  it('lists the member’s affiliations with the profile’s editor, and goes on to sections', async () => {
    const { app, user } = await openStep(wizardRoutes(aCompleteApplication()));

    expect(await screen.findByText('Washington Middle School', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add affiliation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', wizardPath('general-information'));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(app.location()).toBe(wizardPath('sections')));
  });

  it('refuses to go on without an affiliation', async () => {
    const { app, user } = await openStep(
      wizardRoutes(
        anApplicationDetail({
          progress: {
            generalInformation: true,
            affiliation: false,
            sectionChosen: false,
            section: false,
            questionnaire: false,
          },
        }),
        {
          'GET /api/affiliations': () => jsonResponse(200, { items: [] }),
        },
      ),
    );

    await screen.findByText('You have no affiliations yet.', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(applicationMessages.affiliationMissing);
    expect(app.location()).toBe(wizardPath('affiliations-and-attendance'));
  });

  it('says what is missing when the next step is not open yet', async () => {
    const { app, user } = await openStep(wizardRoutes(anApplicationDetail()));

    await screen.findByText('Washington Middle School', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText(applicationMessages.generalInformationMissing)).toBeInTheDocument();
    expect(app.location()).toBe(wizardPath('affiliations-and-attendance'));
  });

  it('only lists the affiliations of a submitted application', async () => {
    await openStep(wizardRoutes(aSubmittedApplication()));

    expect(await screen.findByText('Washington Middle School', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add affiliation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit affiliation/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).not.toBeInTheDocument();
    expect(screen.queryByText(affiliationMessages.createNew)).not.toBeInTheDocument();
  });
});
