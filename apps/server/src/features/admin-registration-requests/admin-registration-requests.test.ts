import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  registrationRequestMessages,
  type RegistrationRequestDetail,
  type RegistrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const settingsUrl = (eventId: string) => `/api/admin/events/${eventId}/group-registration`;
const offer = { open: true, attendeeCost: 12_500, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: 2 };

describe('group registration settings', () => {
  it('staff open an event with its cost and offer; members then see it and request seats', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { event } = await createEvent(t.deps.db);
    expect((await call(t.app, 'GET', settingsUrl(event.id), { caller: staff.caller })).json()).toEqual({
      eventId: event.id,
      open: false,
      attendeeCost: 0,
      paidSeatsRequiredForOffer: null,
      freeSeatsInOffer: null,
    });
    const saved = await call(t.app, 'PUT', settingsUrl(event.id), { caller: staff.caller, body: offer });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ eventId: event.id, ...offer });

    const member = await signedInUser(t);
    const created = await call(t.app, 'POST', '/api/event-registration-requests', {
      caller: member.caller,
      body: { eventId: event.id, seatsRequested: 12 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.statusCode).toBe(201);
    const requestId = created.json<{ id: string }>().id;

    const list = (
      await call(t.app, 'GET', `/api/admin/registration-requests?eventId=${event.id}`, { caller: staff.caller })
    ).json<RegistrationRequestPage>();
    expect(list.items).toEqual([
      expect.objectContaining({
        id: requestId,
        seatsRequested: 12,
        total: 125_000,
        requester: expect.objectContaining({ id: member.user.id }),
      }),
    ]);
    const detail = (
      await call(t.app, 'GET', `/api/admin/registration-requests/${requestId}`, { caller: staff.caller })
    ).json<RegistrationRequestDetail>();
    expect(detail.price).toMatchObject({ freeSeats: 2, grossTotal: 150_000, total: 125_000 });
  });

  it('refuses a member (403), half an offer (400) and an unknown event (404)', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const member = await signedInUser(t);
    const { event } = await createEvent(t.deps.db);
    expect((await call(t.app, 'PUT', settingsUrl(event.id), { caller: member.caller, body: offer })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', '/api/admin/registration-requests', { caller: member.caller })).statusCode).toBe(
      403,
    );
    const half = await call(t.app, 'PUT', settingsUrl(event.id), {
      caller: staff.caller,
      body: { ...offer, freeSeatsInOffer: null },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.freeSeatsInOffer).toBe(registrationRequestMessages.offerIncomplete);
    expect(
      (
        await call(t.app, 'PUT', settingsUrl('00000000-0000-4000-8000-000000000000'), {
          caller: staff.caller,
          body: offer,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'GET', '/api/admin/registration-requests/00000000-0000-4000-8000-000000000000', {
          caller: staff.caller,
        })
      ).statusCode,
    ).toBe(404);
  });
});
