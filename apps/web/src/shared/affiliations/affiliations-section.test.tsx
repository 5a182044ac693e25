import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../test/fetch-stub.ts';
import { anAffiliation, ids, lookups, renderSection } from './test-fixtures.tsx';

const lincolnHit = {
  id: ids.lincoln,
  name: 'Lincoln Elementary School',
  districtName: 'Springfield District',
  city: 'Springfield',
  stateProvince: 'NY',
};
const washingtonHit = { ...lincolnHit, id: ids.washington, name: 'Washington Middle School' };

// Drawers, selects and toasts in jsdom take a few seconds on a busy machine.
describe('My affiliations', { timeout: 15_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists the affiliations with district, position and grades', async () => {
    stubFetch({
      'GET /api/affiliations': () =>
        jsonResponse(200, { items: [anAffiliation({ grades: ['K', '1'], gradeIds: [ids.gradeK, ids.grade1] })] }),
    });
    renderSection();

    const section = screen.getByRole('region', { name: 'My affiliations' });
    const item = await within(section).findByRole('listitem');
    expect(within(item).getByText('Lincoln Elementary School')).toBeInTheDocument();
    expect(within(item).getByText('Springfield District')).toBeInTheDocument();
    expect(within(item).getByText('Position: Teacher')).toBeInTheDocument();
    expect(within(item).getByText('Grades: K, 1')).toBeInTheDocument();
  });

  it('says when there are none, and offers Retry when loading fails', async () => {
    let fail = true;
    stubFetch({
      'GET /api/affiliations': () =>
        fail ? problemResponse(500, 'Internal Server Error') : jsonResponse(200, { items: [] }),
    });
    renderSection();
    const user = userEvent.setup();

    expect(await screen.findByText('Could not load your affiliations', {}, { timeout: 3000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have no affiliations yet.')).toBeInTheDocument();
  });

  it('shows the editor’s messages when saved empty', async () => {
    const calls = stubFetch({
      'GET /api/affiliations': () => jsonResponse(200, { items: [] }),
      'GET /api/lookups': () => jsonResponse(200, lookups),
    });
    renderSection();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add affiliation' }));
    const editor = await screen.findByRole('dialog', { name: 'Add affiliation' });
    await user.click(await within(editor).findByRole('button', { name: 'Save' }));

    expect(await within(editor).findByText('Organization is required')).toBeInTheDocument();
    expect(within(editor).getByText('Position is required')).toBeInTheDocument();
    expect(within(editor).getByText('Grade selection is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('opens the Create a New Organization panel over the editor', async () => {
    stubFetch({
      'GET /api/affiliations': () => jsonResponse(200, { items: [] }),
      'GET /api/lookups': () => jsonResponse(200, lookups),
    });
    renderSection();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add affiliation' }));
    const editor = await screen.findByRole('dialog', { name: 'Add affiliation' });
    await user.click(await within(editor).findByRole('button', { name: 'Create a New Organization' }));

    const panel = await screen.findByRole('dialog', { name: 'Create a New Organization' });
    // The creation form is its own chunk, loaded when the panel first opens.
    expect(await within(panel).findByRole('combobox', { name: /^Country/ })).toHaveValue('United States');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create a New Organization' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Add affiliation' })).toBeInTheDocument();
  });

  it('adds an affiliation with an organization found by search', async () => {
    const saved = anAffiliation({
      membershipId: 'm-2',
      organizationId: ids.washington,
      organizationName: 'Washington Middle School',
    });
    const calls = stubFetch({
      'GET /api/affiliations': () => jsonResponse(200, { items: [] }),
      'GET /api/lookups': () => jsonResponse(200, lookups),
      'GET /api/organizations/search': () => jsonResponse(200, { items: [lincolnHit, washingtonHit], total: 2 }),
      'POST /api/affiliations': () => jsonResponse(201, saved),
    });
    renderSection();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add affiliation' }));
    const editor = await screen.findByRole('dialog', { name: 'Add affiliation' });
    await user.type(await within(editor).findByRole('combobox', { name: /^Organization/ }), 'Was');
    await user.click(await screen.findByRole('option', { name: /Washington Middle School/ }));
    await user.click(within(editor).getByRole('combobox', { name: /^Position/ }));
    await user.click(await screen.findByRole('option', { name: 'Teacher' }));
    await user.click(within(editor).getByRole('combobox', { name: /^Grades/ }));
    await user.click(await screen.findByRole('option', { name: '1' }));
    await user.click(await screen.findByRole('option', { name: 'K' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Affiliation saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      organizationId: ids.washington,
      positionId: ids.teacher,
      gradeIds: [ids.gradeK, ids.grade1],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add affiliation' })).not.toBeInTheDocument());
  });

  it('edits an affiliation with its organization already chosen', async () => {
    let current = anAffiliation();
    const calls = stubFetch({
      'GET /api/affiliations': () => jsonResponse(200, { items: [current] }),
      'GET /api/lookups': () => jsonResponse(200, lookups),
      'PUT /api/affiliations/m-1': () => {
        current = anAffiliation({ positionId: ids.coach, positionLabel: 'Instructional Coach' });
        return jsonResponse(200, current);
      },
    });
    renderSection();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit affiliation with Lincoln Elementary School' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit affiliation' });
    expect(await within(editor).findByRole('combobox', { name: /^Organization/ })).toHaveValue(
      'Lincoln Elementary School',
    );
    await user.click(within(editor).getByRole('combobox', { name: /^Position/ }));
    await user.click(await screen.findByRole('option', { name: 'Instructional Coach' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Position: Instructional Coach')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      organizationId: ids.lincoln,
      positionId: ids.coach,
      gradeIds: [ids.gradeK],
    });
    expect(calls.some((call) => call.path.startsWith('/api/organizations/search'))).toBe(false);
  });

  it('removes an affiliation after confirmation, and shows why the server refuses an owner', async () => {
    const owner = 'An owner cannot remove this affiliation. Please contact support.';
    const calls = stubFetch({
      'GET /api/affiliations': () =>
        jsonResponse(200, {
          items: [
            anAffiliation(),
            anAffiliation({ membershipId: 'm-9', organizationName: 'Owned School', role: 'OWNER' }),
          ],
        }),
      'DELETE /api/affiliations/m-1': () => new Response(null, { status: 204 }),
      'DELETE /api/affiliations/m-9': () => problemResponse(403, 'Forbidden', { detail: owner }),
    });
    renderSection();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove affiliation with Lincoln Elementary School' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this affiliation?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Affiliation removed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/affiliations/m-1',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove affiliation with Owned School' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this affiliation?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText(owner)).toBeInTheDocument();
  });
});
