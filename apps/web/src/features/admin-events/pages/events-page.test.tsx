import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffEventMessages } from '@portal/domain/events/admin-contracts.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { anEvent, anEventPage, eventId, eventRows } from '../test-fixtures.ts';
import { staff } from '../../../test/users.ts';

const list = '/api/admin/events';

async function openPage() {
  const app = renderApp('/admin/events');
  await screen.findByRole('heading', { name: 'Events', level: 1 }, { timeout: 5000 });
  return app;
}

async function openNewEventForm() {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'New event' }));
  const form = await screen.findByRole('form', { name: 'New event' }, { timeout: 5000 });
  return { user, form };
}

describe('staff console: events', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists events with their kind, dates, seats sold and whether they are published', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, anEventPage(eventRows)),
    });
    await openPage();

    const day = (await screen.findByRole('link', { name: 'Fall Leadership Conference Day' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(day).getByText('Conference day')).toBeInTheDocument();
    expect(within(day).getByText('10/15/2026')).toBeInTheDocument();
    expect(within(day).getByText('By section')).toBeInTheDocument();
    expect(within(day).getByText('Published')).toBeInTheDocument();
    // Dark text: green-9 on the light variant's green tint is 3.8:1, below AA.
    expect(within(day).getByText('Published').closest('.mantine-Badge-root')).toHaveStyle({
      color: 'var(--mantine-color-dark-text)',
    });
    expect(screen.getByRole('link', { name: 'Fall Leadership Conference Day' })).toHaveAttribute(
      'href',
      `/admin/events/${eventId}`,
    );

    const series = screen.getByRole('link', { name: 'Reading Workshop Series' }).closest('tr') as HTMLElement;
    expect(within(series).getByText('09/01/2026 – 09/03/2026')).toBeInTheDocument();
    expect(within(series).getByText('0 / 60')).toBeInTheDocument();
    expect(within(series).getByText('Draft')).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith(list))?.path).toBe(`${list}?page=1&pageSize=20`);
  });

  it('says when there are no events', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, anEventPage([])),
    });
    await openPage();
    expect(await screen.findByText('No events')).toBeInTheDocument();
  });

  it('checks a new event before sending it: required fields, dates, the end before the start, the price', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, anEventPage(eventRows)),
    });
    await openPage();
    const { user, form } = await openNewEventForm();

    await user.click(within(form).getByRole('button', { name: 'Create event' }));
    expect(await within(form).findByText(staffEventMessages.nameRequired)).toBeInTheDocument();
    expect(within(form).getAllByText(staffEventMessages.dateInvalid)).toHaveLength(2);
    expect(within(form).getByText(staffEventMessages.priceInvalid)).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Name/), 'Winter Institute');
    await user.type(within(form).getByLabelText(/^Start date/), '02/10/2027');
    await user.type(within(form).getByLabelText(/^End date/), '02/09/2027');
    await user.type(within(form).getByLabelText(/^Ticket price/), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Create event' }));

    expect(await within(form).findByText(staffEventMessages.endBeforeStart)).toBeInTheDocument();
    expect(within(form).getByText(staffEventMessages.priceInvalid)).toBeInTheDocument();
    expect(within(form).queryByText(staffEventMessages.nameRequired)).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Capacity/));
    await user.type(within(form).getByLabelText(/^Capacity/), '0');
    await user.click(within(form).getByRole('button', { name: 'Create event' }));
    expect(await within(form).findByText(staffEventMessages.capacityInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates an event with its first ticket type (price in cents) and opens it', async () => {
    const created = anEvent({
      id: 'event-new',
      name: 'Winter Institute',
      kind: 'INSTITUTE',
      paths: [],
      ticketTypes: [],
    });
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, anEventPage(eventRows)),
      [`POST ${list}`]: () => jsonResponse(201, created),
      [`POST ${list}/event-new/ticket-types`]: () => jsonResponse(201, created),
      [`GET ${list}/event-new`]: () => jsonResponse(200, created),
    });
    const app = await openPage();
    const { user, form } = await openNewEventForm();

    await user.type(within(form).getByLabelText(/^Name/), '  Winter Institute ');
    await user.click(within(form).getByRole('combobox', { name: /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Institute', hidden: true }));
    await user.type(within(form).getByLabelText(/^Start date/), '02/10/2027');
    await user.type(within(form).getByLabelText(/^End date/), '02/12/2027');
    await user.clear(within(form).getByLabelText(/^Days before purchase closes/));
    await user.type(within(form).getByLabelText(/^Days before purchase closes/), '7');
    await user.type(within(form).getByLabelText(/^Capacity/), '100');
    await user.type(within(form).getByLabelText(/^Ticket price/), '1,200');
    await user.click(within(form).getByRole('checkbox', { name: /^Published/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^Quotes hold seats/ }));
    await user.click(within(form).getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText(staffEventMessages.created)).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/admin/events/event-new'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([list, `${list}/event-new/ticket-types`]);
    expect(posts[0]?.body).toEqual({
      name: 'Winter Institute',
      kind: 'INSTITUTE',
      eventType: null,
      eventSubtype: null,
      description: '',
      locationName: null,
      gradeBands: [],
      startDate: '2027-02-10',
      endDate: '2027-02-12',
      daysBeforePurchaseClose: 7,
      maxTickets: 100,
      published: true,
      quotesHoldSeats: true,
    });
    expect(posts[1]?.body).toEqual({ name: 'General admission', priceCents: 120000 });
  });
});
