import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { registrationRequestMessages as messages } from '@portal/domain/registrations/requests.ts';
import { aConferenceDay, conferenceDayId, sectionIds } from '../../test/commerce.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { aUser } from '../../test/users.ts';

const requestId = '00000000-0000-4000-8000-0000000b0001';
const offerApi = `/api/catalogue/events/${conferenceDayId}/group-registration`;
const offer = {
  eventId: conferenceDayId,
  attendeeCost: 12_500,
  paidSeatsRequiredForOffer: 10,
  freeSeatsInOffer: 2,
  groupingPathIds: [],
};
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function stub(
  offerReply: () => Response,
  created: () => Response | Promise<Response> = () => jsonResponse(201, { id: requestId }),
  user = aUser(),
) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, user),
    [`GET /api/catalogue/events/${conferenceDayId}`]: () => jsonResponse(200, aConferenceDay()),
    [`GET ${offerApi}`]: offerReply,
    'POST /api/event-registration-requests': created,
  });
}

describe("'Request seats' on an event's page", { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('is not offered on an event that is not open to group registration', async () => {
    stub(() => jsonResponse(200, null));
    renderApp(`/members/events/${conferenceDayId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: aConferenceDay().name }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Group registration' })).not.toBeInTheDocument());
  });

  it('prices the seats with the offer, refuses 101, and creates the request with the sections wanted', async () => {
    const calls = stub(() => jsonResponse(200, offer));
    const app = renderApp(`/members/events/${conferenceDayId}`);
    const panel = await screen.findByRole('region', { name: 'Group registration' }, { timeout: 5000 });
    expect(panel).toHaveTextContent('$125.00 per seat');
    expect(panel).toHaveTextContent('Seats past 10 are free, up to 2 free seats.');
    expect(panel).toHaveTextContent(`${messages.organizationLabel} Lincoln Elementary School`);

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
      { eventId: conferenceDayId, seatsRequested: 12, sectionIds: [sectionIds.writing], groupingIds: [] },
    ]);
  });

  it("says the member's only organization, and asks a member of several to choose one before sending", async () => {
    const twoSchools = aUser({
      memberships: [
        { organizationId: 'org-1', organizationName: 'Lincoln Elementary School', role: 'MEMBER' },
        { organizationId: 'org-2', organizationName: 'Washington Middle School', role: 'OWNER' },
      ],
    });
    const calls = stub(() => jsonResponse(200, offer), undefined, twoSchools);
    const app = renderApp(`/members/events/${conferenceDayId}`);
    const panel = await screen.findByRole('region', { name: 'Group registration' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: messages.requestSeats }));
    expect(within(panel).getByText(messages.organizationRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.selectOptions(
      within(panel).getByRole('combobox', { name: messages.organizationLabel }),
      'Washington Middle School',
    );
    await user.click(within(panel).getByRole('button', { name: messages.requestSeats }));
    await waitFor(() => expect(app.location()).toBe(`/members/events/registration/requests/${requestId}`));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { eventId: conferenceDayId, seatsRequested: 1, sectionIds: [], groupingIds: [], organizationId: 'org-2' },
    ]);
  });

  it('offers the groupings, not the sections, of a path chosen by grouping, and sends the groupings chosen', async () => {
    const day = aConferenceDay();
    const path = day.paths[0];
    const morning = path?.groupings[0];
    if (!path || !morning) throw new Error('the conference day has a path with groupings');
    const calls = stub(() => jsonResponse(200, { ...offer, groupingPathIds: [path.id] }));
    const app = renderApp(`/members/events/${conferenceDayId}`);
    const panel = await screen.findByRole('region', { name: 'Group registration' }, { timeout: 5000 });
    expect(within(panel).getByRole('group', { name: /Groupings wanted/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('group', { name: /Sections wanted/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox', { name: /Coaching Writing/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(panel).getByRole('checkbox', { name: `${path.name}: ${morning.name}` }));
    await user.click(within(panel).getByRole('button', { name: messages.requestSeats }));
    await waitFor(() => expect(app.location()).toBe(`/members/events/registration/requests/${requestId}`));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { eventId: conferenceDayId, seatsRequested: 1, sectionIds: [], groupingIds: [morning.id] },
    ]);
  });

  it('a double click makes one request, and a retry after a lost answer sends the same Idempotency-Key', async () => {
    let answers = 0;
    // The first answer is held until the double click is over, then lost (502).
    let loseFirst = () => {};
    const calls = stub(
      () => jsonResponse(200, offer),
      () => {
        answers += 1;
        if (answers > 1) return jsonResponse(201, { id: requestId });
        return new Promise<Response>((resolve) => {
          loseFirst = () => resolve(jsonResponse(502, { title: 'Bad Gateway', status: 502 }));
        });
      },
    );
    const app = renderApp(`/members/events/${conferenceDayId}`);
    const panel = await screen.findByRole('region', { name: 'Group registration' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.dblClick(within(panel).getByRole('button', { name: messages.requestSeats }));
    loseFirst();
    await waitFor(() => expect(within(panel).getByRole('button', { name: messages.requestSeats })).toBeEnabled());
    const first = calls.filter((call) => call.method === 'POST');
    expect(first).toHaveLength(1);
    expect(first[0]?.headers['Idempotency-Key']).toMatch(uuid);

    await user.click(within(panel).getByRole('button', { name: messages.requestSeats }));
    await waitFor(() => expect(app.location()).toBe(`/members/events/registration/requests/${requestId}`));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers['Idempotency-Key']).toBe(first[0]?.headers['Idempotency-Key']);
  });
});
