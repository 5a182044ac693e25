import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resourceMessages, type ResourceListReply, type ResourceRow } from '@portal/domain/content/resources.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const eventId = '7f0c0d7e-5b1a-4c39-9d61-1a2b3c4d5e6f';
const applicationId = '0b3e2f5a-8c9d-4e1f-a2b3-c4d5e6f7a8b9';
const apiPath = `/api/events/${eventId}/resources`;

const slides: ResourceRow = {
  id: 'r-1',
  title: 'Coaching Writing slides',
  description: 'The deck from the morning session.',
  url: null,
  file: { name: 'slides.pdf', size: 2 * 1024 * 1024, type: 'pdf' },
  order: 0,
  sections: [{ id: 's-1', title: 'Coaching Writing' }],
};
const reading: ResourceRow = {
  id: 'r-2',
  title: 'Reading list',
  description: '',
  url: 'https://example.org/list',
  file: null,
  order: 1,
  sections: [],
};

function page(items: ResourceRow[]): ResourceListReply {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    event: { id: eventId, name: 'Fall Leadership Conference Day' },
    section: null,
  };
}

describe('Event resources', { timeout: 30_000 }, () => {
  it('lists the resources with their sections, a download and a link; a search waits for typing to stop', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${apiPath}`]: (_, url) =>
        jsonResponse(200, page(url.searchParams.get('search') === 'nothing' ? [] : [slides, reading])),
    });
    renderApp(`/members/events/${eventId}/resources?eaId=${applicationId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Fall Leadership Conference Day')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: slides.title });
    expect(within(card).getByText('Coaching Writing')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `Download ${slides.title}` })).toHaveAttribute(
      'href',
      `${apiPath}/r-1/file`,
    );
    expect(within(card).getByText('slides.pdf · PDF, 2.0 MB')).toBeInTheDocument();
    const link = within(screen.getByRole('article', { name: reading.title })).getByRole('link', {
      name: /Open Reading list/,
    });
    expect(link).toHaveAttribute('href', 'https://example.org/list');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Back to My Event Applications' })).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith(apiPath) && call.path.includes(`eaId=${applicationId}`))).toBe(
      true,
    );

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Search resources' }), 'nothing');
    // One request for the whole word, once typing paused: none for 'n', 'no', 'not'…
    expect(await screen.findByText(resourceMessages.empty, {}, { timeout: 3000 })).toBeInTheDocument();
    const searches = calls.filter((call) => call.path.startsWith(apiPath) && call.path.includes('search='));
    expect(searches.map((call) => new URL(call.path, 'http://localhost').searchParams.get('search'))).toEqual([
      'nothing',
    ]);
    expect(searches[0]?.path).toContain(`eaId=${applicationId}`);
  });

  it("shows the server's refusal to a member who does not attend the event", async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${apiPath}`]: () => problemResponse(404, 'Not Found', { detail: resourceMessages.notAttending }),
    });
    renderApp(`/members/events/${eventId}/resources`);
    expect(await screen.findByText(resourceMessages.notAttending, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Could not load resources')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading resources' })).not.toBeInTheDocument());
  });
});
