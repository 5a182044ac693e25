import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  anApplicationPage,
  anApplicationRow,
  applicationId,
  eventOptions,
  instituteId,
  staff,
} from '../test-fixtures.ts';

const list = '/api/admin/applications';
const submitted = anApplicationRow();
const accepted = anApplicationRow({
  id: 'application-2',
  status: 'ACCEPTED',
  applicant: { id: 'user-8', firstName: 'Tara', lastName: 'Thompson', email: 'teacher.lincoln@demo.test' },
  paymentStatus: 'PAID',
  submittedAt: '2026-04-20T12:00:00.000Z',
});

/** The queue as the server filters it by ?status= and ?eventId=. */
function filtered(url: URL) {
  const status = url.searchParams.get('status');
  const eventId = url.searchParams.get('eventId');
  return jsonResponse(
    200,
    anApplicationPage(
      [submitted, accepted].filter(
        (row) => (!status || row.status === status) && (!eventId || row.event.id === eventId),
      ),
    ),
  );
}

const routes = {
  'GET /api/me': () => jsonResponse(200, staff),
  'GET /api/admin/events': () => jsonResponse(200, eventOptions),
  [`GET ${list}`]: (_body: unknown, url: URL) => filtered(url),
};

async function openPage(path = '/admin/applications') {
  const app = renderApp(path, { mantineEnv: 'test' });
  await screen.findByRole('heading', { name: 'Applications', level: 1 }, { timeout: 5000 });
  return app;
}

describe('staff console: the application review queue', { timeout: 20_000 }, () => {
  it('lists applications with applicant, event, status, payment status and submitted date, each opening its detail', async () => {
    const calls = stubFetch(routes);
    await openPage();

    const row = (await screen.findByRole('rowheader', { name: 'Cora Cruz' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('counselor.washington@demo.test')).toBeInTheDocument();
    expect(within(row).getByText('Coaching Institute')).toBeInTheDocument();
    expect(within(row).getByText('Submitted')).toBeInTheDocument();
    // Not accepted yet: nothing is owed, so no payment status reads as a debt.
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(within(row).getByText('05/01/2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Cora Cruz' })).toHaveAttribute(
      'href',
      `/admin/applications/${applicationId}`,
    );

    const acceptedRow = screen.getByRole('rowheader', { name: 'Tara Thompson' }).closest('tr') as HTMLElement;
    expect(within(acceptedRow).getByText('Accepted')).toBeInTheDocument();
    expect(within(acceptedRow).getByText('Paid')).toBeInTheDocument();

    expect(calls.find((call) => call.path.startsWith(list))?.path).toBe(`${list}?page=1&pageSize=20`);
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('2 applications')).toBeInTheDocument();
  });

  it('filters by status and by event, keeping both in the address', async () => {
    const calls = stubFetch(routes);
    const app = await openPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('rowheader', { name: 'Cora Cruz' });

    await user.click(screen.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Accepted', hidden: true }));
    await waitFor(() => expect(app.location()).toBe('/admin/applications?status=ACCEPTED'));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Cora Cruz' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Tara Thompson' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /^Event/ }));
    await user.click(await screen.findByRole('option', { name: 'Reading Workshop Series', hidden: true }));
    await waitFor(() =>
      expect(app.location()).toBe('/admin/applications?status=ACCEPTED&eventId=00000000-0000-4000-8000-0000000e0002'),
    );
    expect(await screen.findByText('No applications')).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe(
      `${list}?eventId=00000000-0000-4000-8000-0000000e0002&status=ACCEPTED&page=1&pageSize=20`,
    );
  });

  it('reads the filters from the address and searches by applicant', async () => {
    const calls = stubFetch(routes);
    const app = await openPage(`/admin/applications?eventId=${instituteId}&status=SUBMITTED`);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('rowheader', { name: 'Cora Cruz' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Event/ })).toHaveValue('Coaching Institute'));
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('Submitted');

    await user.type(screen.getByLabelText('Search applications'), 'Cruz');
    await waitFor(() =>
      expect(app.location()).toBe(`/admin/applications?eventId=${instituteId}&status=SUBMITTED&search=Cruz`),
    );
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(`${list}?eventId=${instituteId}&status=SUBMITTED&search=Cruz&page=1&pageSize=20`),
    );
  });

  it('says when there are no applications', async () => {
    stubFetch({ ...routes, [`GET ${list}`]: () => jsonResponse(200, anApplicationPage([])) });
    await openPage();
    expect(await screen.findByText('No applications')).toBeInTheDocument();
  });

  it('says when the queue cannot be loaded, and offers to retry', async () => {
    stubFetch({
      ...routes,
      [`GET ${list}`]: () => problemResponse(500, 'Internal Server Error', { detail: 'Something broke' }),
    });
    await openPage();
    expect(await screen.findByText('Something broke', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is for staff only: a member is sent away', async () => {
    stubFetch({ ...routes, 'GET /api/me': () => jsonResponse(200, { ...staff, role: 'MEMBER' }) });
    const app = renderApp('/admin/applications');
    await waitFor(() => expect(app.location()).not.toMatch(/^\/admin/));
  });
});
