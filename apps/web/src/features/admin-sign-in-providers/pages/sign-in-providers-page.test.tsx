import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { schoolSignInMessages, type SignInProviderRow } from '@portal/domain/people/school-sign-in.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const provider: SignInProviderRow = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Lincoln Google',
  issuerUrl: 'https://accounts.google.com',
  clientId: 'portal-client',
  enabled: true,
  hasSecret: true,
  domains: [{ domain: 'lincoln.k12.us', required: true }],
  signIns: 12,
  updatedAt: '2026-11-20 15:00:00+00',
};

const page = (items: SignInProviderRow[]) => jsonResponse(200, { items, page: 1, pageSize: 25, total: items.length });

describe('staff console: sign-in providers', { timeout: 30_000 }, () => {
  beforeEach(() => notifications.clean());

  it('adds a provider: the schema checks the form, the server refuses a taken domain on the form, then it saves', async () => {
    let refused = false;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/sign-in-providers': () => page([]),
      'POST /api/admin/sign-in-providers': () => {
        if (refused) return jsonResponse(201, { id: provider.id });
        refused = true;
        const taken = schoolSignInMessages.domainTaken('lincoln.k12.us');
        return problemResponse(409, 'Conflict', { detail: taken, errors: { domains: taken } });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/sign-in-providers', { mantineEnv: 'test' });
    await screen.findByRole('heading', { name: 'Sign-in providers', level: 1 }, { timeout: 5000 });
    expect(await screen.findByText('No sign-in providers yet. Everyone signs in with a password.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = await screen.findByRole('dialog', { name: 'Add sign-in provider' });
    await user.click(within(form).getByRole('button', { name: 'Add provider' }));
    expect(await within(form).findByText('Name required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), provider.name);
    await user.type(within(form).getByRole('textbox', { name: /Issuer URL/ }), provider.issuerUrl);
    await user.type(within(form).getByRole('textbox', { name: /Client ID/ }), provider.clientId);
    await user.type(within(form).getByLabelText(/Client secret/), 'the-secret');
    await user.type(within(form).getByRole('textbox', { name: 'Domain 1' }), 'Lincoln.K12.us');
    await user.click(within(form).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(form).getByRole('button', { name: 'Add provider' }));
    expect(await within(form).findByText(schoolSignInMessages.domainTaken('lincoln.k12.us'))).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add provider' }));
    expect(await screen.findByText(schoolSignInMessages.created)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({
      name: provider.name,
      issuerUrl: provider.issuerUrl,
      clientId: provider.clientId,
      clientSecret: 'the-secret',
      enabled: true,
      // As typed: the server keeps domains in lower case (the shared schema's transform).
      domains: [{ domain: 'Lincoln.K12.us', required: true }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add sign-in provider' })).not.toBeInTheDocument());
  });

  it('lists providers with their domains and edits one without sending a secret', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/sign-in-providers': () => page([provider]),
      [`PUT /api/admin/sign-in-providers/${provider.id}`]: () => jsonResponse(200, { id: provider.id }),
    });
    const user = userEvent.setup();
    renderApp('/admin/sign-in-providers', { mantineEnv: 'test' });
    const table = await screen.findByRole('table', { name: 'Sign-in providers' }, { timeout: 5000 });
    expect(within(table).getByText('lincoln.k12.us (required)')).toBeInTheDocument();
    expect(within(table).getByText('On')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: `Edit ${provider.name}` }));
    const form = await screen.findByRole('dialog', { name: `Edit ${provider.name}` });
    expect(within(form).getByText('Kept encrypted. Leave empty to keep the current secret.')).toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Offered on the login page' }));
    await user.click(within(form).getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText(schoolSignInMessages.saved)).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ enabled: false, clientSecret: '', domains: provider.domains });
  });

  it('says so when the list cannot be read', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/sign-in-providers': () =>
        problemResponse(503, 'Service Unavailable', { detail: 'Try again soon.' }),
    });
    renderApp('/admin/sign-in-providers', { mantineEnv: 'test' });
    expect(await screen.findByText('Could not load this page', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
