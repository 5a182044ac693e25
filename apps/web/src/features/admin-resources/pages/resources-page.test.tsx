import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resourceMessages, type ResourceRow } from '@portal/domain/content/resources.ts';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const eventId = '5a0c0d7e-5b1a-4c39-9d61-1a2b3c4d5e6f';
const api = `/api/admin/events/${eventId}`;
const staff = aUser({ role: 'STAFF', memberships: [] });

const event = {
  id: eventId,
  name: 'Fall Leadership Conference Day',
  paths: [
    { id: 'p1', groupings: [{ id: 'g1', name: 'Morning', sections: [{ id: 's1', title: 'Coaching Writing' }] }] },
  ],
} as unknown as StaffEventDetail;

const row = (id: string, title: string, order: number, fields: Partial<ResourceRow> = {}): ResourceRow => ({
  id,
  title,
  description: '',
  url: `https://example.org/${id}`,
  file: null,
  order,
  sections: [],
  ...fields,
});
const first = row('r1', 'Welcome letter', 0);
const second = row('r2', 'Slides', 1, {
  url: null,
  file: { name: 'slides.pdf', size: 2048, type: 'pdf' },
  sections: [{ id: 's1', title: 'Coaching Writing' }],
});

async function openPage() {
  renderApp(`/admin/events/${eventId}/resources`, { mantineEnv: 'test' });
  await screen.findByRole('heading', { name: 'Resources', level: 1 }, { timeout: 5000 });
  return userEvent.setup({ delay: null });
}

describe('staff console: event resources', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists resources in order with up/down buttons, the first not up and the last not down; moving answers the new order', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, event),
      [`GET ${api}/resources`]: () => jsonResponse(200, { items: [first, second] }),
      'POST /api/admin/resources/r2/move': () =>
        jsonResponse(200, {
          items: [
            { ...second, order: 0 },
            { ...first, order: 1 },
          ],
        }),
    });
    const user = await openPage();
    const table = await screen.findByRole('table', { name: 'Resources' });
    expect(within(table).getByRole('button', { name: 'Move Welcome letter up' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Move Slides down' })).toBeDisabled();
    expect(within(table).getByText('slides.pdf (PDF, 2 KB)')).toBeInTheDocument();
    expect(within(table).getByText('Coaching Writing')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Move Slides up' }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Slides'));
    expect(calls.find((call) => call.path === '/api/admin/resources/r2/move')?.body).toEqual({ direction: 'up' });
  });

  it('refuses to send a resource with neither a link nor a file, then shows the server’s field errors', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, event),
      [`GET ${api}/resources`]: () => jsonResponse(200, { items: [] }),
      [`POST ${api}/resources`]: () =>
        problemResponse(400, 'Bad Request', {
          detail: 'Please correct the highlighted fields.',
          errors: { url: resourceMessages.urlInvalid },
        }),
    });
    const user = await openPage();
    expect(await screen.findByText(resourceMessages.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New resource' }));
    const form = await screen.findByRole('form', { name: 'New resource' });
    await user.type(within(form).getByLabelText(/^Title/), 'Reading list');
    await user.click(within(form).getByRole('button', { name: 'Create resource' }));
    expect(await within(form).findAllByText(resourceMessages.linkOrFile)).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText(/^Link/), 'https://example.org/list');
    await user.click(within(form).getByRole('button', { name: 'Create resource' }));
    expect(await within(form).findByText(resourceMessages.urlInvalid)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect([sent.get('title'), sent.get('url'), sent.get('sectionIds'), sent.get('file')]).toEqual([
      'Reading list',
      'https://example.org/list',
      '',
      null,
    ]);
  });
});
