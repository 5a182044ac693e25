import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartMessages } from '@portal/domain/commerce/cart.ts';
import { catalogueMessages } from '@portal/domain/events/catalogue.ts';
import {
  aCart,
  aCartItem,
  aConferenceDay,
  aSeriesEvent,
  conferenceDayId,
  sectionIds,
  seriesEventId,
  ticketTypeId,
} from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const signedIn = { 'GET /api/me': () => jsonResponse(200, aUser()) };
const conferencePath = `/members/events/${conferenceDayId}`;

function stubEvent(detail = aConferenceDay(), routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    ...signedIn,
    [`GET /api/catalogue/events/${detail.id}`]: () => jsonResponse(200, detail),
    'POST /api/cart/items': () => jsonResponse(201, aCart()),
    ...routes,
  });
}

async function section(title: string) {
  return screen.findByRole('article', { name: title }, { timeout: 5000 });
}

describe('event page', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('shows a conference day as paths > groupings > sections with seats, Free and Sold out', async () => {
    stubEvent();
    renderApp(conferencePath);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fall Leadership Conference Day' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('A day of workshops for school leaders.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'First Year' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Morning' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Afternoon' })).toBeInTheDocument();

    const writing = await section('Coaching Writing');
    expect(within(writing).getByText('10/14/2026')).toBeInTheDocument();
    expect(within(writing).getByText('Room 101')).toBeInTheDocument();
    expect(within(writing).getByText('Audience: Coaches, Principals')).toBeInTheDocument();
    expect(within(writing).getByText('Coaching conversations about writing.')).toBeInTheDocument();
    expect(within(writing).getByText('40 seats left')).toBeInTheDocument();
    expect(within(writing).getByRole('textbox', { name: 'Number of tickets' })).toHaveValue('1');
    expect(within(writing).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();

    const reading = await section('Coaching Reading');
    expect(within(reading).getByText(catalogueMessages.soldOut)).toBeInTheDocument();
    expect(within(reading).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();

    const lunch = await section('Networking Lunch');
    expect(within(lunch).getByText('Free')).toBeInTheDocument();
    expect(within(lunch).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('adds a section to the cart and says so', async () => {
    const calls = stubEvent();
    renderApp(conferencePath);
    const user = userEvent.setup({ delay: null });

    const writing = await section('Coaching Writing');
    const quantity = within(writing).getByRole('textbox', { name: 'Number of tickets' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(writing).getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText(catalogueMessages.added)).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/cart/items');
    expect(post?.body).toEqual({
      eventId: conferenceDayId,
      ticketTypeId,
      sectionId: sectionIds.writing,
      numberOfTickets: 2,
    });
    expect(post?.headers['x-requested-with']).toBe('portal');
  });

  it('keeps the quantity after an add, says what went in, and counts it on the cart in the header', async () => {
    stubEvent(aConferenceDay(), {
      'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
      'POST /api/cart/items': () => jsonResponse(201, aCart({ items: [aCartItem({ numberOfTickets: 3 })] })),
    });
    renderApp(conferencePath);
    const user = userEvent.setup({ delay: null });

    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Event Cart' })).toHaveAttribute(
      'href',
      '/members/event-cart/checkout',
    );
    const writing = await section('Coaching Writing');
    const quantity = within(writing).getByRole('textbox', { name: 'Number of tickets' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(writing).getByRole('button', { name: 'Add to cart' }));

    expect(await within(writing).findByRole('status')).toHaveTextContent('3 tickets added to your cart');
    expect(quantity).toHaveValue('3');
    expect(await within(header).findByRole('link', { name: 'Event Cart: 3 tickets in the cart' })).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '1');
    expect(within(writing).getByRole('status')).toHaveTextContent('');
  });

  it('refuses quantities outside 1–100 and beyond the seats left, without asking the server', async () => {
    const calls = stubEvent();
    renderApp(conferencePath);
    const user = userEvent.setup({ delay: null });

    const data = await section('Data-Driven Instruction');
    const quantity = within(data).getByRole('textbox', { name: 'Number of tickets' });
    const add = within(data).getByRole('button', { name: 'Add to cart' });

    await user.clear(quantity);
    await user.click(add);
    expect(await within(data).findByText(cartMessages.ticketsRange)).toBeInTheDocument();

    await user.type(quantity, '101');
    await user.click(add);
    expect(await within(data).findByText(cartMessages.ticketsRange)).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(add);
    expect(await within(data).findByText(catalogueMessages.notEnoughSeats(3))).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers a ticket-type choice when there are several and sends the one chosen', async () => {
    const earlyBird = '00000000-0000-4000-8000-0000000f0002';
    const calls = stubEvent(
      aConferenceDay({
        ticketTypes: [
          { id: ticketTypeId, name: 'Conference day', priceCents: 14900 },
          { id: earlyBird, name: 'Early bird', priceCents: 9900 },
        ],
      }),
    );
    renderApp(conferencePath);
    const user = userEvent.setup({ delay: null });

    const writing = await section('Coaching Writing');
    const ticketType = within(writing).getByRole('combobox', { name: 'Ticket type' });
    expect(
      within(ticketType)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Conference day — $149.00', 'Early bird — $99.00']);
    await user.selectOptions(ticketType, 'Early bird — $99.00');
    await user.click(within(writing).getByRole('button', { name: 'Add to cart' }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        eventId: conferenceDayId,
        ticketTypeId: earlyBird,
        sectionId: sectionIds.writing,
        numberOfTickets: 1,
      }),
    );
  });

  it('sells a series event as a whole', async () => {
    const calls = stubEvent(aSeriesEvent());
    renderApp(`/members/events/${seriesEventId}`);
    const user = userEvent.setup({ delay: null });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reading Workshop Series' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('09/21/2026 – 11/30/2026')).toBeInTheDocument();
    expect(screen.getByText('Series pass: $89.00')).toBeInTheDocument();
    expect(screen.getByText('60 seats left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        eventId: seriesEventId,
        ticketTypeId,
        sectionId: null,
        numberOfTickets: 1,
      }),
    );
  });

  it('sells an institute without sections as a whole, as the cart API does', async () => {
    const calls = stubEvent(aSeriesEvent({ kind: 'INSTITUTE', name: 'Summer Writing Institute' }));
    renderApp(`/members/events/${seriesEventId}`);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 5000 }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ sectionId: null }));
  });

  it('says when sales have closed and offers nothing to add', async () => {
    stubEvent(aConferenceDay({ purchaseOpen: false, onSale: false }));
    renderApp(conferencePath);

    expect(await screen.findByText(catalogueMessages.purchaseClosed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await section('Coaching Writing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('shows the server reason when adding fails', async () => {
    stubEvent(aConferenceDay(), {
      'POST /api/cart/items': () => problemResponse(409, 'Conflict', { detail: 'Coaching Writing is sold out.' }),
    });
    renderApp(conferencePath);
    const user = userEvent.setup({ delay: null });

    await user.click(within(await section('Coaching Writing')).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Coaching Writing is sold out.')).toBeInTheDocument();
  });

  it('shows not found for an unknown or unpublished event', async () => {
    stubFetch({ ...signedIn });
    renderApp('/members/events/00000000-0000-4000-8000-00000000ffff');

    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
