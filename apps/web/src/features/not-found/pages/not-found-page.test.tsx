import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

describe('page not found', () => {
  it('offers a signed-out visitor the way to sign in', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(401, { title: 'Unauthorized', status: 401 }) });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('link', { name: 'Go to your profile' })).not.toBeInTheDocument();
  });

  it('offers a signed-in member the way to their profile', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(200, aUser()) });
    renderApp('/members/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/members/profile');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
