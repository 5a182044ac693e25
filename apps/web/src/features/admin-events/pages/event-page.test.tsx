import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffEventMessages } from '@portal/domain/events/admin-contracts.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { anEvent, eventId } from '../test-fixtures.ts';
import { staff } from '../../../test/users.ts';

const api = `/api/admin/events/${eventId}`;

async function openPage() {
  renderApp(`/admin/events/${eventId}`);
  await screen.findByRole('heading', { name: 'Fall Leadership Conference Day', level: 1 }, { timeout: 5000 });
  // The event's form loads after the page.
  await screen.findByRole('form', { name: 'Event details' }, { timeout: 5000 });
  return userEvent.setup({ delay: null });
}

describe('staff console: an event', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('shows the event, its ticket types and its paths > groupings > sections', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(200, staff), [`GET ${api}`]: () => jsonResponse(200, anEvent()) });
    await openPage();

    const details = screen.getByRole('form', { name: 'Event details' });
    expect(within(details).getByLabelText(/^Name/)).toHaveValue('Fall Leadership Conference Day');
    expect(within(details).getByLabelText(/^Start date/)).toHaveValue('10/15/2026');
    expect(within(details).getByLabelText(/^Capacity/)).toHaveValue('');
    expect(within(details).getByLabelText(/^Days before purchase closes/)).toHaveValue('14');

    const ticketTypes = screen.getByRole('region', { name: 'Ticket types' });
    expect(within(ticketTypes).getByRole('cell', { name: '$149.00' })).toBeInTheDocument();

    const structure = screen.getByRole('region', { name: 'Paths, groupings and sections' });
    expect(within(structure).getByRole('heading', { name: 'Path first-year', level: 3 })).toBeInTheDocument();
    expect(within(structure).getByRole('heading', { name: 'Morning', level: 4 })).toBeInTheDocument();
    const section = within(structure).getByRole('cell', { name: 'Coaching Writing' }).closest('tr') as HTMLElement;
    expect(within(section).getByText('12 / 40')).toBeInTheDocument();
    expect(within(section).getByText('Teachers, Coaches')).toBeInTheDocument();
  });

  it('shows the grade bands, and saves the bands staff pick', async () => {
    let saved = anEvent({ gradeBands: ['LEADERS'] });
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, saved),
      [`PUT ${api}`]: () => {
        saved = anEvent({ gradeBands: ['6-8', 'LEADERS'] });
        return jsonResponse(200, saved);
      },
    });
    const user = await openPage();
    expect(screen.getByText('Grade bands: Leaders and coaches')).toBeInTheDocument();
    const details = screen.getByRole('form', { name: 'Event details' });

    await user.click(within(details).getByLabelText(/^Grade bands/));
    await user.click(await screen.findByRole('option', { name: 'Grades 6–8', hidden: true }));
    await user.click(within(details).getByRole('button', { name: 'Save event' }));
    expect(await screen.findByText(staffEventMessages.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ gradeBands: ['LEADERS', '6-8'] });
    expect(await screen.findByText('Grade bands: Grades 6–8, Leaders and coaches')).toBeInTheDocument();
  });

  it('has no sections for a series', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anEvent({ kind: 'SERIES', paths: [] })),
    });
    await openPage();
    expect(screen.queryByRole('region', { name: 'Paths, groupings and sections' })).not.toBeInTheDocument();
  });

  it('saves the event; a capacity below what is sold is refused on the field', async () => {
    let refuse = false;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anEvent()),
      [`PUT ${api}`]: () =>
        refuse
          ? problemResponse(409, 'Conflict', { detail: staffEventMessages.capacityBelowSold(12) })
          : jsonResponse(200, anEvent({ name: 'Fall Leadership Day' })),
    });
    const user = await openPage();
    const details = screen.getByRole('form', { name: 'Event details' });

    await user.clear(within(details).getByLabelText(/^Name/));
    await user.type(within(details).getByLabelText(/^Name/), 'Fall Leadership Day');
    await user.click(within(details).getByRole('button', { name: 'Save event' }));
    expect(await screen.findByText(staffEventMessages.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Fall Leadership Day',
      startDate: '2026-10-15',
      endDate: '2026-10-15',
      maxTickets: null,
      daysBeforePurchaseClose: 14,
    });

    refuse = true;
    await user.type(within(details).getByLabelText(/^Capacity/), '5');
    await user.click(within(details).getByRole('button', { name: 'Save event' }));
    expect(await within(details).findByText(staffEventMessages.capacityBelowSold(12))).toBeInTheDocument();
  });

  it('adds a ticket type with its price typed in dollars', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anEvent()),
      [`POST ${api}/ticket-types`]: () => jsonResponse(201, anEvent()),
    });
    const user = await openPage();

    await user.click(screen.getByRole('button', { name: 'Add ticket type' }));
    const form = await screen.findByRole('form', { name: 'Ticket type' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText(/^Name/), 'Early bird');
    await user.type(within(form).getByLabelText(/^Price/), 'free');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(staffEventMessages.priceInvalid)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Price/));
    await user.type(within(form).getByLabelText(/^Price/), '$129.5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(staffEventMessages.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Early bird', priceCents: 12950 });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Ticket type' })).not.toBeInTheDocument());
  });

  it('links to the application settings, and edits a path with its level', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anEvent()),
      'PUT /api/admin/paths/path-1': () => jsonResponse(200, anEvent()),
    });
    renderApp(`/admin/events/${eventId}`, { mantineEnv: 'test' });
    await screen.findByRole('form', { name: 'Event details' }, { timeout: 5000 });
    const user = userEvent.setup({ delay: null });

    expect(screen.getByRole('link', { name: 'Application settings' })).toHaveAttribute(
      'href',
      `/admin/events/${eventId}/applications`,
    );
    const structure = screen.getByRole('region', { name: 'Paths, groupings and sections' });
    expect(within(structure).getByText(/^First Year · selection by sections/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit path first-year' }));
    const form = await screen.findByRole('form', { name: 'Path' }, { timeout: 5000 });
    const level = within(form).getByRole('combobox', { name: /^Level/ });
    expect(level).toHaveValue('First Year');
    await user.click(level);
    await user.click(await screen.findByRole('option', { name: 'Advanced', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(staffEventMessages.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'first-year',
      level: 'ADVANCED',
      applicationSelectionLevel: 'SECTIONS',
      requireRankedSelection: false,
      rankedSelectionAmount: 1,
      position: 0,
    });
  });

  it('adds a section with its dates and audiences as lists', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anEvent()),
      'POST /api/admin/groupings/grouping-1/sections': () => jsonResponse(201, anEvent()),
    });
    const user = await openPage();

    await user.click(screen.getByRole('button', { name: 'Add section to Morning' }));
    const form = await screen.findByRole('form', { name: 'Section' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText(/^Title/), 'Coaching Math');
    await user.type(within(form).getByLabelText(/^Dates/), '10/15/2026, 10/32/2026');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(staffEventMessages.dateInvalid)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Dates/));
    await user.type(within(form).getByLabelText(/^Dates/), '10/15/2026, 10/16/2026');
    await user.type(within(form).getByLabelText(/^Audience types/), 'Teachers, Principals');
    await user.type(within(form).getByLabelText(/^Capacity/), '25');
    await user.click(within(form).getByRole('checkbox', { name: /^Free/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(staffEventMessages.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Coaching Math',
      dates: ['2026-10-15', '2026-10-16'],
      locationName: null,
      audienceType: ['Teachers', 'Principals'],
      description: '',
      isFree: true,
      maxTickets: 25,
      position: 1,
    });
  });

  it("deletes a section after confirming, and shows the server's reason when it is in use", async () => {
    let inUse = false;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anEvent()),
      'DELETE /api/admin/sections/section-1': () =>
        inUse
          ? problemResponse(409, 'Conflict', { detail: staffEventMessages.inUse })
          : new Response(null, { status: 204 }),
    });
    const user = await openPage();

    await user.click(screen.getByRole('button', { name: 'Delete section Coaching Writing' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete section Coaching Writing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete section Coaching Writing' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete section Coaching Writing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(staffEventMessages.deleted)).toBeInTheDocument();

    inUse = true;
    await user.click(screen.getByRole('button', { name: 'Delete section Coaching Writing' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete section Coaching Writing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(staffEventMessages.inUse)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('shows the not-found page for an unknown event', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => problemResponse(404, 'Not Found'),
    });
    renderApp(`/admin/events/${eventId}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sets the cancellation policy: until 7 days before, a $10.00 fee, purchase orders by credit note', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anEvent()),
      [`GET ${api}/cancellation-policy`]: () =>
        jsonResponse(200, {
          buyerCancelDaysBefore: null,
          feeType: 'NONE',
          feeValue: 0,
          purchaseOrderRefund: 'REQUEST',
        }),
      [`PUT ${api}/cancellation-policy`]: (body) => jsonResponse(200, body),
    });
    const user = await openPage();
    const form = await screen.findByRole('form', { name: 'Cancellation policy' }, { timeout: 5000 });
    expect(within(form).getByText(/cannot be cancelled online/)).toBeInTheDocument();

    await user.click(within(form).getByRole('switch', { name: 'Buyers may cancel their tickets online' }));
    const days = within(form).getByLabelText(/^Until how many days/);
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(form).getByLabelText('Cancellation fee'));
    await user.click(await screen.findByRole('option', { name: 'A fixed amount per ticket', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save cancellation policy' }));
    expect(await within(form).findByText('Enter the fee')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Fee per ticket ($)'), '10');
    await user.click(within(form).getByRole('radio', { name: 'Refunded by a credit note the finance office settles' }));
    expect(
      within(form).getByText(/until 7 days before the event starts .* less a fee of \$10\.00 per ticket/),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save cancellation policy' }));

    expect(await screen.findByText('Cancellation policy saved.')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PUT' && call.path === `${api}/cancellation-policy`);
    expect(sent?.body).toEqual({
      buyerCancelDaysBefore: 7,
      feeType: 'FIXED',
      feeValue: 1000,
      purchaseOrderRefund: 'CREDIT_NOTE',
    });
  });
});
