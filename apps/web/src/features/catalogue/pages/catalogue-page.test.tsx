import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueFilterMessages, catalogueMessages } from '@portal/domain/events/catalogue.ts';
import { aCart, aCatalogueEvent, aCataloguePage, seriesEventId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const signedIn = { 'GET /api/me': () => jsonResponse(200, aUser()) };

describe('catalogue (PD Services)', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists upcoming events with dates, location and the lowest price, each linking to its page', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () =>
        jsonResponse(
          200,
          aCataloguePage([
            aCatalogueEvent(),
            aCatalogueEvent({
              id: '00000000-0000-4000-8000-0000000e0009',
              name: 'Instructional Leadership Institute',
              kind: 'INSTITUTE',
              gradeBands: ['6-8', 'LEADERS'],
            }),
            aCatalogueEvent({
              id: seriesEventId,
              name: 'Reading Workshop Series',
              kind: 'SERIES',
              startDate: '2026-09-21',
              endDate: '2026-11-30',
              locationName: null,
              gradeBands: [],
              priceFromCents: 8900,
              remaining: 0,
            }),
          ]),
        ),
    });
    renderApp('/members/events');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'PD Services' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const leaders = await screen.findByRole('article', { name: 'Instructional Leadership Institute' });
    expect(within(leaders).getByText('Grades 6–8')).toBeInTheDocument();
    expect(within(leaders).getByText('Leaders and coaches')).toBeInTheDocument();
    const conference = await screen.findByRole('article', { name: 'Fall Leadership Conference Day' });
    expect(within(conference).getByText('10/14/2026')).toBeInTheDocument();
    expect(within(conference).getByText('Albany Convention Center')).toBeInTheDocument();
    expect(within(conference).getByText('from $149.00')).toBeInTheDocument();
    // For every grade: no band is shown.
    expect(within(conference).queryByText(/^Grades /)).not.toBeInTheDocument();
    expect(within(conference).getByRole('link', { name: 'Fall Leadership Conference Day' })).toHaveAttribute(
      'href',
      `/members/events/${aCatalogueEvent().id}`,
    );

    const series = screen.getByRole('article', { name: 'Reading Workshop Series' });
    expect(within(series).getByText('09/21/2026 – 11/30/2026')).toBeInTheDocument();
    expect(within(series).getByText('from $89.00')).toBeInTheDocument();
    expect(within(series).getByText(catalogueMessages.soldOut)).toBeInTheDocument();
  });

  it('says so when there are no upcoming events', async () => {
    stubFetch({ ...signedIn, 'GET /api/catalogue/events': () => jsonResponse(200, aCataloguePage([])) });
    renderApp('/members/events');

    expect(await screen.findByText(catalogueMessages.noEvents, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    let failing = true;
    stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () =>
        failing ? problemResponse(500, 'Internal Server Error') : jsonResponse(200, aCataloguePage()),
    });
    renderApp('/members/events');

    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 8000 });
    expect(screen.getByText('Could not load this page')).toBeInTheDocument();
    failing = false;
    await userEvent.setup({ delay: null }).click(retry);
    expect(await screen.findByRole('article', { name: 'Fall Leadership Conference Day' })).toBeInTheDocument();
  });

  it('searches by name and turns pages, both in the address', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () => jsonResponse(200, aCataloguePage([aCatalogueEvent()], 25)),
    });
    const app = renderApp('/members/events');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Page 2' }, { timeout: 5000 }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/catalogue/events?page=2&pageSize=10')).toBe(true),
    );
    expect(app.location()).toBe('/members/events?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'leader');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/catalogue/events?search=leader&page=1&pageSize=10')).toBe(true),
    );
    expect(app.location()).toBe('/members/events?search=leader');
  });

  it('reads its filters from the address, sends them, and says No events found when nothing matches', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () => jsonResponse(200, aCataloguePage([])),
    });
    renderApp('/members/events?from=2027-01-01&to=2027-03-31&kind=INSTITUTE&format=ONLINE&grade=9-12&search=writing');

    expect(await screen.findByText(catalogueMessages.noMatch, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(
      '/api/catalogue/events?search=writing&from=2027-01-01&to=2027-03-31&kind=INSTITUTE&format=ONLINE&grade=9-12&page=1&pageSize=10',
    );
    expect(screen.getByLabelText('From')).toHaveValue('2027-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2027-03-31');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('Institute');
    expect(screen.getByRole('combobox', { name: 'Where' })).toHaveValue('Online');
    expect(screen.getByRole('combobox', { name: 'Grades' })).toHaveValue('Grades 9–12');
  });

  it('leaves out filters the address cannot mean, and marks a backwards range on To', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () => jsonResponse(200, aCataloguePage([aCatalogueEvent()])),
    });
    renderApp('/members/events?from=2027-03-01&to=2027-01-01&kind=WORKSHOP&format=HYBRID&grade=K-2');

    expect(await screen.findByText(catalogueFilterMessages.dateOrder, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/catalogue/events?from=2027-03-01&to=2027-01-01&page=1&pageSize=10',
      ),
    );
  });

  it('puts a chosen kind in the address and starts again at page 1', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () => jsonResponse(200, aCataloguePage([aCatalogueEvent()], 25)),
    });
    const app = renderApp('/members/events?page=2');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Fall Leadership Conference Day' }, { timeout: 5000 });

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Takes applications', hidden: true }));
    await waitFor(() => expect(app.location()).toBe('/members/events?kind=APPLICATIONS'));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/catalogue/events?kind=APPLICATIONS&page=1&pageSize=10'),
    );
  });

  it('puts a chosen grade band in the address, sends it, and goes back to All grades', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () => jsonResponse(200, aCataloguePage([aCatalogueEvent()], 25)),
    });
    const app = renderApp('/members/events?kind=INSTITUTE&page=2');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Fall Leadership Conference Day' }, { timeout: 5000 });
    expect(screen.getByRole('combobox', { name: 'Grades' })).toHaveValue('All grades');

    await user.click(screen.getByRole('combobox', { name: 'Grades' }));
    await user.click(await screen.findByRole('option', { name: 'Grades 6–8', hidden: true }));
    await waitFor(() => expect(app.location()).toBe('/members/events?kind=INSTITUTE&grade=6-8'));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/catalogue/events?kind=INSTITUTE&grade=6-8&page=1&pageSize=10',
      ),
    );

    await user.click(screen.getByRole('combobox', { name: 'Grades' }));
    await user.click(await screen.findByRole('option', { name: 'All grades', hidden: true }));
    await waitFor(() => expect(app.location()).toBe('/members/events?kind=INSTITUTE'));
  });

  it("is reached from the side menu's PD Services, and Event Cart reaches the checkout", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/catalogue/events': () => jsonResponse(200, aCataloguePage()),
      'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
    });
    const app = renderApp('/members/profile');
    const user = userEvent.setup({ delay: null });
    const menu = await screen.findByRole('navigation', { name: 'Side menu' }, { timeout: 5000 });

    await user.click(within(menu).getByRole('link', { name: 'PD Services' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PD Services' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/members/events');

    await user.click(within(menu).getByRole('link', { name: 'Event Cart' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Cart' }, { timeout: 5000 })).toBeInTheDocument();
    expect(app.location()).toBe('/members/event-cart/checkout');
  });
});
