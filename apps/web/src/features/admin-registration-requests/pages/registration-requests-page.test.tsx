import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RegistrationRequestPage, RegistrationRequestRow } from '@portal/domain/registrations/requests.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const list = '/api/admin/registration-requests';

const row: RegistrationRequestRow = {
  id: '00000000-0000-4000-8000-00000000a001',
  status: 'OPEN',
  event: { id: 'event-1', name: 'Team Literacy Retreat', startDate: '2027-01-12', endDate: '2027-01-13' },
  createdAt: '2026-11-20T15:00:00.000Z',
  seatsRequested: 3,
  attendeesAssigned: 2,
  total: 37_500,
  paymentStatus: null,
  requester: { id: 'user-1', firstName: 'Grace', lastName: 'Washburn', email: 'owner.washington@demo.test' },
  organization: { id: 'org-1', name: 'Washington Middle School' },
};
const page = (items: RegistrationRequestRow[]): RegistrationRequestPage => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
});

describe('staff console: registration requests', { timeout: 20_000 }, () => {
  it('keeps status and search in the address, asks the server for them, and exports what is shown', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: (_body, url) =>
        jsonResponse(200, page(url.searchParams.get('status') === 'CANCELLED' ? [] : [row])),
    });
    // Mantine's test environment: the Export menu opens without transitions or a focus trap.
    const app = renderApp('/admin/registration-requests?paymentOverdue=true', { mantineEnv: 'test' });
    expect(await screen.findByText('Team Literacy Retreat')).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe(`${list}?page=1&pageSize=20&paymentOverdue=true`);
    expect(screen.getByRole('switch', { name: 'Only requests past their payment due date' })).toBeChecked();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Search registration requests' }), 'Washington');
    await waitFor(() =>
      expect(app.location()).toBe('/admin/registration-requests?paymentOverdue=true&search=Washington'),
    );
    await user.click(screen.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled', hidden: true }));
    await waitFor(() =>
      expect(app.location()).toBe(
        '/admin/registration-requests?paymentOverdue=true&search=Washington&status=CANCELLED',
      ),
    );
    expect(await screen.findByText('No registration requests found')).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe(
      `${list}?page=1&pageSize=20&status=CANCELLED&search=Washington&paymentOverdue=true`,
    );

    await user.click(screen.getByRole('button', { name: 'Export registration requests with their attendees' }));
    expect(await screen.findByRole('menuitem', { name: 'CSV' })).toHaveAttribute(
      'href',
      `${list}/export?status=CANCELLED&search=Washington&paymentOverdue=true&format=csv`,
    );
  });
});
