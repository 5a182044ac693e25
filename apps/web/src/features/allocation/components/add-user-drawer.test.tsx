import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allocationMessages, type AssignableUser } from '@portal/domain/tickets/allocation.ts';
import type { NewPendingUser } from '@portal/domain/tickets/pending-users.ts';
import { anAllocation, organizationId, people } from '../../../test/allocation.ts';
import { eventPaymentId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const admin = aUser({
  memberships: [{ organizationId, organizationName: 'Lincoln Elementary School', role: 'ADMIN' }],
});
const pagePath = `/members/event/assign-tickets?eventPaymentId=${eventPaymentId}`;
const gina: AssignableUser = {
  id: '00000000-0000-4000-8000-000000000104',
  firstName: 'Gina',
  lastName: 'Gray',
  email: 'gina@lincoln.test',
  isPending: true,
};

function routes(everyone: AssignableUser[], create: (body: NewPendingUser) => Response) {
  return {
    'GET /api/me': () => jsonResponse(200, admin),
    [`GET /api/event-payments/${eventPaymentId}/allocation`]: () => jsonResponse(200, anAllocation()),
    [`GET /api/organizations/${organizationId}/assignable-users`]: () =>
      jsonResponse(200, { items: everyone, total: everyone.length }),
    [`POST /api/organizations/${organizationId}/pending-users`]: (body: unknown) => create(body as NewPendingUser),
  };
}

async function openDrawer() {
  renderApp(pagePath, { mantineEnv: 'test' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: allocationMessages.addNewUser }, { timeout: 8000 }));
  const drawer = await screen.findByRole('dialog', { name: 'Add New User' }, { timeout: 5000 });
  return { user, drawer };
}

describe('+ Add New User', { timeout: 30_000 }, () => {
  it('asks for every field, the organization prefilled with the payment’s', async () => {
    const calls = stubFetch(routes([people.dana], () => jsonResponse(201, gina)));
    const { user, drawer } = await openDrawer();

    expect(within(drawer).getByRole('combobox', { name: 'Organization' })).toHaveValue(organizationId);
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Organization' }), '');
    await user.click(within(drawer).getByRole('button', { name: 'Create user' }));

    for (const message of [
      allocationMessages.firstNameRequired,
      allocationMessages.lastNameRequired,
      allocationMessages.emailRequired,
      allocationMessages.organizationRequired,
    ]) {
      expect(within(drawer).getByText(message)).toBeInTheDocument();
    }
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a pending user who can be picked at once', async () => {
    const everyone = [people.dana];
    let created: NewPendingUser | undefined;
    stubFetch(
      routes(everyone, (body) => {
        created = body;
        everyone.push(gina);
        return jsonResponse(201, gina);
      }),
    );
    const { user, drawer } = await openDrawer();

    await user.type(within(drawer).getByRole('textbox', { name: 'First name' }), 'Gina');
    await user.type(within(drawer).getByRole('textbox', { name: 'Last name' }), 'Gray');
    await user.type(within(drawer).getByRole('textbox', { name: 'Email' }), 'Gina@Lincoln.test');
    await user.click(within(drawer).getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText(allocationMessages.userCreated, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(created).toEqual({ firstName: 'Gina', lastName: 'Gray', email: 'gina@lincoln.test', organizationId });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument());

    const section = screen.getByRole('region', { name: 'Data-Driven Instruction' });
    await user.click(within(section).getByRole('combobox', { name: 'Ticket 1' }));
    expect(await screen.findByRole('option', { name: /Gina Gray \(pending\)/ }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the server’s message when the user cannot be created', async () => {
    stubFetch(
      routes([people.dana], () =>
        problemResponse(409, 'Conflict', { detail: 'A user with this email already exists.' }),
      ),
    );
    const { user, drawer } = await openDrawer();

    await user.type(within(drawer).getByRole('textbox', { name: 'First name' }), 'Gina');
    await user.type(within(drawer).getByRole('textbox', { name: 'Last name' }), 'Gray');
    await user.type(within(drawer).getByRole('textbox', { name: 'Email' }), 'gina@lincoln.test');
    await user.click(within(drawer).getByRole('button', { name: 'Create user' }));

    expect(
      await screen.findByText('A user with this email already exists.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
  });
});
