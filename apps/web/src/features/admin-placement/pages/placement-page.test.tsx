import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlacementBoard, PlacementPreview } from '@portal/domain/applications/placement-contracts.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const eventId = '00000000-0000-4000-8000-0000000e0027';
const groupingId = '00000000-0000-4000-8000-0000000f0001';
const cycles = { id: '00000000-0000-4000-8000-0000000a0001', title: 'Coaching Cycles' };
const modeling = { id: '00000000-0000-4000-8000-0000000a0002', title: 'Modeling Lessons' };
const ava = {
  applicationId: '00000000-0000-4000-8000-0000000b0001',
  firstName: 'Ava',
  lastName: 'Adams',
  email: 'ava@demo.test',
};
const placementPath = `/api/admin/events/${eventId}/placement`;

const board = (placed: number): PlacementBoard => ({
  event: { id: eventId, name: 'Coaching Institute' },
  groupings: [
    {
      id: groupingId,
      name: 'Strand',
      pathName: 'First year',
      pathLevel: 'FIRST_YEAR',
      maxTickets: null,
      sections: [
        { id: cycles.id, title: cycles.title, maxTickets: 1, ticketSeats: 0, placed },
        { id: modeling.id, title: modeling.title, maxTickets: 4, ticketSeats: 0, placed: 0 },
      ],
    },
  ],
  accepted: 2,
  placed,
});

// Ava takes the one seat of Coaching Cycles: it is full, Modeling Lessons has room; Ben, who ranked only Cycles, waits.
const preview = (source: 'RUN' | 'PUBLISHED'): PlacementPreview => ({
  seed: null,
  byRank: [1],
  newPlaces: source === 'RUN' ? 1 : 0,
  fill: [
    { sectionId: cycles.id, change: source === 'RUN' ? 1 : 0, remaining: 0 },
    { sectionId: modeling.id, change: 0, remaining: 4 },
  ],
  unplaced: [
    {
      applicationId: '00000000-0000-4000-8000-0000000b0002',
      firstName: 'Ben',
      lastName: 'Brooks',
      email: 'ben@demo.test',
      groupingId,
      groupingName: 'Strand',
      reason: 'Every section they ranked is full',
    },
  ],
  refusedMoves: [],
  places: {
    items: [
      {
        ...ava,
        groupingId,
        sectionId: cycles.id,
        sectionTitle: cycles.title,
        rank: 1,
        source,
        reason: null,
      },
    ],
    page: 1,
    pageSize: 25,
    total: 1,
  },
  fingerprint: source === 'RUN' ? 'run-1' : 'published-1',
});

/** A staff member on the page; publishing flips the board and the next preview to Ava's published place. */
function open() {
  let published = false;
  stubFetch({
    'GET /api/me': () => jsonResponse(200, staff),
    [`GET /api/admin/events/${eventId}`]: () => jsonResponse(404, { title: 'Not Found', status: 404 }),
    [`GET ${placementPath}`]: () => jsonResponse(200, board(published ? 1 : 0)),
    [`POST ${placementPath}/preview`]: () => jsonResponse(200, preview(published ? 'PUBLISHED' : 'RUN')),
    [`POST ${placementPath}/publish`]: () => {
      published = true;
      return jsonResponse(200, { published: 1, message: '1 place published' });
    },
  });
  renderApp(`/admin/events/${eventId}/placement`, { mantineEnv: 'test' });
}

async function previewed() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Preview placement' }, { timeout: 5000 }));
  return { user, panel: await screen.findByRole('region', { name: 'Preview' }, { timeout: 5000 }) };
}

describe('staff console: placement', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('offers a full section in the Move dialog marked "Full", not to be chosen (issue 39)', async () => {
    open();
    const { user, panel } = await previewed();
    await user.click(within(panel).getByRole('button', { name: 'Move Ben Brooks by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Ben Brooks' });
    await user.click(within(dialog).getByPlaceholderText('Choose a section'));
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([`${cycles.title} (Full)`, modeling.title]);
    expect(options.map((option) => option.getAttribute('aria-disabled'))).toEqual(['true', null]);
  });

  it('keeps the places in view after Publish, now as published', async () => {
    open();
    const { user, panel } = await previewed();
    expect(within(panel).getByRole('table', { name: 'Places' })).toHaveTextContent('New');
    await user.click(within(panel).getByRole('button', { name: 'Publish placement' }));
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('1 place published', {}, { timeout: 5000 })).toBeInTheDocument();

    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Places' })).getByText('Published')).toBeInTheDocument(),
    );
    expect(screen.getByRole('table', { name: 'Places' })).toHaveTextContent('Ava Adams');
    expect(screen.getByText(/1 placed\./)).toBeInTheDocument();
  });
});
