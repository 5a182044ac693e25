import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { registrationRequestMessages as messages } from '@portal/domain/registrations/requests.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const eventId = '00000000-0000-4000-8000-00000000e001';
const settingsApi = `/api/admin/events/${eventId}/group-registration`;
const closed = { eventId, open: false, attendeeCost: 0, paidSeatsRequiredForOffer: null, freeSeatsInOffer: null };

describe('staff console: group registration of an event', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('opens the event with a cost in dollars and an offer, sent in cents; half an offer is refused before sending', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser({ role: 'STAFF' })),
      [`GET ${settingsApi}`]: () => jsonResponse(200, closed),
      [`PUT ${settingsApi}`]: (body) => jsonResponse(200, { eventId, ...(body as object) }),
      'GET /api/admin/registration-requests': () => jsonResponse(200, { items: [], page: 1, pageSize: 20, total: 0 }),
    });
    renderApp(`/admin/events/${eventId}/group-registration`);
    expect(
      await screen.findByRole('heading', { name: 'Group registration', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(messages.empty)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: /Open to group registration/ }));
    const cost = screen.getByRole('textbox', { name: /Attendee cost/ });
    await user.clear(cost);
    await user.type(cost, '125.00');
    await user.type(screen.getByRole('textbox', { name: /Paid seats required/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.offerIncomplete)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Free seats in the offer/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.settingsSaved)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { open: true, attendeeCost: 12_500, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: 2 },
    ]);
  });
});
