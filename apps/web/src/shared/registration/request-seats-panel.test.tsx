import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { registrationRequestMessages as messages } from '@portal/domain/registration-requests.ts';
import { aConferenceDay, conferenceDayId, sectionIds } from '../../test/commerce.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { aUser } from '../../test/users.ts';

const requestId = '00000000-0000-4000-8000-0000000b0001';
const offerApi = `/api/catalogue/events/${conferenceDayId}/group-registration`;
const offer = { eventId: conferenceDayId, attendeeCost: 12_500, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: 2 };

function stub(offerReply: () => Response) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    [`GET /api/catalogue/events/${conferenceDayId}`]: () => jsonResponse(200, aConferenceDay()),
    [`GET ${offerApi}`]: offerReply,
    'POST /api/event-registration-requests': () => jsonResponse(201, { id: requestId }),
  });
}

describe("'Request seats' on an event's page", { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('is not offered on an event that is not open to group registration', async () => {
    stub(() => jsonResponse(404, { title: 'Not Found', status: 404 }));
    renderApp(`/members/events/${conferenceDayId}`);
    expect(await screen.findByRole('heading', { level: 1, name: aConferenceDay().name }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Group registration' })).not.toBeInTheDocument());
  });

  it('prices the seats with the offer, refuses 101, and creates the request with the sections wanted', async () => {
    const calls = stub(() => jsonResponse(200, offer));
    const app = renderApp(`/members/events/${conferenceDayId}`);
    const panel = await screen.findByRole('region', { name: 'Group registration' }, { timeout: 5000 });
    expect(panel).toHaveTextContent('$125.00 per seat');
    expect(panel).toHaveTextContent('Seats past 10 are free, up to 2 free seats.');

    const user = userEvent.setup();
    const seats = within(panel).getByRole('textbox', { name: /Number of seats/ });
    await user.clear(seats);
    await user.type(seats, '101');
    await user.click(within(panel).getByRole('button', { name: messages.requestSeats }));
    expect(within(panel).getByText(messages.seatsRange)).toBeInTheDocument();

    await user.clear(seats);
    await user.type(seats, '12');
    expect(panel).toHaveTextContent('Total: $1,250.00 (2 free seats)');
    await user.click(within(panel).getByRole('checkbox', { name: /Coaching Writing/ }));
    await user.click(within(panel).getByRole('button', { name: messages.requestSeats }));
    await waitFor(() => expect(app.location()).toBe(`/members/events/registration/requests/${requestId}`));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { eventId: conferenceDayId, seatsRequested: 12, sectionIds: [sectionIds.writing] },
    ]);
  });
});
