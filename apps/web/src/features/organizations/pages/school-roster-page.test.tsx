import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rosterMessages } from '@portal/domain/organizations/roster.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { someLookups } from '../../../test/lookups.ts';
import { aRoster, organizationId } from '../../../test/organizations.ts';
import { aProfile } from '../../../test/profile.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const path = `/members/organization/${organizationId}/school-roster`;
const api = `/api/organizations/${organizationId}`;
const owner = aUser({ id: 'user-owner', firstName: 'Olivia', lastName: 'Owens' });
const admin = aUser({ id: 'user-admin', firstName: 'Adam', lastName: 'Alvarez' });

function stubAs(viewer: ReturnType<typeof aUser>, routes: Parameters<typeof stubFetch>[0] = {}) {
  const viewerRole = viewer.id === 'user-owner' ? 'OWNER' : 'ADMIN';
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, viewer),
    'GET /api/lookups': () => jsonResponse(200, someLookups()),
    [`GET ${api}/roster`]: () => jsonResponse(200, aRoster({ viewerRole })),
    ...routes,
  });
}

async function rowOf(name: string) {
  await screen.findByRole('heading', { name: 'School Roster' }, { timeout: 5000 });
  const table = await screen.findByRole('table', {}, { timeout: 5000 });
  const cell = within(table).getByText(name);
  const row = cell.closest('tr');
  if (!row) throw new Error(`${name} is not in a table row`);
  return row;
}

describe('school roster', { timeout: 20_000 }, () => {
  it('shows the OWNER the Admin column, no controls on the owner row, and invitees as Pending', async () => {
    stubAs(owner);
    renderApp(path);

    const ownerRow = await rowOf('Olivia Owens');
    expect(screen.getByRole('columnheader', { name: 'Admin' })).toBeInTheDocument();
    expect(within(ownerRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowOf('Ivy Inman')).getByText(rosterMessages.pending)).toBeInTheDocument();
    expect(
      within(await rowOf('Carlos Chen')).getByRole('button', { name: 'Make admin (Carlos Chen)' }),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('Adam Alvarez')).getByRole('button', { name: 'Remove admin (Adam Alvarez)' }),
    ).toBeInTheDocument();
  });

  it('hides the Admin column from an ADMIN', async () => {
    stubAs(admin);
    renderApp(path);

    const carlos = await rowOf('Carlos Chen');
    expect(screen.queryByRole('columnheader', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(carlos).queryByRole('button', { name: /admin/i })).not.toBeInTheDocument();
    // The toolkit column reads as the state, then the action: "Toolkit: No · Grant access".
    expect(within(carlos).getByText('Toolkit: No')).toBeInTheDocument();
    expect(
      within(carlos).getByRole('button', { name: 'Grant access to the toolkit for Carlos Chen' }),
    ).toHaveTextContent(/^Grant access$/);
  });

  it('asks before making an admin; cancelling says so and changes nothing', async () => {
    const calls = stubAs(owner, {
      [`PUT ${api}/memberships/membership-user-carlos/role`]: () =>
        jsonResponse(200, { message: rosterMessages.madeAdmin }),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });

    const carlos = await rowOf('Carlos Chen');
    await user.click(within(carlos).getByRole('button', { name: 'Make admin (Carlos Chen)' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(rosterMessages.makeAdminConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(rosterMessages.actionCanceled)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(within(carlos).getByRole('button', { name: 'Make admin (Carlos Chen)' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(rosterMessages.madeAdmin)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'ADMIN' });
    // The roster is read again after the change.
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith(`${api}/roster`)).length).toBeGreaterThan(1),
    );
  });

  it.each([
    ['Make admin (Carlos Chen)', 'membership-user-carlos', rosterMessages.couldNotMakeAdmin],
    ['Remove admin (Adam Alvarez)', 'membership-user-admin', rosterMessages.couldNotRemove],
  ])('says %s failed with the spec message when the membership is gone', async (button, membershipId, message) => {
    stubAs(owner, {
      [`PUT ${api}/memberships/${membershipId}/role`]: () =>
        problemResponse(404, 'Not Found', { detail: 'No such member of this organization.' }),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: button }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('refuses to delete oneself with the spec message, without asking the server', async () => {
    const calls = stubAs(admin);
    renderApp(path);
    const user = userEvent.setup({ delay: null });

    await user.click(within(await rowOf('Adam Alvarez')).getByRole('button', { name: 'Delete Adam Alvarez' }));

    expect(await screen.findByText(rosterMessages.cannotDeleteSelf)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('shows the server reason when an action is refused', async () => {
    stubAs(admin, {
      [`DELETE ${api}/members/user-carlos`]: () =>
        problemResponse(403, 'Forbidden', { detail: rosterMessages.ownerCannotChange }),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });

    await user.click(within(await rowOf('Carlos Chen')).getByRole('button', { name: 'Delete Carlos Chen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(rosterMessages.deleteConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(rosterMessages.ownerCannotChange)).toBeInTheDocument();
  });

  it.each([404, 403])('sends someone the roster API refuses (%i) to their profile', async (status) => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/profile': () => jsonResponse(200, aProfile()),
      [`GET ${api}/roster`]: () => problemResponse(status, 'Not Found'),
    });
    const app = renderApp(path);

    await waitFor(() => expect(app.location()).toBe('/members/profile'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });
});
