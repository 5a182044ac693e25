import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@portal/domain/people/auth.ts';
import { schoolSignInMessages } from '@portal/domain/people/school-sign-in.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const signedOut = { 'GET /api/me': () => problemResponse(401, 'Unauthorized') };

async function openLogin(url = '/auth/login') {
  const app = renderApp(url);
  await screen.findByRole('heading', { name: 'Sign in' });
  return app;
}

describe('login page', () => {
  it('shows the field errors of the shared schema before calling the server', async () => {
    const calls = stubFetch(signedOut);
    await openLogin();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(0);
  });

  it("shows the server's detail when the email or password is wrong", async () => {
    const calls = stubFetch({
      ...signedOut,
      'POST /api/auth/login': () => problemResponse(401, 'Unauthorized', { detail: authMessages.badCredentials }),
    });
    const app = await openLogin('/auth/login?intended=%2Fmembers%2Fmanage-events');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'tara@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(authMessages.badCredentials)).toBeInTheDocument();
    expect(app.location()).toBe('/auth/login?intended=%2Fmembers%2Fmanage-events');
    const login = calls.find((call) => call.path === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'tara@example.test', password: 'wrong-password' });
    expect(login?.headers['x-requested-with']).toBe('portal');
  });

  it('signs in and goes to the intended page', async () => {
    stubFetch({ ...signedOut, 'POST /api/auth/login': () => jsonResponse(200, aUser()) });
    const app = await openLogin('/auth/login?intended=%2Fmembers%2Fmanage-events');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'tara@example.test');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(app.location()).toBe('/members/manage-events'));
    expect(await screen.findByRole('navigation', { name: 'Side menu' })).toBeInTheDocument();
  });

  it('never follows an intended address outside the site', async () => {
    stubFetch({ ...signedOut, 'POST /api/auth/login': () => jsonResponse(200, aUser()) });
    const app = await openLogin(`/auth/login?intended=${encodeURIComponent('//evil.example/x')}`);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'tara@example.test');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(app.location()).toBe('/members/profile');
  });

  it('says the password was changed after a reset', async () => {
    stubFetch(signedOut);
    await openLogin('/auth/login?reset=done');
    expect(screen.getByText(authMessages.passwordChanged)).toBeInTheDocument();
  });

  it('sends someone already signed in straight to the intended page', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(200, aUser()) });
    const app = renderApp('/auth/login?intended=%2Fmembers%2Fprofile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(app.location()).toBe('/members/profile');
  });

  it("offers each school's own sign-in under the password form, as a link to its start", async () => {
    stubFetch({
      ...signedOut,
      'GET /api/auth/school/providers': () =>
        jsonResponse(200, {
          providers: [
            { id: 'p-1', name: 'Lincoln Google' },
            { id: 'p-2', name: 'Riverside Entra ID' },
          ],
        }),
    });
    await openLogin();
    const google = await screen.findByRole('link', { name: 'Sign in with Lincoln Google' });
    expect(google).toHaveAttribute('href', '/api/auth/school/p-1/start');
    expect(screen.getByRole('link', { name: 'Sign in with Riverside Entra ID' })).toHaveAttribute(
      'href',
      '/api/auth/school/p-2/start',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says why a school sign-in came back without a session, and ignores an unknown reason', async () => {
    stubFetch(signedOut);
    const app = await openLogin('/auth/login?school-sign-in=unverified');
    expect(screen.getByText(schoolSignInMessages.unverified)).toBeInTheDocument();
    app.unmount();
    await openLogin('/auth/login?school-sign-in=<script>');
    expect(screen.queryByText(schoolSignInMessages.failed)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });
});
