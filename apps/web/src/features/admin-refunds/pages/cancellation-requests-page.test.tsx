import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CancellationRequestRow } from '@portal/domain/commerce/refunds.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const path = '/api/admin/refunds/cancellation-requests';
const request: CancellationRequestRow = {
  id: '00000000-0000-4000-8000-00000000c001',
  paymentId: '00000000-0000-4000-8000-00000000a001',
  status: 'OPEN',
  reason: 'Our school trip moved',
  buyerName: 'Tara Thompson',
  buyerEmail: 'tara@example.test',
  events: ['Fall Leadership Conference Day'],
  tickets: 2,
  createdAt: '2026-09-03T10:00:00.000Z',
};

async function openPage() {
  renderApp('/admin/cancellation-requests?status=OPEN');
  await screen.findByRole('heading', { name: 'Cancellation requests', level: 1 }, { timeout: 5000 });
  return userEvent.setup({ delay: null });
}

describe('staff console: cancellation requests', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists the requests waiting, and declines one with the reason the buyer is mailed', async () => {
    const statuses: (string | null)[] = [];
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${path}`]: (_, url) => {
        statuses.push(url.searchParams.get('status'));
        return jsonResponse(200, { items: [request], total: 1, page: 1, pageSize: 25 });
      },
      [`POST ${path}/${request.id}/decision`]: () => jsonResponse(200, { id: request.id, status: 'DECLINED' }),
    });
    const user = await openPage();
    const row = (await screen.findByText('Our school trip moved')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Fall Leadership Conference Day' })).toHaveAttribute(
      'href',
      `/admin/event-payments/${request.paymentId}`,
    );
    expect(within(row).getByText('Waiting for a decision')).toBeInTheDocument();
    expect(statuses[0]).toBe('OPEN');

    await user.click(within(row).getByRole('button', { name: 'Decide: Tara Thompson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancellation request' });
    await user.click(within(dialog).getByRole('radio', { name: 'Decline' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByText('Say why it is declined')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'The day is in two days');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));

    expect(await screen.findByText('Request declined; Tara Thompson is mailed the decision.')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({ decision: 'DECLINE', reason: 'The day is in two days' });
  });

  it('approves with a partial refund, and shows the server’s refusal', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${path}`]: () => jsonResponse(200, { items: [request], total: 1, page: 1, pageSize: 25 }),
      [`POST ${path}/${request.id}/decision`]: () =>
        problemResponse(409, 'Conflict', { detail: 'A refund can be at most $298.00, what is left of this payment.' }),
    });
    const user = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Decide: Tara Thompson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancellation request' });
    await user.click(within(dialog).getByRole('radio', { name: 'Approve with a partial refund' }));
    await user.type(within(dialog).getByLabelText('Amount to refund ($)'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Approve request' }));
    expect(await within(dialog).findByText(/at most \$298\.00/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      decision: 'APPROVE',
      refund: { refund: 'PARTIAL', amountCents: 40_000 },
    });
  });

  it('says when no request matches', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${path}`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 }),
    });
    await openPage();
    expect(await screen.findByText('No cancellation requests match')).toBeInTheDocument();
  });
});
