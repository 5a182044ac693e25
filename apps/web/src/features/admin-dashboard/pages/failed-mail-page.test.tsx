import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FailedMailPage } from '@portal/domain/staff/dashboard.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const mailId = '00000000-0000-4000-8000-00000000f001';
const failed: FailedMailPage = {
  items: [
    {
      id: mailId,
      to: 'bounced.parent@unreachable.test',
      subject: 'Your seat',
      createdAt: '2026-11-20T15:00:00.000Z',
      failedAt: '2026-11-20T16:00:00.000Z',
      lastError: '550 Mailbox unavailable',
    },
  ],
  page: 1,
  pageSize: 25,
  total: 1,
};
const none: FailedMailPage = { items: [], page: 1, pageSize: 25, total: 0 };

describe('staff console: failed mail', { timeout: 20_000 }, () => {
  it('sends one mail again: the outbox takes it back, a toast says so and the list is read again', async () => {
    let retried = false;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/dashboard': () => jsonResponse(200, { cards: [] }),
      'GET /api/admin/failed-mail': () => jsonResponse(200, retried ? none : failed),
      [`POST /api/admin/failed-mail/${mailId}/retry`]: () => {
        retried = true;
        return jsonResponse(200, { retried: 1 });
      },
    });
    renderApp('/admin/failed-mail');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send again to bounced.parent@unreachable.test: Your seat' }),
    );
    expect(await screen.findByText('The mail is queued to be sent again.')).toBeInTheDocument();
    expect(await screen.findByText('No failed mail')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === `/api/admin/failed-mail/${mailId}/retry`)).toBe(
      true,
    );
  });

  it('sends every failed mail again at once, and shows a refusal as an error toast', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/dashboard': () => jsonResponse(200, { cards: [] }),
      'GET /api/admin/failed-mail': () => jsonResponse(200, failed),
      'POST /api/admin/failed-mail/retry': () => problemResponse(403, 'Staff only'),
    });
    renderApp('/admin/failed-mail');
    await userEvent.click(await screen.findByRole('button', { name: 'Send all again' }));
    expect(await screen.findByText('Staff only')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /bounced/ })).toBeInTheDocument();
  });
});
