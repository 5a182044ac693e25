import { beforeAll, describe, expect, it } from 'vitest';
import { resourceMessages, type ResourceListReply } from '@portal/domain/content/resources.ts';
import { legacyEventApplications } from '../../db/schema/applications.ts';
import { eventSections } from '../../db/schema/commerce.ts';
import {
  createCompleteApplication,
  createInstitute,
  setApplicationStatus,
  type Institute,
} from '../../test/application-factories.ts';
import { createConferenceDay, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { createResource, holdTicket, resourcePdf } from '../../test/resource-factories.ts';

const t = useTestApp();

type Day = Awaited<ReturnType<typeof createConferenceDay>>;
let day: Day;
let otherSectionId: string;
let holder: { user: { id: string }; caller: Caller };
const titles = {
  wide: 'Welcome letter',
  mine: 'Coaching Writing slides',
  other: 'Data workshop notes',
  file: 'Conference map',
};

const list = (caller: Caller | undefined, eventId: string, query = '') =>
  call(t.app, 'GET', `/api/events/${eventId}/resources${query}`, caller ? { caller } : {});
const titlesOf = (response: { json: () => unknown }) =>
  (response.json() as ResourceListReply).items.map((item) => item.title);

beforeAll(async () => {
  const db = t.deps.db;
  day = await createConferenceDay(db);
  const [other] = await db
    .insert(eventSections)
    .values({ eventId: day.event.id, groupingId: day.grouping.id, title: 'Data-Driven Instruction', position: 1 })
    .returning();
  if (!other) throw new Error('section not created');
  otherSectionId = other.id;
  await createResource(db, t.deps.storage, {
    eventId: day.event.id,
    title: titles.wide,
    description: 'Parking and lunch for everyone',
    position: 0,
  });
  await createResource(db, t.deps.storage, {
    eventId: day.event.id,
    title: titles.mine,
    description: 'Conferring with writers',
    sectionIds: [day.section.id],
    position: 1,
  });
  await createResource(db, t.deps.storage, {
    eventId: day.event.id,
    title: titles.other,
    description: 'Assessment data',
    sectionIds: [otherSectionId],
    position: 2,
  });
  await createResource(db, t.deps.storage, {
    eventId: day.event.id,
    title: titles.file,
    file: resourcePdf,
    position: 3,
  });
  holder = await signedInUser(t);
  await holdTicket(db, {
    userId: holder.user.id,
    eventId: day.event.id,
    ticketTypeId: day.ticketType.id,
    sectionId: day.section.id,
  });
});

describe('GET /api/events/:eventId/resources', () => {
  it("shows a section's ticket holder the event-wide resources and their section's, in staff order", async () => {
    const response = await list(holder.caller, day.event.id);
    expect(response.statusCode).toBe(200);
    const reply = response.json<ResourceListReply>();
    expect(reply.items.map((item) => item.title)).toEqual([titles.wide, titles.mine, titles.file]);
    expect(reply).toMatchObject({
      event: { id: day.event.id, name: day.event.name },
      section: null,
      total: 3,
      page: 1,
      pageSize: 20,
    });
    expect(reply.items[1]).toMatchObject({
      url: 'https://example.org/resource',
      file: null,
      order: 1,
      sections: [{ id: day.section.id, title: 'Coaching Writing' }],
    });
    expect(reply.items[2]).toMatchObject({
      url: null,
      file: { name: `${titles.file}.pdf`, size: resourcePdf.length, type: 'pdf' },
      sections: [],
    });
  });

  it('searches titles and descriptions, case-insensitively, taking % and _ literally', async () => {
    expect(titlesOf(await list(holder.caller, day.event.id, '?search=WRITING'))).toEqual([titles.mine]);
    expect(titlesOf(await list(holder.caller, day.event.id, '?search=lunch'))).toEqual([titles.wide]);
    // The other section's resource matches, but is not theirs.
    expect(titlesOf(await list(holder.caller, day.event.id, '?search=assessment'))).toEqual([]);
    expect(titlesOf(await list(holder.caller, day.event.id, '?search=%25'))).toEqual([]);
  });

  it('pages the list', async () => {
    const second = await list(holder.caller, day.event.id, '?pageSize=2&page=2');
    expect(second.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(titlesOf(second)).toEqual([titles.file]);
  });

  it('a member who does not attend the event is refused (404), as for an unknown event; signed out is 401', async () => {
    const stranger = await signedInUser(t);
    const refused = await list(stranger.caller, day.event.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(resourceMessages.notAttending);
    expect(refused.body).not.toContain(titles.wide);
    const unknown = await list(stranger.caller, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(resourceMessages.notAttending);
    expect((await list(undefined, day.event.id)).statusCode).toBe(401);
  });

  it('a ticket of another event, or of a cancelled payment, does not open this one', async () => {
    const other = await createEvent(t.deps.db);
    const elsewhere = await signedInUser(t);
    await holdTicket(t.deps.db, {
      userId: elsewhere.user.id,
      eventId: other.event.id,
      ticketTypeId: other.ticketType.id,
    });
    expect((await list(elsewhere.caller, day.event.id)).statusCode).toBe(404);
    const cancelled = await signedInUser(t);
    await holdTicket(t.deps.db, {
      userId: cancelled.user.id,
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      status: 'CANCELLED',
    });
    expect((await list(cancelled.caller, day.event.id)).statusCode).toBe(404);
  });

  it('narrows to an attended section (eventSectionId); another section is refused', async () => {
    const narrowed = await list(holder.caller, day.event.id, `?eventSectionId=${day.section.id}`);
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().section).toEqual({ id: day.section.id, title: 'Coaching Writing' });
    expect(titlesOf(narrowed)).toEqual([titles.wide, titles.mine, titles.file]);
    const other = await list(holder.caller, day.event.id, `?eventSectionId=${otherSectionId}`);
    expect(other.statusCode).toBe(404);
  });

  it('shows staff every resource, and narrows to any section', async () => {
    const staff = await signedInUser(t, 'STAFF');
    expect(titlesOf(await list(staff.caller, day.event.id))).toEqual([
      titles.wide,
      titles.mine,
      titles.other,
      titles.file,
    ]);
    expect(titlesOf(await list(staff.caller, day.event.id, `?eventSectionId=${otherSectionId}`))).toEqual([
      titles.wide,
      titles.other,
      titles.file,
    ]);
  });

  it('refuses bad input with a message per field', async () => {
    const bad = await list(holder.caller, day.event.id, '?eaId=nope&pageSize=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ eaId: 'Not an application id', pageSize: expect.any(String) });
    expect((await list(holder.caller, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('accepted applicants (eaId)', () => {
  let institute: Institute;
  const strand = { first: 'Cycles handout', third: 'Modeling video' };

  beforeAll(async () => {
    institute = await createInstitute(t.deps.db);
    const [first, , third] = institute.firstYear.sections;
    if (!first || !third) throw new Error('institute has no sections');
    await createResource(t.deps.db, t.deps.storage, {
      eventId: institute.event.id,
      title: 'Institute schedule',
      position: 0,
    });
    await createResource(t.deps.db, t.deps.storage, {
      eventId: institute.event.id,
      title: strand.first,
      sectionIds: [first.id],
      position: 1,
    });
    await createResource(t.deps.db, t.deps.storage, {
      eventId: institute.event.id,
      title: strand.third,
      sectionIds: [third.id],
      position: 2,
    });
  });

  it("shows an accepted applicant the event's resources and those of the sections they chose", async () => {
    const applicant = await signedInUser(t);
    const application = await createCompleteApplication(t.deps.db, institute, applicant.user.id, {
      status: 'ACCEPTED',
    });
    const response = await list(applicant.caller, institute.event.id, `?eaId=${application.id}`);
    expect(response.statusCode).toBe(200);
    expect(titlesOf(response)).toEqual(['Institute schedule', strand.first]);
    expect(titlesOf(await list(applicant.caller, institute.event.id))).toEqual(['Institute schedule', strand.first]);
  });

  it('refuses an application that is not accepted, and one that is not the caller’s (404)', async () => {
    const applicant = await signedInUser(t);
    const submitted = await createCompleteApplication(t.deps.db, institute, applicant.user.id);
    const notYet = await list(applicant.caller, institute.event.id, `?eaId=${submitted.id}`);
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().detail).toBe(resourceMessages.notAttending);
    const owner = await signedInUser(t);
    const accepted = await createCompleteApplication(t.deps.db, institute, owner.user.id, { status: 'ACCEPTED' });
    const someoneElse = await signedInUser(t);
    const refused = await list(someoneElse.caller, institute.event.id, `?eaId=${accepted.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(resourceMessages.applicationNotFound);
    await setApplicationStatus(t.deps.db, accepted.id, 'VOIDED');
    expect((await list(owner.caller, institute.event.id, `?eaId=${accepted.id}`)).statusCode).toBe(404);
  });

  it('an accepted and paid application from the previous system opens the whole event', async () => {
    const applicant = await signedInUser(t);
    const [legacy] = await t.deps.db
      .insert(legacyEventApplications)
      .values({
        userId: applicant.user.id,
        legacyId: `L-${applicant.user.id}`,
        eventId: institute.event.id,
        eventName: 'Old institute',
        statusId: 1,
        paymentStatusId: 2,
        paymentTypeId: 1,
      })
      .returning();
    if (!legacy) throw new Error('legacy application not created');
    expect(titlesOf(await list(applicant.caller, institute.event.id, `?eaId=${legacy.id}`))).toEqual([
      'Institute schedule',
      strand.first,
      strand.third,
    ]);
  });
});

describe('GET /api/events/:eventId/resources/:resourceId/file', () => {
  it('downloads the file to a ticket holder, as an attachment', async () => {
    const reply = await list(holder.caller, day.event.id, '?search=map');
    const [resource] = reply.json<ResourceListReply>().items;
    if (!resource) throw new Error('resource not listed');
    const response = await call(t.app, 'GET', `/api/events/${day.event.id}/resources/${resource.id}/file`, {
      caller: holder.caller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${titles.file}.pdf"`);
    expect(response.rawPayload.equals(resourcePdf)).toBe(true);
  });

  it("refuses a non-attendee, and a section resource to another section's holder (404)", async () => {
    const secret = await createResource(t.deps.db, t.deps.storage, {
      eventId: day.event.id,
      title: 'Other section file',
      file: resourcePdf,
      sectionIds: [otherSectionId],
      position: 9,
    });
    const url = `/api/events/${day.event.id}/resources/${secret.id}/file`;
    expect((await call(t.app, 'GET', url, { caller: holder.caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url, { caller: (await signedInUser(t)).caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url, { caller: (await signedInUser(t, 'STAFF')).caller })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/events/${day.event.id}/resources/not-an-id/file`, { caller: holder.caller }))
        .statusCode,
    ).toBe(400);
  });
});
