import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffApplicationMessages } from '@portal/domain/applications/contracts.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { anAdminApplication, applicationId, staff } from '../test-fixtures.ts';

const detailPath = `/api/admin/applications/${applicationId}`;

async function openPage() {
  const app = renderApp(`/admin/applications/${applicationId}`);
  await screen.findByRole('heading', { name: 'Application of Cora Cruz', level: 1 }, { timeout: 5000 });
  return app;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('staff console: one application', { timeout: 20_000 }, () => {
  it('shows everything the applicant entered, their affiliations and the history', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detailPath}`]: () => jsonResponse(200, anAdminApplication()),
    });
    await openPage();

    expect(within(section('Overview')).getByText(/counselor\.washington@demo\.test/)).toBeInTheDocument();
    expect(within(section('Overview')).getByRole('link', { name: 'Coaching Institute' })).toHaveAttribute(
      'href',
      '/admin/events/00000000-0000-4000-8000-0000000e0010',
    );
    expect(within(section('Overview')).getByText('05/01/2026 08:00 AM')).toBeInTheDocument();

    const general = section('General information');
    expect(within(general).getByText('12 Washington Avenue')).toBeInTheDocument();
    expect(within(general).getByText('Suite 4')).toBeInTheDocument();
    expect(within(general).getByText('Albany, NY 12210')).toBeInTheDocument();
    expect(within(general).getByText('(518) 555-0123')).toBeInTheDocument();

    expect(
      within(section('Affiliations')).getByText('Washington Middle School · Counselor · Grades 6, 7'),
    ).toBeInTheDocument();

    const selection = section('Path and sections');
    expect(within(selection).getByText('Path First Year · First Year · 2 ranked per grouping')).toBeInTheDocument();
    const strands = within(selection).getByRole('region', { name: 'Grouping Strands' });
    expect(
      within(strands)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1. Data Conversations', '2. Coaching Cycles']);

    const answers = section('Questionnaire');
    expect(within(answers).getByText('Why do you want to attend? (required)')).toBeInTheDocument();
    expect(within(answers).getByText('To grow as a coach.')).toBeInTheDocument();
    expect(within(answers).getByText('K-2, 3-5')).toBeInTheDocument();
    expect(within(answers).getByText('Not answered')).toBeInTheDocument();

    const payment = section('Payment');
    expect(within(payment).getByText('Purchase Order')).toBeInTheDocument();
    expect(within(payment).getAllByText('$950.00')).toHaveLength(2);
    expect(within(payment).getByText('—')).toBeInTheDocument();

    const history = section('History');
    expect(within(history).getByText('Started')).toBeInTheDocument();
    expect(within(history).getAllByText('Cora Cruz')).toHaveLength(2);
  });

  it('offers only the decisions the status allows', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detailPath}`]: () =>
        jsonResponse(200, anAdminApplication({ status: 'ACCEPTED', paymentStatus: 'PO_SUBMITTED' })),
    });
    await openPage();
    expect(screen.getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request changes' })).not.toBeInTheDocument();
    expect(within(section('Payment')).getByText('Purchase order submitted')).toBeInTheDocument();
  });

  it('accepts after confirming, with the note to the applicant, and says so', async () => {
    let current = anAdminApplication();
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detailPath}`]: () => jsonResponse(200, current),
      [`POST ${detailPath}/decision`]: () => {
        current = anAdminApplication({ status: 'ACCEPTED' });
        return jsonResponse(200, current);
      },
    });
    await openPage();
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request changes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the application of Cora Cruz?' });
    await user.type(within(dialog).getByLabelText(/Note to the applicant/), '  Welcome aboard.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(staffApplicationMessages.decided('Accepted'))).toBeInTheDocument();
    expect(screen.getByText('Application accepted')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ decision: 'ACCEPT', note: 'Welcome aboard.' });
    expect(post?.headers['x-requested-with']).toBe('portal');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Void' })).toBeInTheDocument();
  });

  it('requests changes without a note', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detailPath}`]: () => jsonResponse(200, anAdminApplication()),
      [`POST ${detailPath}/decision`]: () => jsonResponse(200, anAdminApplication({ status: 'CHANGES_REQUESTED' })),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Cora Cruz for changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));

    expect(await screen.findByText('Application changes requested')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'REQUEST_CHANGES' });
  });

  it('decides nothing when the confirmation is cancelled', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detailPath}`]: () => jsonResponse(200, anAdminApplication()),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the application of Cora Cruz?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's reason when the decision is refused", async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detailPath}`]: () => jsonResponse(200, anAdminApplication()),
      [`POST ${detailPath}/decision`]: () =>
        problemResponse(409, 'Conflict', { detail: staffApplicationMessages.notAllowed }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Void' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText(staffApplicationMessages.notAllowed)).toBeInTheDocument();
    expect(screen.queryByText('Application voided')).not.toBeInTheDocument();
  });

  it('says when there is no such application', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detailPath}`]: () => problemResponse(404, 'Not Found', { detail: 'No such application.' }),
    });
    renderApp(`/admin/applications/${applicationId}`);
    expect(await screen.findByRole('heading', { name: /not found/i }, { timeout: 5000 })).toBeInTheDocument();
  });
});
