import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { someLookups } from '../../../test/lookups.ts';
import { anOrganization, organizationId } from '../../../test/organizations.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const path = `/members/organization/${organizationId}`;
const api = `/api/organizations/${organizationId}`;
const base = {
  'GET /api/me': () => jsonResponse(200, aUser()),
  'GET /api/lookups': () => jsonResponse(200, someLookups()),
  [`GET /api/seat-requests/organizations/${organizationId}`]: () =>
    jsonResponse(200, { items: [], page: 1, pageSize: 100, total: 0, waiting: 0 }),
};

async function section(name: string) {
  await screen.findByRole('heading', { name: 'Manage Organization' }, { timeout: 5000 });
  return screen.findByRole('region', { name }, { timeout: 5000 });
}

describe('manage organization page', { timeout: 20_000 }, () => {
  it("shows 'Not set' for what is empty and 'No packages found'", async () => {
    stubFetch({ ...base, [`GET ${api}`]: () => jsonResponse(200, anOrganization()) });
    renderApp(path);

    expect(within(await section('Billing address')).getByText(organizationMessages.notSet)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Billing contacts' })).getByText('Not set')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ticket recipient' })).getByText('Not set')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Affiliated packages' })).getByText('No packages found'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Mailing address' })).getByText('(518) 555-0199'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute(
      'href',
      '/members/organization/select',
    );
    expect(screen.getByRole('link', { name: 'Manage staff and toolkit access' })).toHaveAttribute(
      'href',
      `${path}/school-roster`,
    );
  });

  it('lets only the OWNER edit the name', async () => {
    stubFetch({
      ...base,
      [`GET ${api}`]: () => jsonResponse(200, anOrganization({ organizationMemberRole: 'ADMIN' })),
    });
    renderApp(path);

    const name = await section('Name');
    expect(within(name).getByText('Lincoln Elementary School')).toBeInTheDocument();
    expect(within(name).queryByRole('button', { name: 'Edit name' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Mailing address' })).getByRole('button', {
        name: 'Edit mailing address',
      }),
    ).toBeInTheDocument();
  });

  it('shows the seat requests waiting with their count, and approves one from an unassigned ticket', async () => {
    const requestId = '00000000-0000-4000-8000-00000000a5c1';
    const lineId = '00000000-0000-4000-8000-00000000a5c2';
    const waiting = {
      id: requestId,
      eventId: '00000000-0000-4000-8000-00000000a5c3',
      eventName: 'Fall Leadership Conference Day',
      startDate: '2026-12-10',
      sectionId: null,
      sectionTitle: null,
      organizationId,
      organizationName: 'Lincoln Elementary School',
      requester: { id: 'u-1', name: 'Tara Thompson', email: 'tara@example.test' },
      note: 'For my reading group',
      status: 'REQUESTED',
      statusLabel: 'Waiting for your school',
      declineReason: null,
      createdAt: '2026-11-20T12:00:00.000Z',
      decidedAt: null,
      unallocatedTickets: [
        { paymentItemId: lineId, title: 'Fall Leadership Conference Day', sectionId: null, free: 2 },
      ],
    };
    let items = [waiting];
    const calls = stubFetch({
      ...base,
      [`GET ${api}`]: () => jsonResponse(200, anOrganization()),
      [`GET /api/seat-requests/organizations/${organizationId}`]: () =>
        jsonResponse(200, { items, page: 1, pageSize: 100, total: items.length, waiting: items.length }),
      [`POST /api/seat-requests/${requestId}/decision`]: () => {
        items = [];
        return jsonResponse(200, {
          request: { ...waiting, status: 'APPROVED' },
          message: 'Request approved: the ticket was assigned',
        });
      },
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    const requests = await section('Seat requests');
    expect(await within(requests).findByLabelText('1 waiting')).toBeInTheDocument();
    const card = within(requests).getByRole('article', {
      name: 'Tara Thompson asks for Fall Leadership Conference Day',
    });
    expect(within(card).getByText('Note: For my reading group')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve and assign' }));
    expect(await screen.findByText('Request approved: the ticket was assigned')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'ASSIGN', paymentItemId: lineId });
    expect(await within(requests).findByText('No requests waiting.')).toBeInTheDocument();
  });

  it('the OWNER renames the organization', async () => {
    let organization = anOrganization();
    const calls = stubFetch({
      ...base,
      [`GET ${api}`]: () => jsonResponse(200, organization),
      [`PUT ${api}/name`]: (body) => {
        organization = anOrganization(body as { name: string });
        return jsonResponse(200, organization);
      },
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });

    const name = await section('Name');
    await user.click(within(name).getByRole('button', { name: 'Edit name' }));
    const input = await within(name).findByLabelText(/^Name/, {}, { timeout: 5000 });
    await user.clear(input);
    await user.click(within(name).getByRole('button', { name: 'Save' }));
    expect(await within(name).findByText(organizationMessages.nameRequired)).toBeInTheDocument();

    await user.type(input, 'Lincoln Academy');
    await user.click(within(name).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(organizationMessages.updated)).toBeInTheDocument();
    expect(await within(name).findByText('Lincoln Academy')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Lincoln Academy' });
  });

  it('saves a mailing address with the phone as digits only', async () => {
    const calls = stubFetch({
      ...base,
      [`GET ${api}`]: () => jsonResponse(200, anOrganization()),
      [`PUT ${api}/mailing-address`]: () => jsonResponse(200, anOrganization()),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });

    const mailing = await section('Mailing address');
    await user.click(within(mailing).getByRole('button', { name: 'Edit mailing address' }));
    const phone = await within(mailing).findByLabelText(/^Phone/, {}, { timeout: 5000 });
    await user.clear(phone);
    await user.type(phone, '217555');
    await user.click(within(mailing).getByRole('button', { name: 'Save' }));
    expect(await within(mailing).findByText('Phone is invalid')).toBeInTheDocument();

    await user.type(phone, '0143');
    expect(phone).toHaveValue('(217) 555-0143');
    await user.click(within(mailing).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((call) => call.path === `${api}/mailing-address`)).toBe(true));
    expect(calls.find((call) => call.path === `${api}/mailing-address`)?.body).toEqual({
      addressLine1: '1 School Road',
      addressLine2: null,
      city: 'Albany',
      stateProvince: 'NY',
      country: 'United States',
      zipPostal: '12208',
      phone: '2175550143',
    });
  });

  it('shows the not-found page when the API does not show this organization', async () => {
    stubFetch(base);
    renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
