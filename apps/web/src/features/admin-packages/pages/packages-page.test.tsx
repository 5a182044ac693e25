import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPackageRequestPage } from '@portal/domain/packages/contracts.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const list = '/api/admin/package-requests';

const requests: StaffPackageRequestPage = {
  items: [
    {
      id: '00000000-0000-4000-8000-00000000b001',
      status: 'SUBMITTED',
      packageName: 'Comprehensive Literacy Partnership',
      organizationName: 'Lincoln Elementary School',
      requestedBy: { name: 'Olivia Owens', email: 'owner.lincoln@demo.test' },
      submittedAt: '2026-11-20T15:00:00.000Z',
      updatedAt: '2026-11-20T15:00:00.000Z',
    },
  ],
  page: 1,
  pageSize: 25,
  total: 1,
};

describe('staff console: package requests', { timeout: 20_000 }, () => {
  it('opens on the submitted requests, searches them through the address and exports what is shown', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/packages': () => jsonResponse(200, { items: [] }),
      [`GET ${list}`]: () => jsonResponse(200, requests),
    });
    // Mantine's test environment: the Export menu opens without transitions or a focus trap.
    const app = renderApp('/admin/packages', { mantineEnv: 'test' });
    const table = await screen.findByRole('table', { name: 'Package requests' });
    expect(within(table).getByText('Olivia Owens')).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith(list))?.path).toBe(`${list}?page=1&pageSize=25&status=SUBMITTED`);

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Search package requests' }), 'Lincoln');
    await waitFor(() => expect(app.location()).toBe('/admin/packages?search=Lincoln'));
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`${list}?page=1&pageSize=25&status=SUBMITTED&search=Lincoln`));

    await user.click(screen.getByRole('button', { name: 'Export package requests with their selections' }));
    expect(await screen.findByRole('menuitem', { name: 'Excel' })).toHaveAttribute(
      'href',
      `${list}/export?status=SUBMITTED&search=Lincoln&format=xlsx`,
    );
  });
});
