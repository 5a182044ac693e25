import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { renderApp } from '../test/render-app.tsx';
import { aUser } from '../test/users.ts';

describe('members layout', () => {
  it('logs out: ends the session on the server and returns to a plain sign-in page', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const app = renderApp('/members/profile');
    await screen.findByRole('heading', { name: 'Profile' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.location()).toBe('/auth/login');
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.headers['x-requested-with']).toBe('portal');
  });

  it('shows staff a link to the staff console, and members none', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser({ role: 'STAFF', firstName: 'Sam', lastName: 'Staff' })),
    });
    renderApp('/members/profile');
    expect(await screen.findByRole('link', { name: 'Staff console' })).toHaveAttribute('href', '/admin');
    expect(screen.getAllByText('Sam Staff').length).toBeGreaterThan(0);
  });

  it('while impersonating, names the user viewed and clears the impersonation back to sign in', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser({ impersonator: { id: 'staff-1', name: 'Sam Staff' } })),
      'POST /api/auth/clear-impersonation': () => new Response(null, { status: 204 }),
    });
    const app = renderApp('/members/profile');

    expect(await screen.findByText('Viewing as: Tara Thompson')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff console' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear Impersonation' }));

    await waitFor(() => expect(app.location()).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/clear-impersonation')).toBe(true);
  });
});
