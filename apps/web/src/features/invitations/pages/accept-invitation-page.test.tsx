import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvitationLookup } from '@portal/domain/organizations/invitations.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const code = '3f1c2b9a-6d4e-4c1a-9b2f-0a1b2c3d4e5f';
const orgPath = `/members/accept-organization-invitation/${code}`;

function anInvitation(overrides: Partial<InvitationLookup> = {}): InvitationLookup {
  return {
    code,
    kind: 'ORGANIZATION',
    status: 'SENT',
    name: 'Lincoln Elementary School',
    firstName: 'Ivy',
    lastName: 'Invitee',
    needsPassword: false,
    ...overrides,
  };
}

const signedOut = () => problemResponse(401, 'Unauthorized');

describe('accepting an invitation', () => {
  // Toasts live in a module-level store that outlives each test's render.
  beforeEach(() => notifications.clean());

  describe('without a code', () => {
    it('asks for the code and checks it before opening it', async () => {
      stubFetch({ 'GET /api/me': signedOut });
      const app = renderApp('/members/accept-organization-invitation');
      const user = userEvent.setup();

      expect(await screen.findByRole('heading', { name: 'Welcome, here!' })).toBeInTheDocument();
      expect(screen.getByText('Try to confirm using code:')).toBeInTheDocument();
      const field = screen.getByLabelText('Code');
      const confirm = screen.getByRole('button', { name: 'Confirm' });

      await user.click(confirm);
      expect(await screen.findByText('Code required')).toBeInTheDocument();

      await user.type(field, 'abc');
      await user.click(confirm);
      expect(await screen.findByText('Bad format')).toBeInTheDocument();
      expect(app.location()).toBe('/members/accept-organization-invitation');

      await user.clear(field);
      await user.type(field, ` ${code} `);
      await user.click(confirm);
      await waitFor(() => expect(app.location()).toBe(orgPath));
    });

    it('stays outside the members sign-in guard on the district route too', async () => {
      stubFetch({ 'GET /api/me': signedOut });
      const app = renderApp('/members/accept-district-invitation');

      expect(await screen.findByRole('heading', { name: 'Welcome, here!' })).toBeInTheDocument();
      expect(app.location()).toBe('/members/accept-district-invitation');
    });
  });

  it('says the code is invalid when the server does not know it', async () => {
    stubFetch({
      'GET /api/me': signedOut,
      [`GET /api/invitations/${code}`]: () => problemResponse(404, 'Not Found', { detail: 'Your code is invalid!' }),
    });
    renderApp(orgPath);

    expect(await screen.findByRole('heading', { name: 'Ooops, sorry!' })).toBeInTheDocument();
    expect(screen.getByText('Your code is invalid!')).toBeInTheDocument();
  });

  it('says a code that is not a UUID is invalid without asking the server', async () => {
    const calls = stubFetch({ 'GET /api/me': signedOut });
    renderApp('/members/accept-district-invitation/not-a-code');

    expect(await screen.findByRole('heading', { name: 'Ooops, sorry!' })).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/invitations'))).toBe(false);
  });

  it('accepts a SENT invitation for the signed-in invitee', async () => {
    let status: InvitationLookup['status'] = 'SENT';
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser({ email: 'ivy@example.test' })),
      [`GET /api/invitations/${code}`]: () => jsonResponse(200, anInvitation({ status })),
      [`POST /api/invitations/${code}/accept`]: () => {
        status = 'ACCEPTED';
        return jsonResponse(200, { message: 'Code activated successfully', status });
      },
    });
    renderApp(orgPath);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Hello Ivy!' })).toBeInTheDocument();
    expect(screen.getByText('You have been invited to Lincoln Elementary School organization!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Code activated successfully')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Your affiliation has been successfully activated' }),
    ).toBeInTheDocument();
    const accepts = calls.filter((call) => call.path.endsWith('/accept'));
    expect(accepts).toHaveLength(1);
    expect(accepts[0]?.headers['x-requested-with']).toBe('portal');
  });

  it('shows why the server refused when someone else is signed in', async () => {
    const wrongUser = 'This invitation was sent to another email address. Sign in as the invited person to accept it.';
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET /api/invitations/${code}`]: () => jsonResponse(200, anInvitation()),
      [`POST /api/invitations/${code}/accept`]: () => problemResponse(403, 'Forbidden', { detail: wrongUser }),
    });
    renderApp(orgPath);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(wrongUser)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello Ivy!' })).toBeInTheDocument();
  });

  it('lets a signed-out invitee without a password choose one, which accepts and signs in', async () => {
    const invitee = aUser({ id: 'ivy', firstName: 'Ivy', email: 'ivy@example.test' });
    const calls = stubFetch({
      'GET /api/me': signedOut,
      [`GET /api/invitations/${code}`]: () =>
        jsonResponse(200, anInvitation({ kind: 'DISTRICT', name: 'Springfield', needsPassword: true })),
      [`POST /api/invitations/${code}/accept-with-password`]: () => jsonResponse(200, invitee),
    });
    const app = renderApp(`/members/accept-district-invitation/${code}`);
    const user = userEvent.setup();

    expect(await screen.findByText('You have been invited to Springfield district!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in to accept' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByRole('heading', { name: 'Your affiliation has been successfully activated' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Code activated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/accept-with-password'))?.body).toEqual({
      password: 'correct horse battery',
    });
    expect(app.queryClient.getQueryData(['current-user'])).toEqual(invitee);
  });

  it('checks the chosen password on the client first', async () => {
    const calls = stubFetch({
      'GET /api/me': signedOut,
      [`GET /api/invitations/${code}`]: () => jsonResponse(200, anInvitation({ needsPassword: true })),
    });
    renderApp(orgPath);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm new password'), 'something else entirely');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends a signed-out invitee who has a password to sign in, and back here afterwards', async () => {
    stubFetch({
      'GET /api/me': signedOut,
      [`GET /api/invitations/${code}`]: () => jsonResponse(200, anInvitation()),
    });
    renderApp(orgPath);

    const signIn = await screen.findByRole('link', { name: 'Sign in to accept' });
    expect(signIn).toHaveAttribute('href', `/auth/login?intended=${encodeURIComponent(orgPath)}`);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows the activated screen, with the profile link, for any other status', async () => {
    stubFetch({
      'GET /api/me': signedOut,
      [`GET /api/invitations/${code}`]: () => jsonResponse(200, anInvitation({ status: 'ACCEPTED' })),
    });
    renderApp(orgPath);

    expect(
      await screen.findByRole('heading', { name: 'Your affiliation has been successfully activated' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/members/profile');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});
