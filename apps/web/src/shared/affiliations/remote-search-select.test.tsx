import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { RemoteSearchSelect, type PickedOption } from './remote-search-select.tsx';
import { ids, renderWithProviders } from './test-fixtures.tsx';

function OrganizationPicker() {
  const [selected, setSelected] = useState<PickedOption | null>(null);
  return (
    <RemoteSearchSelect
      kind="organizations"
      label="Organization"
      noResults="No organizations found"
      selected={selected}
      onChange={setSelected}
    />
  );
}

const hit = {
  id: ids.lincoln,
  name: 'Lincoln Elementary School',
  districtName: 'Springfield District',
  city: 'Springfield',
  stateProvince: 'NY',
};

describe('organization search', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library lets its own zero-delay timeout through only when it sees Jest's fake timers.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => vi.useRealTimers());

  it('asks nothing under 3 characters, then once when typing pauses for 300 ms', async () => {
    const calls = stubFetch({ 'GET /api/organizations/search': () => jsonResponse(200, { items: [hit], total: 1 }) });
    renderWithProviders(<OrganizationPicker />);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const searches = () => calls.filter((call) => call.path.startsWith('/api/organizations/search'));
    const input = screen.getByRole('combobox', { name: 'Organization' });

    await user.type(input, 'Li');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters to search')).toBeInTheDocument();

    await user.type(input, 'nc');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(searches()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches().map((call) => call.path)).toEqual(['/api/organizations/search?search=Linc&skip=0&take=10']);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('option', { name: /Lincoln Elementary School/ })).toHaveTextContent(
      'Springfield District · Springfield, NY',
    );
    expect(searches()).toHaveLength(1);
  });

  it('says "over 1,000" when the server stopped counting', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      ...hit,
      id: `${ids.lincoln.slice(0, -2)}${String(i).padStart(2, '0')}`,
      name: `School ${i}`,
    }));
    stubFetch({
      'GET /api/organizations/search': () => jsonResponse(200, { items: many, total: 1000, totalCapped: true }),
    });
    renderWithProviders(<OrganizationPicker />);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.type(screen.getByRole('combobox', { name: 'Organization' }), 'School');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('Showing 10 of over 1,000')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    stubFetch({ 'GET /api/organizations/search': () => jsonResponse(200, { items: [], total: 0 }) });
    renderWithProviders(<OrganizationPicker />);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.type(screen.getByRole('combobox', { name: 'Organization' }), 'Zzyzx');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    expect(await screen.findByText('No organizations found')).toBeInTheDocument();
  });
});
