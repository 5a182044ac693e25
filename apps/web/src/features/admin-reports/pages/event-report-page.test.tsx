import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventReport } from '@portal/domain/events/event-reports.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const eventId = '00000000-0000-4000-8000-0000000e0077';

const report = (fields: Partial<EventReport> = {}): EventReport => ({
  eventId,
  name: 'Literacy Coaching Days',
  startDate: '2026-11-26',
  endDate: '2026-11-28',
  seats: [
    { sectionId: '00000000-0000-4000-8000-0000000000a1', title: 'Guided Reading', sold: 2, held: 3, capacity: 30 },
    { sectionId: null, title: 'Literacy Coaching Days', sold: 1, held: 0, capacity: null },
  ],
  sales: [{ date: '2026-11-02', tickets: 2, revenueCents: 69_000, totalTickets: 2, totalRevenueCents: 69_000 }],
  paymentMethods: [{ method: 'COUPON', payments: 1, tickets: 1, revenueCents: 0 }],
  attendance: [],
  ...fields,
});

function open(reply: EventReport) {
  stubFetch({
    'GET /api/me': () => jsonResponse(200, staff),
    // The header's event name is the shared header's business, not this page's.
    [`GET /api/admin/events/${eventId}`]: () => jsonResponse(404, { title: 'Not Found', status: 404 }),
    [`GET /api/admin/events/${eventId}/report`]: () => jsonResponse(200, reply),
  });
  renderApp(`/admin/events/${eventId}/report`);
}

const cellsOf = (figure: HTMLElement, text: string) =>
  within(within(figure).getByRole('cell', { name: text }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('staff console: an event report', { timeout: 20_000 }, () => {
  it('puts every chart in a named figure over the table of its numbers', async () => {
    open(report());
    const seats = await screen.findByRole('figure', { name: 'Seats by section' }, { timeout: 5000 });
    expect(within(seats).getByRole('img', { name: /^Seats by section: / })).toBeInTheDocument();
    expect(cellsOf(seats, 'Guided Reading')).toEqual(['Guided Reading', '2', '3', '30', '25']);
    expect(cellsOf(seats, 'Literacy Coaching Days')).toEqual([
      'Literacy Coaching Days',
      '1',
      '0',
      'No limit',
      'No limit',
    ]);
    const sales = screen.getByRole('figure', { name: 'Tickets and revenue over time' });
    expect(cellsOf(sales, '11/02/2026')).toEqual(['11/02/2026', '2', '$690.00', '2', '$690.00']);
    const methods = screen.getByRole('figure', { name: 'Payment methods' });
    expect(cellsOf(methods, 'Coupon (nothing to pay)')).toEqual(['Coupon (nothing to pay)', '1', '1', '$0.00']);
    // Nobody's attendance was marked: no attendance part.
    expect(screen.queryByRole('region', { name: 'Attendance' })).not.toBeInTheDocument();
  });

  it('shows the attendance rate per day once attendance was marked, and says when nothing was sold', async () => {
    open(
      report({
        sales: [],
        paymentMethods: [],
        attendance: [
          { date: '2026-11-26', expected: 3, attended: 2 },
          { date: '2026-11-27', expected: 0, attended: 0 },
        ],
      }),
    );
    const attendance = await screen.findByRole('figure', { name: 'Attendance rate per day' }, { timeout: 5000 });
    expect(cellsOf(attendance, '11/26/2026')).toEqual(['11/26/2026', '3', '2', '67%']);
    expect(cellsOf(attendance, '11/27/2026')).toEqual(['11/27/2026', '0', '0', 'Nobody expected']);
    expect(screen.getByText('No ticket of this event was paid yet.')).toBeInTheDocument();
    expect(screen.getByText('No payment of this event was completed yet.')).toBeInTheDocument();
  });
});
