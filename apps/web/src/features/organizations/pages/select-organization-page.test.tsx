import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { organizationId } from '../../../test/organizations.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

describe('select an organization', { timeout: 20_000 }, () => {
  it('lists the organizations the member owns or administers, each linking to its page', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/organizations/managed': () =>
        jsonResponse(200, {
          items: [{ id: organizationId, name: 'Lincoln Elementary School', districtName: null, role: 'ADMIN' }],
        }),
    });
    renderApp('/members/organization/select');

    const link = await screen.findByRole('link', { name: 'Lincoln Elementary School' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/members/organization/${organizationId}`);
    expect(screen.getByRole('heading', { name: 'Select an Organization' })).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/organizations/managed': () => jsonResponse(200, { items: [] }),
    });
    renderApp('/members/organization/select');

    expect(await screen.findByText('You do not manage any organization.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
