import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourcesHub } from '@portal/domain/content/organization-resources.ts';
import { videoCollections } from '../../db/schema/content.ts';
import { createConferenceDay, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { createResource, holdTicket } from '../../test/resource-factories.ts';

const t = useTestApp();

beforeAll(async () => {
  await t.deps.db.insert(videoCollections).values({ slug: 'math-talks', name: 'Math talks' });
});

describe('GET /api/resources-hub', () => {
  it("gathers the member's organizations, every video collection and the attended events that have resources", async () => {
    const member = await signedInUser(t);
    const organization = await createOrganization(t.deps.db, 'Jefferson Elementary');
    await addMembership(t.deps.db, organization.id, member.user.id);
    const day = await createConferenceDay(t.deps.db);
    await createResource(t.deps.db, t.deps.storage, { eventId: day.event.id, title: 'Agenda', position: 0 });
    await holdTicket(t.deps.db, {
      userId: member.user.id,
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
    });
    // Attended, but without resources: not listed.
    const bare = await createEvent(t.deps.db);
    await holdTicket(t.deps.db, { userId: member.user.id, eventId: bare.event.id, ticketTypeId: bare.ticketType.id });
    // Cancelled: not attended.
    const cancelled = await createConferenceDay(t.deps.db);
    await createResource(t.deps.db, t.deps.storage, {
      eventId: cancelled.event.id,
      title: 'Other agenda',
      position: 0,
    });
    await holdTicket(t.deps.db, {
      userId: member.user.id,
      eventId: cancelled.event.id,
      ticketTypeId: cancelled.ticketType.id,
      status: 'CANCELLED',
    });

    const response = await call(t.app, 'GET', '/api/resources-hub', { caller: member.caller });
    expect(response.statusCode).toBe(200);
    const hub = response.json<ResourcesHub>();
    expect(hub.organizations).toEqual([{ id: organization.id, name: 'Jefferson Elementary' }]);
    expect(hub.videoCollections).toMatchObject([{ slug: 'math-talks', name: 'Math talks', videoCount: 0 }]);
    expect(hub.events).toEqual([
      {
        id: day.event.id,
        name: day.event.name,
        startDate: day.event.startDate,
        endDate: day.event.endDate,
        resourceCount: 1,
      },
    ]);
  });

  it('shows a member with nothing only the video collections; signed out is 401', async () => {
    const stranger = await signedInUser(t);
    const hub = (await call(t.app, 'GET', '/api/resources-hub', { caller: stranger.caller })).json<ResourcesHub>();
    expect(hub).toMatchObject({ organizations: [], events: [] });
    expect(hub.videoCollections).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/resources-hub')).statusCode).toBe(401);
  });
});

describe('GET /api/video-collections/:slug', () => {
  it('is for signed-in members; an unknown or malformed slug is refused', async () => {
    const member = await signedInUser(t);
    expect(
      (await call(t.app, 'GET', '/api/video-collections/math-talks', { caller: member.caller })).json(),
    ).toMatchObject({ name: 'Math talks', videos: [] });
    expect((await call(t.app, 'GET', '/api/video-collections/math-talks')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', '/api/video-collections/nothing-here', { caller: member.caller })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/video-collections/Bad%20Slug', { caller: member.caller })).statusCode).toBe(
      400,
    );
    expect(
      (await call(t.app, 'GET', `/api/video-documents/${crypto.randomUUID()}/file`, { caller: member.caller }))
        .statusCode,
    ).toBe(404);
  });
});
