import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueMessages } from '@portal/domain/events/catalogue.ts';
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
              id: seriesEventId,
              name: 'Reading Workshop Series',
              kind: 'SERIES',
              startDate: '2026-09-21',
              endDate: '2026-11-30',
              locationName: null,
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
    const conference = await screen.findByRole('article', { name: 'Fall Leadership Conference Day' });
    expect(within(conference).getByText('10/14/2026')).toBeInTheDocument();
    expect(within(conference).getByText('Albany Convention Center')).toBeInTheDocument();
    expect(within(conference).getByText('from $149.00')).toBeInTheDocument();
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
