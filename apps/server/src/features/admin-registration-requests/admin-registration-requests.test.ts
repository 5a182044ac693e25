import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  registrationRequestMessages,
  type RegistrationRequestDetail,
  type RegistrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import {
  eventGroupRegistrations,
  eventRegistrationRequests,
  eventRegistrationSeats,
} from '../../db/schema/registration-requests.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { readCsv, readXlsx } from '../../test/exports.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
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

describe('the staff list: search, status and its export', () => {
  /** Two requests for a named event: one of an organization with two attendees named, one cancelled with none. */
  async function requests() {
    const tag = randomUUID().slice(0, 6);
    const { event } = await createEvent(t.deps.db, {
      name: `Retreat ${tag}`,
      startDate: '2027-01-12',
      endDate: '2027-01-13',
    });
    await t.deps.db
      .insert(eventGroupRegistrations)
      .values({ eventId: event.id, open: true, attendeeCostCents: 12_550 });
    const organization = await createOrganization(t.deps.db, `Academy ${tag}`);
    const requester = await createUser(t.deps.db, { firstName: 'Rhea', lastName: `Quest${tag}` });
    const [named] = await t.deps.db
      .insert(eventRegistrationRequests)
      .values({
        eventId: event.id,
        userId: requester.id,
        organizationId: organization.id,
        seatsRequested: 3,
        createdAt: new Date('2026-11-01T15:00:00Z'),
      })
      .returning();
    const [cancelled] = await t.deps.db
      .insert(eventRegistrationRequests)
      .values({
        eventId: event.id,
        userId: requester.id,
        seatsRequested: 1,
        status: 'CANCELLED',
        createdAt: new Date('2026-11-02T15:00:00Z'),
      })
      .returning();
    if (!named || !cancelled) throw new Error('requests not created');
    const first = await createUser(t.deps.db, { firstName: 'Ada', lastName: 'First' });
    const second = await createUser(t.deps.db, { firstName: 'Ben', lastName: 'Second' });
    await t.deps.db.insert(eventRegistrationSeats).values([
      { requestId: named.id, position: 2, userId: second.id, email: second.email },
      { requestId: named.id, position: 1, userId: first.id, email: first.email },
    ]);
    return { tag, event, organization, requester, named, cancelled, first, second };
  }

  it('searches by organization, member or event and filters by status, paged', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const w = await requests();
    const list = async (query: string) =>
      (
        await call(t.app, 'GET', `/api/admin/registration-requests?${query}`, { caller: staff.caller })
      ).json<RegistrationRequestPage>();
    expect((await list(`search=Academy ${w.tag}`)).items.map((row) => row.id)).toEqual([w.named.id]);
    expect((await list(`search=quest${w.tag}`)).items.map((row) => row.id)).toEqual([w.cancelled.id, w.named.id]);
    expect((await list(`search=${w.requester.email}`)).total).toBe(2);
    expect((await list(`search=Retreat ${w.tag}&status=CANCELLED`)).items.map((row) => row.id)).toEqual([
      w.cancelled.id,
    ]);
    expect((await list(`search=Retreat ${w.tag}&status=OPEN`)).items.map((row) => row.id)).toEqual([w.named.id]);
    const paged = await list(`search=Retreat ${w.tag}&pageSize=1&page=2`);
    expect(paged).toMatchObject({ total: 2, items: [{ id: w.named.id }] });
  });

  it('exports one row per named attendee with the request repeated, a request with none as one row', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const w = await requests();
    const filters = `search=${encodeURIComponent(`Retreat ${w.tag}`)}`;
    const list = (
      await call(t.app, 'GET', `/api/admin/registration-requests?${filters}`, { caller: staff.caller })
    ).json<RegistrationRequestPage>();
    const file = await call(t.app, 'GET', `/api/admin/registration-requests/export?${filters}&format=csv`, {
      caller: staff.caller,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="registration-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual([
      'Request id',
      'Event',
      'Event start',
      'Event end',
      'Created',
      'Status',
      'Organization',
      'Requested by',
      'Requester email',
      'Seats requested',
      'Attendees named',
      'Price',
      'Coupon',
      'Payment status',
      'Requested sections',
      'Requested groupings',
      'Seat',
      'Attendee user id',
      'Attendee name',
      'Attendee email',
      'Attendee account',
    ]);
    // The list's requests in its order; the named request's attendees in seat order.
    expect([...new Set(rows.map((row) => row[0]))]).toEqual(list.items.map((item) => item.id));
    expect(rows.map((row) => [row[0], row[16], row[18]])).toEqual([
      [w.cancelled.id, '', ''],
      [w.named.id, '1', 'Ada First'],
      [w.named.id, '2', 'Ben Second'],
    ]);
    const [, ada] = rows;
    expect(ada?.slice(1, 12)).toEqual([
      `Retreat ${w.tag}`,
      '01/12/2027',
      '01/13/2027',
      '11/01/2026 10:00 AM',
      'Open',
      `Academy ${w.tag}`,
      `Rhea Quest${w.tag}`,
      w.requester.email,
      '3',
      '2',
      '376.50',
    ]);
    expect(ada?.slice(17)).toEqual([w.first.id, 'Ada First', w.first.email, 'Active']);

    const cancelledOnly = await call(
      t.app,
      'GET',
      `/api/admin/registration-requests/export?${filters}&status=CANCELLED&format=xlsx`,
      { caller: staff.caller },
    );
    const [, ...sheetRows] = await readXlsx(cancelledOnly.rawPayload);
    expect(sheetRows.map((row) => row[0])).toEqual([w.cancelled.id]);
    expect(sheetRows[0]?.[11]).toBe(125.5);
  });

  it('refuses a member (403) and a bad status or format (400)', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const member = await signedInUser(t);
    const exportUrl = '/api/admin/registration-requests/export?format=csv';
    expect((await call(t.app, 'GET', exportUrl, { caller: member.caller })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/admin/registration-requests?status=PAID', { caller: staff.caller })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/admin/registration-requests/export?format=pdf', { caller: staff.caller }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/admin/registration-requests/export', { caller: staff.caller })).statusCode,
    ).toBe(400);
  });
});
