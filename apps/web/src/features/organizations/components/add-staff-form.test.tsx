import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rosterMessages } from '@portal/domain/organizations/roster.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { someLookups } from '../../../test/lookups.ts';
import { aRoster, organizationId } from '../../../test/organizations.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const api = `/api/organizations/${organizationId}`;
const lookups = someLookups();

describe('add staff member', { timeout: 30_000 }, () => {
  it('validates with the add staff rules, then invites and says so', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser({ id: 'user-admin' })),
      'GET /api/lookups': () => jsonResponse(200, lookups),
      [`GET ${api}/roster`]: () => jsonResponse(200, aRoster({ viewerRole: 'ADMIN' })),
      [`POST ${api}/invitations`]: () =>
        jsonResponse(201, { message: rosterMessages.invited, invitationId: 'invitation-2' }),
    });
    renderApp(`/members/organization/${organizationId}/school-roster`);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Add staff member' }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.click(await within(drawer).findByRole('button', { name: 'Invite' }, { timeout: 5000 }));

    for (const message of [
      rosterMessages.emailRequired,
      rosterMessages.firstNameRequired,
      rosterMessages.lastNameRequired,
      rosterMessages.positionRequired,
      rosterMessages.gradesRequired,
    ]) {
      expect(await within(drawer).findByText(message)).toBeInTheDocument();
    }

    await user.type(within(drawer).getByLabelText(/^Email/), 'Ivy@Example.test');
    await user.type(within(drawer).getByLabelText(/^First name/), 'Ivy');
    await user.type(within(drawer).getByLabelText(/^Last name/), 'Inman');
    await user.click(within(drawer).getByRole('combobox', { name: /^Position/ }));
    await user.click(await screen.findByRole('option', { name: 'Teacher', hidden: true }));
    await user.click(within(drawer).getByRole('combobox', { name: /^Grades/ }));
    await user.click(await screen.findByRole('option', { name: '3', hidden: true }));
    await user.click(within(drawer).getByLabelText('Toolkit access'));
    await user.type(within(drawer).getByLabelText('Date of birth'), '02/30/1990');
    await user.type(within(drawer).getByLabelText('SSN last four'), '999');
    await user.click(within(drawer).getByRole('button', { name: 'Invite' }));

    expect(await within(drawer).findByText(rosterMessages.dateOfBirthInvalid)).toBeInTheDocument();
    expect(within(drawer).getByText(rosterMessages.ssnLastFourRange)).toBeInTheDocument();

    await user.clear(within(drawer).getByLabelText('Date of birth'));
    await user.type(within(drawer).getByLabelText('Date of birth'), '02/28/1990');
    await user.type(within(drawer).getByLabelText('SSN last four'), '9');
    await user.click(within(drawer).getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText(rosterMessages.invited)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add staff member' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      email: 'ivy@example.test',
      firstName: 'Ivy',
      lastName: 'Inman',
      country: 'United States',
      positionId: lookups.positions[0]?.id,
      gradeIds: [lookups.grades[4]?.id],
      toolkitAccess: true,
      dateOfBirth: '02/28/1990',
      ssnLastFour: 9999,
      address1: null,
    });
  });
});
