import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminOrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { rosterMessages } from '@portal/domain/organizations/roster.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const organizationId = '00000000-0000-4000-8000-00000000a001';
const api = `/api/admin/organizations/${organizationId}`;
const staff = aUser({ id: 'staff-1', role: 'STAFF', firstName: 'Sam', lastName: 'Staff', memberships: [] });

function anOrganization(): AdminOrganizationDetail {
  return {
    id: organizationId,
    name: 'Lincoln Elementary School',
    districtName: 'Capital District',
    memberships: [
      {
        membershipId: 'm-owner',
        userId: 'u-owner',
        firstName: 'Olivia',
        lastName: 'Owens',
        email: 'owner@example.test',
        role: 'OWNER',
        archived: false,
      },
      {
        membershipId: 'm-carlos',
        userId: 'u-carlos',
        firstName: 'Carlos',
        lastName: 'Chen',
        email: 'carlos@example.test',
        role: 'MEMBER',
        archived: false,
      },
      {
        membershipId: 'm-old',
        userId: 'u-old',
        firstName: 'Oscar',
        lastName: 'Old',
        email: 'old@example.test',
        role: 'MEMBER',
        archived: true,
      },
    ],
    invitations: [
      {
        invitationId: 'i-1',
        email: 'ivy@example.test',
        firstName: 'Ivy',
        lastName: 'Inman',
        role: 'MEMBER',
        status: 'SENT',
        createdAt: '2026-05-01T12:00:00.000Z',
      },
    ],
  };
}

async function openPage() {
  renderApp(`/admin/organizations/${organizationId}`);
  await screen.findByRole('heading', { name: 'Lincoln Elementary School' }, { timeout: 5000 });
}

describe('staff console: an organization', { timeout: 20_000 }, () => {
  it('lists members (archived marked) and invitations', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anOrganization()),
    });
    await openPage();

    const members = screen.getByRole('region', { name: 'Members' });
    expect(within(members).getByRole('combobox', { name: 'Role of Carlos Chen' })).toHaveValue('Member');
    expect(within(members).getByText('Archived')).toBeInTheDocument();
    expect(within(members).queryByRole('combobox', { name: 'Role of Oscar Old' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Invitations' })).getByText('ivy@example.test'),
    ).toBeInTheDocument();
  });

  it('changes a role after confirming; cancelling says so', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anOrganization()),
      [`PUT ${api}/memberships/m-carlos/role`]: () => jsonResponse(200, anOrganization()),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    const chooseOwner = async () => {
      const select = screen.getByRole('combobox', { name: 'Role of Carlos Chen' });
      await user.click(select);
      // Every row has its own select: pick from the list this one opened.
      await waitFor(() => expect(select).toHaveAttribute('aria-controls'));
      const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '');
      await user.click(within(listbox as HTMLElement).getByRole('option', { name: 'Owner', hidden: true }));
      return screen.findByRole('dialog', { name: 'Make Carlos Chen owner?' });
    };

    let dialog = await chooseOwner();
    expect(within(dialog).getByText(/The current owner becomes an admin/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(rosterMessages.actionCanceled)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    dialog = await chooseOwner();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'OWNER' }));
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
  });

  it('invites someone to the organization', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => jsonResponse(200, anOrganization()),
      'POST /api/admin/invitations': () => jsonResponse(201, { invitationId: 'i-2' }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    const form = await screen.findByRole('form', { name: 'Invite someone' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(rosterMessages.emailRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Email/), 'New.Person@example.test');
    await user.type(within(form).getByLabelText(/^First name/), 'Nia');
    await user.type(within(form).getByLabelText(/^Last name/), 'Novak');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to New.Person@example.test')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'ORGANIZATION',
      organizationId,
      email: 'new.person@example.test',
      firstName: 'Nia',
      lastName: 'Novak',
      role: 'MEMBER',
    });
  });

  it('shows the not-found page for an unknown organization', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${api}`]: () => problemResponse(404, 'Not Found'),
    });
    renderApp(`/admin/organizations/${organizationId}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
