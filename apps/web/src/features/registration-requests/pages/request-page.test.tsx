import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  registrationRequestMessages as messages,
  type RegistrationRequestDetail,
} from '@portal/domain/registrations/requests.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { pastedListMessages } from '@portal/domain/people/pasted-list.ts';

const requestId = '5b0c9d3e-8f1a-4c2b-9d3e-0f1a2b3c4d5e';
const api = `/api/event-registration-requests/${requestId}`;

function aRequest(overrides: Partial<RegistrationRequestDetail> = {}): RegistrationRequestDetail {
  const seats = overrides.seatsRequested ?? 3;
  return {
    id: requestId,
    status: 'OPEN',
    event: {
      id: 'e1',
      name: 'Summer Writing Institute',
      startDate: '2027-07-12',
      endDate: '2027-07-16',
      locationName: null,
    },
    createdAt: '2026-11-20T19:05:00.000Z',
    seatsRequested: seats,
    offer: { paidSeatsRequiredForOffer: null, freeSeatsInOffer: null },
    price: {
      attendeeCost: 10_000,
      seats,
      freeSeats: 0,
      grossTotal: seats * 10_000,
      offerDiscount: 0,
      subtotal: seats * 10_000,
      couponDiscount: 0,
      total: seats * 10_000,
    },
    coupon: null,
    paymentStatus: null,
    payment: null,
    requestedSections: [],
    requestedGroupings: [],
    seats: Array.from({ length: seats }, (_, index) => ({ position: index + 1, free: false, attendee: null })),
    abilities: { changeSeats: true, changeCoupon: true, pay: true, assignAttendees: true, cancel: true },
    requester: { id: 'u1', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.test' },
    organization: { id: 'o1', name: 'Lincoln Elementary School' },
    ...overrides,
  };
}

const seatField = (n: number) => screen.getByLabelText(`Seat ${n} attendee email`);

describe('registration request page', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('shows the request (date as MM/dd/yyyy hh:mm a, in the provider time zone) and refuses to save until every seat is filled, once per email', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      [`GET ${api}`]: () => jsonResponse(200, aRequest()),
    });
    renderApp(`/members/events/registration/requests/${requestId}`);
    expect(
      await screen.findByRole('heading', { name: 'Summer Writing Institute', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Requested 11/20/2026 02:05 PM')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(seatField(1), 'a@example.test');
    await user.click(screen.getByRole('button', { name: 'Save attendees' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.fillAllSeats);

    await user.type(seatField(2), 'A@example.test');
    await user.type(seatField(3), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save attendees' }));
    expect(await screen.findByText(messages.emailDuplicate)).toBeInTheDocument();
    expect(screen.getByText(messages.emailInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('saves the attendees, and shows the server’s refusal on its seat', async () => {
    let refuse = true;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      [`GET ${api}`]: () => jsonResponse(200, aRequest({ seatsRequested: 1 })),
      [`PUT ${api}/attendees`]: () => {
        if (refuse) {
          refuse = false;
          return problemResponse(400, 'Bad Request', {
            detail: messages.alreadyApplied,
            errors: { 'emails.0': messages.alreadyApplied },
          });
        }
        return jsonResponse(
          200,
          aRequest({
            seatsRequested: 1,
            seats: [
              {
                position: 1,
                free: false,
                attendee: {
                  userId: 'u2',
                  firstName: '',
                  lastName: '',
                  email: 'b@example.test',
                  isPending: true,
                  applicationId: 'a2',
                },
              },
            ],
          }),
        );
      },
    });
    renderApp(`/members/events/registration/requests/${requestId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Seat 1 attendee email', {}, { timeout: 5000 }), 'b@example.test');
    await user.click(screen.getByRole('button', { name: 'Save attendees' }));
    expect(await screen.findAllByText(messages.alreadyApplied)).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save attendees' }));
    expect(await screen.findByText(messages.attendeesSaved)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { emails: ['b@example.test'] },
      { emails: ['b@example.test'] },
    ]);
  });

  it('cancels after the confirmation, with the spec’s texts', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      [`GET ${api}`]: () => jsonResponse(200, aRequest()),
      [`POST ${api}/cancel`]: () =>
        jsonResponse(
          200,
          aRequest({
            status: 'CANCELLED',
            abilities: { changeSeats: false, changeCoupon: false, pay: false, assignAttendees: false, cancel: false },
          }),
        ),
    });
    renderApp(`/members/events/registration/requests/${requestId}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.cancelConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText(messages.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save attendees' })).not.toBeInTheDocument());
  });

  it('shows the sections and groupings asked for', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      [`GET ${api}`]: () =>
        jsonResponse(
          200,
          aRequest({
            requestedSections: [{ id: 's1', title: 'Coaching Cycles', groupingId: 'g0' }],
            requestedGroupings: [{ id: 'g1', name: 'Advanced Strands' }],
          }),
        ),
    });
    renderApp(`/members/events/registration/requests/${requestId}`);
    expect(
      await screen.findByRole('heading', { name: 'Summer Writing Institute', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sections:')).toBeInTheDocument();
    expect(screen.getByText('Coaching Cycles')).toBeInTheDocument();
    expect(screen.getByText('Groupings:')).toBeInTheDocument();
    expect(screen.getByText('Advanced Strands')).toBeInTheDocument();
  });

  it('sends a success page without both ids to the list', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/event-registration-requests': () => jsonResponse(200, { items: [], page: 1, pageSize: 10, total: 0 }),
    });
    const app = renderApp(`/members/events/registration/checkout/success?eventRegistrationRequestId=${requestId}`);
    await waitFor(() => expect(app.location()).toBe('/members/events/registration/requests'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: messages.listTitle })).toBeInTheDocument();
    expect(await screen.findByText(messages.empty)).toBeInTheDocument();
  });

  it('fills the free seats from a pasted list, shows each line’s problem, and saves the names it gave', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      [`GET ${api}`]: () => jsonResponse(200, aRequest({ seatsRequested: 3 })),
      [`PUT ${api}/attendees`]: () => jsonResponse(200, aRequest({ seatsRequested: 3 })),
    });
    renderApp(`/members/events/registration/requests/${requestId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Seat 2 attendee email', {}, { timeout: 5000 }), 'held@example.test');
    await user.click(screen.getByRole('button', { name: pastedListMessages.paste }));
    const dialog = await screen.findByRole('dialog', { name: pastedListMessages.paste });
    await user.click(within(dialog).getByLabelText(pastedListMessages.textLabel, { exact: false }));
    await user.paste(
      'Ann Lee <ann@example.test>; HELD@example.test\nnope\nann@example.test\nbo@example.test, cy@example.test',
    );
    const rows = within(within(dialog).getByRole('table', { name: 'Parsed list' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      'Seat 1',
      pastedListMessages.problems.taken,
      pastedListMessages.problems.invalid,
      pastedListMessages.problems.duplicate,
      'Seat 3',
      pastedListMessages.problems.overflow,
    ]);
    await user.click(within(dialog).getByRole('button', { name: pastedListMessages.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seatField(1)).toHaveValue('ann@example.test');
    expect(seatField(3)).toHaveValue('bo@example.test');
    await user.click(screen.getByRole('button', { name: 'Save attendees' }));
    expect(await screen.findByText(messages.attendeesSaved)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      {
        emails: ['ann@example.test', 'held@example.test', 'bo@example.test'],
        names: [{ email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee' }],
      },
    ]);
  });

  it('a list shorter than the seats fills what it can, and Save still asks for every seat', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      [`GET ${api}`]: () => jsonResponse(200, aRequest({ seatsRequested: 3 })),
    });
    renderApp(`/members/events/registration/requests/${requestId}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: pastedListMessages.paste }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: pastedListMessages.paste });
    await user.click(within(dialog).getByLabelText(pastedListMessages.textLabel, { exact: false }));
    await user.paste('a@example.test, b@example.test');
    await user.click(within(dialog).getByRole('button', { name: pastedListMessages.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seatField(3)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save attendees' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.fillAllSeats);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
