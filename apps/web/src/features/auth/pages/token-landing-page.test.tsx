import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@portal/domain/people/auth.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

describe('sign-in link (/members?token=…)', () => {
  it('exchanges the token once and opens the profile', async () => {
    const calls = stubFetch({
      'GET /api/me': () => problemResponse(401, 'Unauthorized'),
      'POST /api/auth/token': () => jsonResponse(200, aUser()),
    });
    const app = renderApp('/members?token=t0k3n');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(app.location()).toBe('/members/profile');
    const exchanges = calls.filter((call) => call.path === '/api/auth/token');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ token: 't0k3n' });
  });

  it('says when the link is invalid, with a way to sign in', async () => {
    stubFetch({
      'POST /api/auth/token': () => problemResponse(401, 'Unauthorized', { detail: authMessages.tokenInvalid }),
    });
    const app = renderApp('/members?token=bad');

    expect(await screen.findByText(authMessages.tokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    await waitFor(() => expect(app.location()).toBe('/members?token=bad'));
  });
});
