import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { someLookups } from '../../../test/lookups.ts';
import { anOrganization, organizationId } from '../../../test/organizations.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const accepted = '00000000-0000-4000-8000-00000000c001';
const submitted = '00000000-0000-4000-8000-00000000c002';
const changesRequested = '00000000-0000-4000-8000-00000000c003';
const packageRequests: OrganizationDetail['packageRequests'] = [
  { id: accepted, packageName: 'New Teacher Mentoring Days', status: 'ACCEPTED' },
  { id: submitted, packageName: 'Math Coaching Days', status: 'SUBMITTED' },
  { id: changesRequested, packageName: 'Literacy Institute', status: 'CHANGES_REQUESTED' },
];
const request = (id: string) => `/members/manage-services/package-request/${id}`;

function renderPage(role: OrganizationDetail['organizationMemberRole']) {
  stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/lookups': () => jsonResponse(200, someLookups()),
    [`GET /api/organizations/${organizationId}`]: () =>
      jsonResponse(200, anOrganization({ packageRequests, organizationMemberRole: role })),
  });
  return renderApp(`/members/organization/${organizationId}`);
}

async function item(packageName: string) {
  const section = await screen.findByRole('region', { name: 'Affiliated packages' }, { timeout: 5000 });
  const found = within(section)
    .getAllByRole('listitem')
    .find((listItem) => within(listItem).queryByRole('link', { name: packageName }));
  if (!found) throw new Error(`no package request named ${packageName}`);
  return found;
}

const links = (listItem: HTMLElement) =>
  within(listItem)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('affiliated packages on the organization page', { timeout: 20_000 }, () => {
  it.each(['OWNER', 'ADMIN'] as const)(
    'shows each request with its status and the actions of §4 to an %s',
    async (role) => {
      renderPage(role);

      const acceptedItem = await item('New Teacher Mentoring Days');
      expect(within(acceptedItem).getByText('Accepted')).toBeInTheDocument();
      expect(links(acceptedItem)).toEqual([
        ['New Teacher Mentoring Days', `${request(accepted)}/review`],
        ['Allocate Tickets', `${request(accepted)}/assign-tickets`],
        ['Assign Staff', `${request(accepted)}/assign-staff`],
        ['Review Package', `${request(accepted)}/review`],
      ]);

      const submittedItem = await item('Math Coaching Days');
      expect(within(submittedItem).getByText('Submitted')).toBeInTheDocument();
      expect(links(submittedItem)).toEqual([
        ['Math Coaching Days', `${request(submitted)}/review`],
        ['Review Application', `${request(submitted)}/review`],
      ]);

      const changesItem = await item('Literacy Institute');
      expect(within(changesItem).getByText('Changes requested')).toBeInTheDocument();
      expect(links(changesItem)).toEqual([
        ['Literacy Institute', `${request(changesRequested)}/review`],
        ['Continue Application', `${request(changesRequested)}/staff-options`],
      ]);
    },
  );

  it('opens the ticket assignment of an accepted package from its action', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/lookups': () => jsonResponse(200, someLookups()),
      [`GET /api/organizations/${organizationId}`]: () => jsonResponse(200, anOrganization({ packageRequests })),
      [`GET /api/package-requests/${accepted}/assignments`]: () =>
        jsonResponse(404, { title: 'Not Found', status: 404, detail: 'Package request not found' }),
    });
    const { location } = renderApp(`/members/organization/${organizationId}`);
    const user = userEvent.setup({ delay: null });

    await user.click(within(await item('New Teacher Mentoring Days')).getByRole('link', { name: 'Allocate Tickets' }));

    await waitFor(() => expect(location()).toBe(`${request(accepted)}/assign-tickets`), { timeout: 5000 });
  });
});
