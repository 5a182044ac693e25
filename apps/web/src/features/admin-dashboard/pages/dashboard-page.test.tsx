import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardReply } from '@portal/domain/staff/dashboard.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';
import { tryAgainSoonMessage } from '@portal/domain/problems/messages.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000 - 60_000).toISOString();

const reply: DashboardReply = {
  cards: [
    { kind: 'purchaseOrders', count: 2, oldestSince: daysAgo(3) },
    { kind: 'applications', count: 1, oldestSince: daysAgo(0) },
    { kind: 'packageRequests', count: 0, oldestSince: null },
    { kind: 'overdueRegistrationRequests', count: 1, oldestSince: daysAgo(1) },
    { kind: 'refundsNeeded', count: 12, oldestSince: daysAgo(10) },
    { kind: 'cancellationRequests', count: 1, oldestSince: daysAgo(2) },
    { kind: 'latePayments', count: 3, oldestSince: daysAgo(4) },
    { kind: 'failedMail', count: 0, oldestSince: null },
  ],
};

const card = (name: string) => screen.findByRole<HTMLElement>('region', { name });

describe('staff console: dashboard', { timeout: 20_000 }, () => {
  it('opens /admin on a card per kind of waiting work: its count, its oldest, and its filtered list', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/dashboard': () => jsonResponse(200, reply),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 5000 })).toBeVisible();

    const orders = await card('Purchase orders to approve');
    expect(within(orders).getByText('2')).toBeInTheDocument();
    expect(within(orders).getByText('oldest 3 days')).toBeInTheDocument();
    expect(within(orders).getByRole('link', { name: 'Purchase orders to approve' })).toHaveAttribute(
      'href',
      '/admin/purchase-orders?status=SUBMITTED',
    );
    expect(within(await card('Applications to review')).getByText('oldest today')).toBeInTheDocument();
    expect(within(await card('Package requests to review')).getByText('Nothing waiting')).toBeInTheDocument();
    const pastDue = await card('Registration requests past due');
    expect(within(pastDue).getByText('oldest 1 day')).toBeInTheDocument();
    expect(within(pastDue).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/registration-requests?paymentOverdue=true',
    );
    expect(within(await card('Payments to refund')).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/refunds?status=OWED',
    );
    expect(within(await card('Cancellation requests to decide')).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/cancellation-requests?status=OPEN',
    );
    expect(within(await card('Card payments that came too late')).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/event-payments?status=REFUND_NEEDED',
    );
    expect(within(await card('Mail that failed to send')).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/failed-mail',
    );

    // The side menu shows the same counts beside the lists they open; none where nothing waits.
    const menu = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Purchase orders' })).toHaveAccessibleDescription('2 to approve');
    expect(within(menu).getByRole('link', { name: 'Event payments' })).toHaveAccessibleDescription('3 to refund');
    expect(within(menu).getByRole('link', { name: 'Refunds' })).toHaveAccessibleDescription('12 to settle');
    expect(within(menu).getByRole('link', { name: 'Cancellation requests' })).toHaveAccessibleDescription(
      '1 to decide',
    );
    expect(within(menu).getByRole('link', { name: 'Packages' })).toHaveAccessibleDescription('');
    expect(within(menu).getByRole('link', { name: 'Packages' })).not.toHaveTextContent(/\d/);
    expect(within(menu).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(calls.filter((call) => call.path === '/api/admin/dashboard').length).toBeGreaterThanOrEqual(1);
  });

  it('says when the counts cannot be read, with a retry', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/dashboard': () => problemResponse(503, 'Service Unavailable', { detail: 'Try again shortly.' }),
    });
    renderApp('/admin');
    // A 503 passes: the app says so rather than the server's words.
    expect(await screen.findByText(tryAgainSoonMessage, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
