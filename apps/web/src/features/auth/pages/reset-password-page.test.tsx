import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@portal/domain/people/auth.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const signedOut = { 'GET /api/me': () => problemResponse(401, 'Unauthorized') };

async function fillNewPassword(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password page', () => {
  it('asks for the same password twice', async () => {
    const calls = stubFetch(signedOut);
    renderApp('/auth/reset-password?token=abc');
    await screen.findByRole('heading', { name: 'Reset password' });

    await fillNewPassword('a-long-new-password', 'another-password');

    expect(await screen.findByText(authMessages.passwordsDiffer)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/reset-password')).toBe(false);
  });

  it('sets the new password with the token, then asks to sign in', async () => {
    const calls = stubFetch({
      ...signedOut,
      'POST /api/auth/reset-password': () => new Response(null, { status: 204 }),
    });
    const app = renderApp('/auth/reset-password?token=abc');
    await screen.findByRole('heading', { name: 'Reset password' });

    await fillNewPassword('a-long-new-password', 'a-long-new-password');

    await waitFor(() => expect(app.location()).toBe('/auth/login?reset=done'));
    expect(await screen.findByText(authMessages.passwordChanged)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'abc',
      password: 'a-long-new-password',
    });
  });

  it('says when the link is no longer valid', async () => {
    stubFetch({
      ...signedOut,
      'POST /api/auth/reset-password': () =>
        problemResponse(400, 'Bad Request', { detail: authMessages.resetTokenInvalid }),
    });
    renderApp('/auth/reset-password?token=used');
    await screen.findByRole('heading', { name: 'Reset password' });

    await fillNewPassword('a-long-new-password', 'a-long-new-password');

    expect(await screen.findByText(authMessages.resetTokenInvalid)).toBeInTheDocument();
  });

  it('without a token, offers to mail a reset link, prefilled for the signed-in user', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'POST /api/auth/forgot-password': () => jsonResponse(202, { message: authMessages.resetSent }),
    });
    renderApp('/auth/reset-password');
    await screen.findByRole('heading', { name: 'Reset password' });

    expect(screen.getByLabelText('Email')).toHaveValue('tara@example.test');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(authMessages.resetSent);
  });
});
