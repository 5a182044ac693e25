import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resourcesHubMessages, type ResourcesHub } from '@portal/domain/content/organization-resources.ts';
import {
  genericErrorMessage,
  temporarilyUnavailableMessage,
  tryAgainSoonMessage,
} from '@portal/domain/problems/messages.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const hub: ResourcesHub = {
  organizations: [{ id: 'org-1', name: 'Lincoln Elementary School' }],
  videoCollections: [
    { id: 'c-1', slug: 'coaching-cycles', name: 'Coaching Cycles in Action', description: '', videoCount: 3 },
  ],
  events: [
    { id: 'e-1', name: 'Literacy Coaching Days', startDate: '2026-11-23', endDate: '2026-11-25', resourceCount: 2 },
  ],
};

describe("'Resources' page", { timeout: 30_000 }, () => {
  it('links to the organization resources, each video collection and each attended event’s resources', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/resources-hub': () => jsonResponse(200, hub),
    });
    renderApp('/members/resources');
    const organizations = await screen.findByRole('region', { name: 'Organization resources' }, { timeout: 5000 });
    expect(within(organizations).getByRole('link', { name: 'Lincoln Elementary School' })).toHaveAttribute(
      'href',
      '/members/organization-resources?organizationId=org-1',
    );
    const videos = screen.getByRole('region', { name: 'Video collections' });
    expect(within(videos).getByRole('link', { name: 'Coaching Cycles in Action' })).toHaveAttribute(
      'href',
      '/members/video-collection/coaching-cycles',
    );
    expect(within(videos).getByText('3 videos')).toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Event resources' });
    expect(within(events).getByRole('link', { name: 'Literacy Coaching Days' })).toHaveAttribute(
      'href',
      '/members/events/e-1/resources',
    );
  });

  it('says what is empty', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/resources-hub': () => jsonResponse(200, { organizations: [], videoCollections: [], events: [] }),
    });
    renderApp('/members/resources');
    expect(await screen.findByText(resourcesHubMessages.noOrganizations, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(resourcesHubMessages.noCollections)).toBeInTheDocument();
    expect(screen.getByText(resourcesHubMessages.noEvents)).toBeInTheDocument();
  });

  it('shows loading, then the error with a retry', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/resources-hub': () => problemResponse(500, 'Internal Server Error', { detail: 'Something went wrong' }),
    });
    renderApp('/members/resources');
    expect(await screen.findByText('Could not load resources', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says a passing outage passes, and Retry reads again', async () => {
    let outage = true;
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/resources-hub': () =>
        outage
          ? problemResponse(503, 'Service Unavailable', { detail: temporarilyUnavailableMessage })
          : jsonResponse(200, { organizations: [], videoCollections: [], events: [] }),
    });
    renderApp('/members/resources');
    expect(await screen.findByText(tryAgainSoonMessage, {}, { timeout: 5000 })).toBeInTheDocument();
    outage = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(resourcesHubMessages.noOrganizations, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("names a failure of the server's with the request's reference, for support", async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/resources-hub': () =>
        new Response(JSON.stringify({ title: 'Internal Server Error', status: 500, detail: genericErrorMessage }), {
          status: 500,
          headers: { 'content-type': 'application/problem+json', 'x-request-id': 'req-4711' },
        }),
    });
    renderApp('/members/resources');
    expect(
      await screen.findByText(`${genericErrorMessage} (reference req-4711)`, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
