import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import { aCatalogueEvent, aCataloguePage, aConferenceDay, aSeriesEvent } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { eventTexts } from '../components/event-labels.ts';

const applicationId = '00000000-0000-4000-8000-0000000ea301';
const institute = aConferenceDay({
  id: '00000000-0000-4000-8000-0000000e0301',
  kind: 'INSTITUTE',
  name: 'Coaching Institute',
  acceptsApplications: true,
  onSale: false,
});
const signedIn = { 'GET /api/me': () => jsonResponse(200, aUser()) };

function stubInstitute(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    ...signedIn,
    [`GET /api/catalogue/events/${institute.id}`]: () => jsonResponse(200, institute),
    'POST /api/event-applications': () => jsonResponse(201, { applicationId }),
    ...routes,
  });
}

async function openInstitute() {
  const app = renderApp(`/members/events/${institute.id}`);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Coaching Institute' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  return { app, user: userEvent.setup({ delay: null }) };
}

describe('applying from the catalogue', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('offers Apply on an event that takes applications, and its sections are not bought one by one', async () => {
    stubInstitute();
    await openInstitute();

    const panel = screen.getByRole('region', { name: 'Applications' });
    expect(within(panel).getByText(eventTexts.takesApplications)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: eventTexts.myApplications })).toHaveAttribute(
      'href',
      applicationPaths.list,
    );
    // The sections are shown (the applicant chooses them in the application), without Add to cart.
    expect(await screen.findByRole('article', { name: 'Coaching Writing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('starts the application and opens its general information step', async () => {
    const calls = stubInstitute();
    const { app, user } = await openInstitute();

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(app.location()).toBe(applicationPaths.step(applicationId, 'general-information')));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/event-applications');
    expect(post?.body).toEqual({ eventId: institute.id });
    expect(post?.headers['x-requested-with']).toBe('portal');
  });

  it('shows the server refusal and stays on the event', async () => {
    stubInstitute({
      'POST /api/event-applications': () =>
        problemResponse(400, 'Bad Request', { detail: applicationMessages.notOpen }),
    });
    const { app, user } = await openInstitute();

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(applicationMessages.notOpen)).toBeInTheDocument();
    expect(app.location()).toBe(`/members/events/${institute.id}`);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('offers no Apply on an event that sells tickets', async () => {
    const series = aSeriesEvent();
    stubFetch({ ...signedIn, [`GET /api/catalogue/events/${series.id}`]: () => jsonResponse(200, series) });
    renderApp(`/members/events/${series.id}`);

    expect(await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('links the catalogue to My Event Applications and marks events that take applications', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () =>
        jsonResponse(
          200,
          aCataloguePage([
            aCatalogueEvent(),
            aCatalogueEvent({ id: institute.id, name: 'Coaching Institute', acceptsApplications: true, onSale: false }),
          ]),
        ),
    });
    renderApp('/members/events');

    const link = await screen.findByRole('link', { name: eventTexts.myApplications }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', applicationPaths.list);
    const card = await screen.findByRole('article', { name: 'Coaching Institute' });
    expect(within(card).getByText(eventTexts.applicationsOpen)).toBeInTheDocument();
    const conference = screen.getByRole('article', { name: 'Fall Leadership Conference Day' });
    expect(within(conference).queryByText(eventTexts.applicationsOpen)).not.toBeInTheDocument();
  });
});
