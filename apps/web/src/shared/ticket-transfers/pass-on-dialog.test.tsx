import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ticketTransferMessages as m, type TicketTransferOptions } from '@portal/domain/tickets/ticket-transfers.ts';
import { aTicket } from '../../test/allocation.ts';
import { anEventPaymentPage } from '../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { aUser } from '../../test/users.ts';

const colleague = {
  id: '00000000-0000-4000-8000-00000000c001',
  firstName: 'Cleo',
  lastName: 'Cole',
  email: 'cleo@school.test',
  isPending: false,
};
const buyer = {
  id: '00000000-0000-4000-8000-00000000b001',
  firstName: 'Bea',
  lastName: 'Buyer',
  email: 'bea@school.test',
  isPending: false,
};
const ticket = aTicket({
  id: '00000000-0000-4000-8000-00000000a001',
  dates: ['2099-05-01'],
  startDate: '2099-05-01',
  endDate: '2099-05-01',
});
const title = `${ticket.eventName}: ${ticket.sectionTitle ?? ''}`;

function options(overrides: Partial<TicketTransferOptions> = {}): TicketTransferOptions {
  return {
    ticketId: ticket.id,
    eventName: ticket.eventName,
    sectionTitle: ticket.sectionTitle,
    recipients: 'ORGANIZATION',
    organization: { id: 'org-1', name: 'Lincoln Elementary School' },
    buyer,
    refusal: null,
    ...overrides,
  };
}

function page(
  transfer: TicketTransferOptions,
  pass = () => jsonResponse(200, { ticketId: ticket.id, recipient: colleague, message: m.passed('Cleo Cole') }),
) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/organizations/managed': () => jsonResponse(200, { items: [] }),
    'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
    'GET /api/my-tickets': () =>
      jsonResponse(200, {
        items: [
          ticket,
          aTicket({ id: 'seat-1', kind: 'INSTITUTE_SEAT', dates: ['2099-05-01'], eventName: 'Summer Institute' }),
        ],
      }),
    [`GET /api/ticket-transfers/${ticket.id}`]: () => jsonResponse(200, transfer),
    [`GET /api/ticket-transfers/${ticket.id}/recipients`]: () => jsonResponse(200, { items: [colleague], total: 1 }),
    'POST /api/ticket-transfers': pass,
  });
}

async function openDialog() {
  // Mantine's test environment: the colleague picker's dropdown opens without layout checks.
  renderApp('/members/manage-events', { mantineEnv: 'test' });
  const tickets = await screen.findByRole('table', { name: 'My tickets' }, { timeout: 15_000 });
  // Only an allocated ticket is passed on: an institute seat is the applicant's own.
  expect(within(tickets).queryByRole('button', { name: 'Pass on: Summer Institute: Coaching Writing' })).toBeNull();
  await userEvent.click(within(tickets).getByRole('button', { name: `Pass on: ${title}` }));
  // The dialog comes with its own chunk and then reads the ticket's options: what it says is there once they are.
  const dialog = await screen.findByRole('dialog', { name: `${m.title}: ${title}` });
  await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).toBeNull(), { timeout: 5000 });
  return dialog;
}

describe('Pass on', { timeout: 40_000 }, () => {
  it('passes the ticket to a colleague picked from the school, after a confirmation', async () => {
    const calls = page(options());
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(m.colleagueRequired)).toBeInTheDocument();

    const picker = within(dialog).getByRole('combobox', { name: 'Colleague at Lincoln Elementary School' });
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: /Cleo Cole/ }, { timeout: 5000 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(m.confirm(title, 'Cleo Cole'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: m.passOn }));

    expect(await screen.findByText(m.passed('Cleo Cole'))).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ticketId: ticket.id,
      recipient: { kind: 'COLLEAGUE', userId: colleague.id },
    });
    expect(calls.some((call) => call.path.startsWith(`/api/ticket-transfers/${ticket.id}/recipients`))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives the ticket back to its buyer, and shows a refusal from the server in the dialog', async () => {
    const calls = page(options(), () => problemResponse(409, 'Conflict', { detail: m.changed }));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: m.backToBuyer('Bea Buyer') }));
    expect(within(dialog).queryByRole('combobox', { name: /Colleague/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.passOn }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(m.changed);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ticketId: ticket.id,
      recipient: { kind: 'BUYER' },
    });
  });

  it('asks for an email and names when the ticket was bought for no organization', async () => {
    const calls = page(options({ recipients: 'ANYONE', organization: null, buyer: null }));
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: m.emailLabel }), 'nia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(m.emailInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(m.firstNameRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: m.emailLabel }), '@elsewhere.org');
    await userEvent.type(within(dialog).getByRole('textbox', { name: m.firstNameLabel }), 'Nia');
    await userEvent.type(within(dialog).getByRole('textbox', { name: m.lastNameLabel }), 'Ng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.passOn }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        ticketId: ticket.id,
        recipient: { kind: 'EMAIL', email: 'nia@elsewhere.org', firstName: 'Nia', lastName: 'Ng' },
      }),
    );
  });

  it('says why a ticket cannot be passed on', async () => {
    page(options({ refusal: m.attended }));
    const dialog = await openDialog();
    expect(await within(dialog).findByText(m.attended)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
