import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { someLookups } from '../../../test/lookups.ts';
import { anOrganization, organizationId } from '../../../test/organizations.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const api = `/api/organizations/${organizationId}`;

describe('billing contact form', { timeout: 20_000 }, () => {
  it('names the missing first and last name and email, then adds the contact with empty parts as null', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/lookups': () => jsonResponse(200, someLookups()),
      [`GET ${api}`]: () => jsonResponse(200, anOrganization()),
      [`POST ${api}/billing-contacts`]: () => jsonResponse(200, anOrganization()),
    });
    renderApp(`/members/organization/${organizationId}`);
    const user = userEvent.setup({ delay: null });

    const contacts = await screen.findByRole('region', { name: 'Billing contacts' }, { timeout: 5000 });
    await user.click(within(contacts).getByRole('button', { name: 'Add billing contact' }));
    const form = await within(contacts).findByRole('form', { name: 'New billing contact' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    for (const message of [
      organizationMessages.firstNameRequired,
      organizationMessages.lastNameRequired,
      organizationMessages.emailInvalid,
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText(/^First name/), 'Paula');
    await user.type(within(form).getByLabelText(/^Last name/), 'Payne');
    await user.type(within(form).getByLabelText(/^Email/), 'Payables@Example.test');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      firstName: 'Paula',
      lastName: 'Payne',
      email: 'payables@example.test',
      addressLine1: null,
      addressLine2: null,
      city: null,
      stateProvince: null,
      country: 'United States',
      zipPostal: null,
      phone: null,
    });
  });
});
