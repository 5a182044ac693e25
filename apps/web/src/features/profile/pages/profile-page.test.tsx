import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileMessages } from '@portal/domain/people/profile.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { someLookups } from '../../../test/lookups.ts';
import { aProfile } from '../../../test/profile.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const signedIn = {
  'GET /api/me': () => jsonResponse(200, aUser()),
  'GET /api/lookups': () => jsonResponse(200, someLookups()),
  'GET /api/affiliations': () => jsonResponse(200, { items: [] }),
};

async function openEditor() {
  const user = userEvent.setup({ delay: null });
  renderApp('/members/profile');
  // The first render also loads the page's code: allow it more than the default second.
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }, { timeout: 5000 }));
  // The form loads with its own code when editing starts.
  const form = await screen.findByRole('form', { name: 'Edit profile' }, { timeout: 5000 });
  return { user, form };
}

describe('profile page', { timeout: 20_000 }, () => {
  it('shows every field, Not set for the empty ones, the memberships and the CTLE note', async () => {
    stubFetch({ ...signedIn, 'GET /api/profile': () => jsonResponse(200, aProfile()) });
    renderApp('/members/profile');

    expect(await screen.findByText('12 Elm Street', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('04/12/1988')).toBeInTheDocument();
    expect(screen.getAllByText('Not set').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(profileMessages.ctleNote)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/auth/reset-password');

    const membership = screen.getByRole('article', { name: 'Lincoln Elementary School' });
    expect(within(membership).getByText('Capital District')).toBeInTheDocument();
    expect(within(membership).getByText('1 School Road')).toBeInTheDocument();
    expect(within(membership).getByText('Teacher')).toBeInTheDocument();
    expect(within(membership).getByText('3, 4')).toBeInTheDocument();
  });

  it('hides date of birth and SSN digits while staff view as the member', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/profile': () =>
        jsonResponse(200, aProfile({ dateOfBirth: null, last4SSN: null, sensitiveHidden: true })),
    });
    renderApp('/members/profile');
    expect(await screen.findAllByText('Hidden while viewing as this member', {}, { timeout: 5000 })).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit profile' }));
    const form = await screen.findByRole('form', { name: 'Edit profile' }, { timeout: 5000 });
    expect(within(form).queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Last 4 SSN')).not.toBeInTheDocument();
  });

  it('validates with the profile rules before saving', async () => {
    const calls = stubFetch({ ...signedIn, 'GET /api/profile': () => jsonResponse(200, aProfile()) });
    const { user, form } = await openEditor();

    await user.clear(within(form).getByLabelText(/^First name/));
    await user.clear(within(form).getByLabelText('Zip / Postal code'));
    await user.click(within(form).getByLabelText('Zip / Postal code'));
    await user.paste('12345678901');
    await user.clear(within(form).getByLabelText('Date of birth'));
    await user.click(within(form).getByLabelText('Date of birth'));
    await user.paste('1988-04-12');
    await user.clear(within(form).getByLabelText('Last 4 SSN'));
    await user.type(within(form).getByLabelText('Last 4 SSN'), '123');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText(profileMessages.required)).toBeInTheDocument();
    expect(within(form).getByText(profileMessages.zipPostalTooLong)).toBeInTheDocument();
    expect(within(form).getByText(profileMessages.dateOfBirthFormat)).toBeInTheDocument();
    expect(within(form).getByText(profileMessages.last4SsnLength)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers US states for the United States, free text elsewhere, and clears the state when the country changes', async () => {
    stubFetch({ ...signedIn, 'GET /api/profile': () => jsonResponse(200, aProfile()) });
    const { user, form } = await openEditor();

    expect(within(form).getByRole('combobox', { name: 'State / Province' })).toHaveValue('New York');
    await user.click(within(form).getByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'Canada', hidden: true }));

    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Country/ })).toHaveValue('Canada'));
    const freeText = within(form).getByRole('textbox', { name: 'State / Province' });
    expect(freeText).toHaveValue('');
    await user.type(freeText, 'Ontario');
    expect(freeText).toHaveValue('Ontario');

    // And back: the free text does not carry over into the list of US states.
    await user.click(within(form).getByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'United States', hidden: true }));
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'State / Province' })).toHaveValue(''));
  });

  it('saves, says so, and returns to view mode', async () => {
    const saved = aProfile({ firstName: 'Tamara' });
    const calls = stubFetch({
      ...signedIn,
      'GET /api/profile': () => jsonResponse(200, aProfile()),
      'PUT /api/profile': () => jsonResponse(200, saved),
    });
    const { user, form } = await openEditor();

    await user.clear(within(form).getByLabelText(/^First name/));
    await user.type(within(form).getByLabelText(/^First name/), 'Tamara');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(profileMessages.updated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT' && call.path === '/api/profile');
    expect(put?.body).toMatchObject({
      firstName: 'Tamara',
      address2: null,
      dateOfBirth: '04/12/1988',
      last4SSN: '1234',
    });
  });

  it('says when saving failed, and shows the server field errors', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/profile': () => jsonResponse(200, aProfile()),
      'PUT /api/profile': () =>
        problemResponse(400, 'Bad Request', { errors: { zipPostal: profileMessages.zipPostalTooLong } }),
    });
    const { user, form } = await openEditor();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(profileMessages.updateFailed)).toBeInTheDocument();
    expect(within(form).getByText(profileMessages.zipPostalTooLong)).toBeInTheDocument();
  });
});
