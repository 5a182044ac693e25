import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserPage, AdminUserRow } from '@portal/domain/people/admin-users.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const staff = aUser({ id: 'staff-1', role: 'STAFF', firstName: 'Sam', lastName: 'Staff', email: 'staff@example.test' });
const rows: AdminUserRow[] = [
  { id: 'staff-1', email: 'staff@example.test', firstName: 'Sam', lastName: 'Staff', role: 'STAFF', organizations: [] },
  {
    id: 'user-1',
    email: 'tara@example.test',
    firstName: 'Tara',
    lastName: 'Thompson',
    role: 'MEMBER',
    organizations: [{ name: 'Lincoln Elementary School', role: 'OWNER' }],
  },
  { id: 'user-2', email: 'noah@example.test', firstName: 'Noah', lastName: 'Nolan', role: 'MEMBER', organizations: [] },
];

function usersPage(search: string | null): AdminUserPage {
  const items = rows.filter((row) => !search || `${row.firstName} ${row.lastName}`.includes(search));
  return { items, page: 1, pageSize: 20, total: items.length };
}

describe('staff console: users', { timeout: 20_000 }, () => {
  it('searches once typing pauses, from page 1', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/users': (_body, url) => jsonResponse(200, usersPage(url.searchParams.get('search'))),
    });
    const app = renderApp('/admin/users?page=2');
    const user = userEvent.setup();

    expect(await screen.findByRole('cell', { name: 'Sam Staff' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search users'), 'Tara');

    await waitFor(() => expect(app.location()).toBe('/admin/users?search=Tara'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Sam Staff' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Tara Thompson' })).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe('/api/admin/users?search=Tara&page=1&pageSize=20');
  });

  it('says what each user is: staff, their role in each organization, or a member of none', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/users': () => jsonResponse(200, usersPage(null)),
    });
    renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const roleOf = (name: string) =>
      within(within(table).getByRole('cell', { name }).closest('tr') as HTMLElement).getAllByRole('cell')[2];
    expect(roleOf('Sam Staff')).toHaveTextContent(/^Staff$/);
    expect(roleOf('Tara Thompson')).toHaveTextContent(/^Owner of Lincoln Elementary School$/);
    expect(roleOf('Noah Nolan')).toHaveTextContent(/^Member$/);
    // On a phone each row is a card whose lines carry their column's name.
    expect(roleOf('Tara Thompson')).toHaveAttribute('data-label', 'Role');
  });

  it('views the portal as a user after confirming', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/users': () => jsonResponse(200, usersPage(null)),
      'POST /api/admin/users/user-1/impersonate': () =>
        jsonResponse(200, aUser({ impersonator: { id: 'staff-1', name: 'Sam Staff' } })),
    });
    const app = renderApp('/admin/users');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'View as Tara Thompson' }));
    const dialog = await screen.findByRole('dialog', { name: 'View as Tara Thompson?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start viewing' }));

    await waitFor(() => expect(app.location()).toBe('/members/profile'));
    expect(await screen.findByText('Viewing as: Tara Thompson')).toBeInTheDocument();
    const impersonate = calls.find((call) => call.path === '/api/admin/users/user-1/impersonate');
    expect(impersonate?.headers['x-requested-with']).toBe('portal');
  });

  it('issues a sign-in link for a member and shows it with what opening it does', async () => {
    const url = 'http://portal.test/members?token=abc';
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/users': () => jsonResponse(200, usersPage(null)),
      'POST /api/admin/users/user-1/sign-in-link': () => jsonResponse(201, { url }),
    });
    renderApp('/admin/users');
    const user = userEvent.setup();

    // Staff accounts cannot be viewed as, so their row offers neither action.
    expect(await screen.findByRole('button', { name: 'Sign-in link for Tara Thompson' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toolkit access of Tara Thompson' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/users\/.+\/toolkit$/),
    );
    expect(screen.queryByRole('button', { name: 'Sign-in link for Sam Staff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View as Sam Staff' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign-in link for Tara Thompson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign-in link for Tara Thompson' });
    expect(within(dialog).getByLabelText('Sign-in link')).toHaveValue(url);
    expect(within(dialog).getByText(/views the portal as Tara Thompson on your behalf/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(
      calls.find((call) => call.path === '/api/admin/users/user-1/sign-in-link')?.headers['x-requested-with'],
    ).toBe('portal');
  });

  it('says when no user matches', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/users': () => jsonResponse(200, { items: [], page: 1, pageSize: 20, total: 0 }),
    });
    renderApp('/admin/users?search=nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });
});
