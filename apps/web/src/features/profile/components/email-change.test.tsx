import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logoutAfterEmailChangeMs, profileMessages } from '@portal/domain/people/profile.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { aProfile } from '../../../test/profile.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const signedIn = {
  'GET /api/me': () => jsonResponse(200, aUser()),
  'GET /api/profile': () => jsonResponse(200, aProfile()),
  'GET /api/affiliations': () => jsonResponse(200, { items: [] }),
};

async function submitNewEmail(email: string, user = userEvent.setup({ delay: null })) {
  await user.click(await screen.findByRole('button', { name: 'Change email' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Change email' });
  // The form loads with its own code the first time the dialog opens.
  await user.type(await within(dialog).findByLabelText('New email', {}, { timeout: 5000 }), email);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('changing the email', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a malformed address before sending it', async () => {
    const calls = stubFetch(signedIn);
    renderApp('/members/profile');

    const dialog = await submitNewEmail('not-an-email');

    expect(await within(dialog).findByText(profileMessages.emailInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/profile/email')).toBe(false);
  });

  it('shows the server refusal on the field', async () => {
    stubFetch({
      ...signedIn,
      'PUT /api/profile/email': () =>
        problemResponse(409, 'Conflict', {
          detail: profileMessages.emailTaken,
          errors: { email: profileMessages.emailTaken },
        }),
    });
    renderApp('/members/profile');

    const dialog = await submitNewEmail('taken@example.test');

    expect(await within(dialog).findByText(profileMessages.emailTaken)).toBeInTheDocument();
  });

  it('sends the trimmed, lowercased email, says so, and signs out 4 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch({
      ...signedIn,
      'PUT /api/profile/email': () => jsonResponse(200, { message: profileMessages.emailUpdated }),
    });
    const app = renderApp('/members/profile');
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });

    await submitNewEmail('  New.Address@Example.TEST ', user);

    expect(await screen.findByText(profileMessages.emailUpdated)).toBeInTheDocument();
    expect(app.location()).toBe('/members/profile');
    expect(calls.find((call) => call.path === '/api/profile/email')?.body).toEqual({
      email: 'new.address@example.test',
    });

    await act(() => vi.advanceTimersByTimeAsync(logoutAfterEmailChangeMs));

    await waitFor(() => expect(app.location()).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.queryClient.getQueryData(['profile'])).toBeUndefined();
  });
});
