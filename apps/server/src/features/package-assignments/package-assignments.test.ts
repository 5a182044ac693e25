import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocationMessages } from '@portal/domain/tickets/allocation.ts';
import {
  packageAssignmentMessages,
  type PackageAssignmentsReply,
  type PackageNotificationsReply,
} from '@portal/domain/packages/assignments.ts';
import type { MyTicketsReply } from '@portal/domain/tickets/allocation.ts';
import { fullPackageSpec, insertFullRequest, insertPackage } from '../../db/seed/demo-packages.ts';
import { positions, schoolYears } from '../../db/schema/lookups.ts';
import { organizationMemberships } from '../../db/schema/organizations.ts';
import { packageAssignments } from '../../db/schema/package-assignments.ts';
import { packageRequests } from '../../db/schema/packages.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { users as userTable } from '../../db/schema/users.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

let requestId: string;
let submittedId: string;
let owner: Caller;
let admin: Caller;
let member: Caller;
let otherOwner: Caller;
const people: Record<'owner' | 'admin' | 'member' | 'teacher' | 'coach' | 'stranger', { id: string; caller: Caller }> =
  {} as never;

const read = (caller: Caller, id = requestId) =>
  call(t.app, 'GET', `/api/package-requests/${id}/assignments`, { caller });
const save = (caller: Caller, segment: string, body: unknown, id = requestId) =>
  call(t.app, 'PUT', `/api/package-requests/${id}/assignments/${segment}`, { caller, body });

async function assignments(caller = owner): Promise<PackageAssignmentsReply> {
  const response = await read(caller);
  expect(response.statusCode).toBe(200);
  return response.json<PackageAssignmentsReply>();
}

beforeAll(async () => {
  const db = t.deps.db;
  const conference = await createEvent(db, {
    kind: 'CONFERENCE_DAY',
    name: 'Fall Conference',
    startDate: '2027-01-10',
    endDate: '2027-01-10',
  });
  const institute = await createEvent(db, {
    kind: 'INSTITUTE',
    name: 'Coaching Institute',
    startDate: '2027-07-05',
    endDate: '2027-07-08',
  });
  const [year] = await db.select().from(schoolYears).where(eq(schoolYears.name, '2026-2027'));
  if (!year) throw new Error('school year missing');
  const packageId = await insertPackage(
    db,
    year.id,
    fullPackageSpec({
      conference: { eventId: conference.event.id, ticketTypeId: conference.ticketType.id },
      instituteEventId: institute.event.id,
    }),
  );
  const organization = await createOrganization(db);
  const other = await createOrganization(db);
  const users = await Promise.all(Array.from({ length: 7 }, () => signedInUser(t)));
  const [o, a, m, teacher, coach, stranger, oo] = users;
  if (!o || !a || !m || !teacher || !coach || !stranger || !oo) throw new Error('users missing');
  const ownerMembership = await addMembership(db, organization.id, o.user.id, 'OWNER');
  const [principal] = await db.select().from(positions).where(eq(positions.name, 'PRINCIPAL'));
  await db
    .update(organizationMemberships)
    .set({ positionId: principal?.id ?? null })
    .where(eq(organizationMemberships.id, ownerMembership.id));
  await addMembership(db, organization.id, a.user.id, 'ADMIN');
  await addMembership(db, organization.id, m.user.id, 'MEMBER');
  await addMembership(db, organization.id, teacher.user.id, 'MEMBER');
  await addMembership(db, organization.id, coach.user.id, 'MEMBER');
  await addMembership(db, other.id, oo.user.id, 'OWNER');
  Object.assign(people, {
    owner: { id: o.user.id, caller: o.caller },
    admin: { id: a.user.id, caller: a.caller },
    member: { id: m.user.id, caller: m.caller },
    teacher: { id: teacher.user.id, caller: teacher.caller },
    coach: { id: coach.user.id, caller: coach.caller },
    stranger: { id: stranger.user.id, caller: stranger.caller },
  });
  [owner, admin, member, otherOwner] = [o.caller, a.caller, m.caller, oo.caller];
  requestId = await insertFullRequest(db, {
    packageId,
    organizationId: organization.id,
    status: 'ACCEPTED',
    createdById: o.user.id,
    submittedAt: t.clock(),
  });
  // A second organization's request stays SUBMITTED: nothing can be assigned yet.
  await addMembership(db, other.id, o.user.id, 'ADMIN');
  submittedId = await insertFullRequest(db, {
    packageId,
    organizationId: other.id,
    status: 'SUBMITTED',
    createdById: oo.user.id,
    submittedAt: t.clock(),
  });
});

describe('reading an accepted request', () => {
  it('the owner sees what each segment holds, nobody assigned yet, and the New York notice (a principal)', async () => {
    const reply = await assignments();
    expect(reply).toMatchObject({
      packageRequestId: requestId,
      status: 'ACCEPTED',
      packageName: 'Comprehensive Literacy Partnership',
      newYorkNotice: true,
    });
    expect(reply.events).toMatchObject([
      { name: 'Fall Conference', startDate: '2027-01-10', allocated: 2, assignedUsers: [] },
    ]);
    expect(reply.groups).toMatchObject([
      {
        name: 'Leadership Academy',
        sections: [
          { title: 'Cohort A (on site)', allocated: 2 },
          { title: 'Virtual Cohort', allocated: 1 },
        ],
      },
    ]);
    expect(reply.institutes).toMatchObject([{ name: 'Coaching Institute', allocated: 2, assignedUsers: [] }]);
  });

  it('an ADMIN (no principal) reads it without the notice', async () => {
    expect((await assignments(admin)).newYorkNotice).toBe(false);
  });

  it('a MEMBER, another organization’s owner and a stranger are told it does not exist (404)', async () => {
    for (const caller of [member, otherOwner, people.stranger.caller])
      expect((await read(caller)).statusCode).toBe(404);
  });

  it('a request that is not accepted is refused with a clear message (409)', async () => {
    const response = await read(owner, submittedId);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(packageAssignmentMessages.notAccepted);
    const saved = await save(owner, 'allocate-tickets', { events: [] }, submittedId);
    expect(saved.statusCode).toBe(409);
  });

  it('a bad id is a 400', async () => {
    expect((await read(owner, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('saving a segment', () => {
  it('allocate-tickets: the owner assigns the event’s two tickets; the order is kept', async () => {
    const { events } = await assignments();
    const packageEventId = events[0]?.packageEventId ?? '';
    const response = await save(owner, 'allocate-tickets', {
      events: [{ packageEventId, assignedUsers: [people.teacher.id, people.coach.id] }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PackageAssignmentsReply>().events[0]?.assignedUsers.map((u) => u.id)).toEqual([
      people.teacher.id,
      people.coach.id,
    ]);
    const swapped = await save(owner, 'allocate-tickets', {
      events: [{ packageEventId, assignedUsers: [people.coach.id, people.teacher.id] }],
    });
    expect(swapped.json<PackageAssignmentsReply>().events[0]?.assignedUsers.map((u) => u.id)).toEqual([
      people.coach.id,
      people.teacher.id,
    ]);
  });

  it('assign-staff and assign-applicants: each segment keeps its own assignees', async () => {
    const { groups, institutes } = await assignments();
    const group = groups[0];
    const section = group?.sections[1];
    const staffed = await save(admin, 'assign-staff', {
      groups: [{ groupId: group?.groupId, sectionId: section?.sectionId, assignedUsers: [people.member.id] }],
    });
    expect(staffed.statusCode).toBe(200);
    const applicants = await save(owner, 'assign-applicants', {
      institutes: [{ packageInstituteId: institutes[0]?.packageInstituteId, assignedUsers: [people.teacher.id] }],
    });
    expect(applicants.statusCode).toBe(200);
    const reply = applicants.json<PackageAssignmentsReply>();
    expect(reply.groups[0]?.sections[1]?.assignedUsers).toMatchObject([{ id: people.member.id, isPending: false }]);
    expect(reply.institutes[0]?.assignedUsers.map((u) => u.id)).toEqual([people.teacher.id]);
    expect(reply.events[0]?.assignedUsers).toHaveLength(2);
  });

  it('over-allocation, the same person twice, an unknown item and a non-member are refused, writing nothing', async () => {
    const before = await t.deps.db
      .select()
      .from(packageAssignments)
      .where(eq(packageAssignments.packageRequestId, requestId));
    const { events, groups } = await assignments();
    const packageEventId = events[0]?.packageEventId ?? '';
    const cases: [string, unknown, string][] = [
      [
        'allocate-tickets',
        { events: [{ packageEventId, assignedUsers: [people.teacher.id, people.coach.id, people.member.id] }] },
        allocationMessages.overallocated,
      ],
      [
        'allocate-tickets',
        { events: [{ packageEventId, assignedUsers: [people.teacher.id, people.teacher.id] }] },
        allocationMessages.duplicate,
      ],
      [
        'allocate-tickets',
        { events: [{ packageEventId: groups[0]?.sections[0]?.sectionId, assignedUsers: [] }] },
        packageAssignmentMessages.unknownItem,
      ],
      [
        'assign-staff',
        { groups: [{ groupId: packageEventId, sectionId: groups[0]?.sections[0]?.sectionId, assignedUsers: [] }] },
        packageAssignmentMessages.unknownItem,
      ],
      [
        'allocate-tickets',
        { events: [{ packageEventId, assignedUsers: [people.stranger.id] }] },
        allocationMessages.notAssignable,
      ],
    ];
    for (const [segment, body, detail] of cases) {
      const response = await save(owner, segment, body);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    const after = await t.deps.db
      .select()
      .from(packageAssignments)
      .where(eq(packageAssignments.packageRequestId, requestId));
    expect(after).toEqual(before);
  });

  it('bad input is a 400 naming the field; a MEMBER and another organization’s owner cannot save (404)', async () => {
    const bad = await save(owner, 'allocate-tickets', { events: [{ packageEventId: 'x', assignedUsers: [] }] });
    expect(bad.statusCode).toBe(400);
    expect((await save(owner, 'assign-applicants', {})).statusCode).toBe(400);
    expect((await save(member, 'allocate-tickets', { events: [] })).statusCode).toBe(404);
    expect((await save(otherOwner, 'allocate-tickets', { events: [] })).statusCode).toBe(404);
  });

  it('the database refuses the same person twice on one item', async () => {
    const { events } = await assignments();
    const row = {
      packageRequestId: requestId,
      packageEventId: events[0]?.packageEventId ?? '',
      userId: people.teacher.id,
    };
    await expect(t.deps.db.insert(packageAssignments).values(row)).rejects.toThrow();
  });

  it('the assigned ticket and institute place show in the holder’s My tickets while the request is accepted', async () => {
    const mine = (
      await call(t.app, 'GET', '/api/my-tickets', { caller: people.teacher.caller })
    ).json<MyTicketsReply>();
    expect(mine.items.filter((i) => i.kind === 'PACKAGE').map((i) => [i.eventName, i.dates])).toEqual([
      ['Fall Conference', ['2027-01-10']],
      ['Coaching Institute', ['2027-07-05', '2027-07-06', '2027-07-07', '2027-07-08']],
    ]);
    await t.deps.db.update(packageRequests).set({ status: 'REOPENED' }).where(eq(packageRequests.id, requestId));
    const reopened = (
      await call(t.app, 'GET', '/api/my-tickets', { caller: people.teacher.caller })
    ).json<MyTicketsReply>();
    expect(reopened.items.filter((i) => i.kind === 'PACKAGE')).toEqual([]);
    await t.deps.db.update(packageRequests).set({ status: 'ACCEPTED' }).where(eq(packageRequests.id, requestId));
  });

  it('concurrent saves of one item run one after the other: never more assignees than it holds', async () => {
    const { institutes } = await assignments();
    const packageInstituteId = institutes[0]?.packageInstituteId ?? '';
    const saves = [people.coach.id, people.member.id, people.admin.id].map((id) =>
      save(owner, 'assign-applicants', {
        institutes: [{ packageInstituteId, assignedUsers: [people.teacher.id, id] }],
      }),
    );
    const results = await Promise.all(saves);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.deps.db
      .select()
      .from(packageAssignments)
      .where(eq(packageAssignments.packageInstituteId, packageInstituteId));
    expect(rows).toHaveLength(2);
  });
});

describe('Send Update Notifications', () => {
  const subject = 'Your assignments in Comprehensive Literacy Partnership';
  const notify = (caller: Caller, id = requestId) =>
    call(t.app, 'POST', `/api/package-requests/${id}/assignments/notifications`, { caller });
  const mailsTo = async (userIds: string[]) =>
    t.deps.db
      .select({ id: mailMessages.id, to: mailMessages.to, text: mailMessages.text })
      .from(mailMessages)
      .innerJoin(userTable, eq(userTable.email, mailMessages.to))
      .where(and(inArray(userTable.id, userIds), eq(mailMessages.subject, subject)));

  it('the owner emails each assigned person what they hold, once each, as last saved', async () => {
    const { events, groups, institutes } = await assignments();
    const group = groups[0];
    expect(
      (
        await save(owner, 'allocate-tickets', {
          events: [{ packageEventId: events[0]?.packageEventId, assignedUsers: [people.teacher.id, people.coach.id] }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await save(owner, 'assign-staff', {
          groups: [
            { groupId: group?.groupId, sectionId: group?.sections[1]?.sectionId, assignedUsers: [people.member.id] },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await save(owner, 'assign-applicants', {
          institutes: [{ packageInstituteId: institutes[0]?.packageInstituteId, assignedUsers: [people.teacher.id] }],
        })
      ).statusCode,
    ).toBe(200);
    const before = await mailsTo([people.teacher.id, people.coach.id, people.member.id]);

    const response = await notify(owner);

    expect(response.statusCode).toBe(200);
    expect(response.json<PackageNotificationsReply>()).toEqual({ notified: 3 });
    const earlier = new Set(before.map((mail) => mail.id));
    const sent = (await mailsTo([people.teacher.id, people.coach.id, people.member.id])).filter(
      (mail) => !earlier.has(mail.id),
    );
    expect(sent).toHaveLength(3);
    const [teacher] = await t.deps.db
      .select({ email: userTable.email, firstName: userTable.firstName })
      .from(userTable)
      .where(eq(userTable.id, people.teacher.id));
    const teacherMail = sent.find((mail) => mail.to === teacher?.email);
    expect(teacherMail?.text).toContain(`Hello ${teacher?.firstName ?? ''},`);
    expect(teacherMail?.text).toContain(
      'has assigned you the following in the package Comprehensive Literacy Partnership:',
    );
    expect(teacherMail?.text).toContain(
      '- Conference day ticket: Fall Conference (01/10/2027)\n- Institute place: Coaching Institute\n',
    );
    expect(teacherMail?.text).not.toContain('Group:');
  });

  it('an ADMIN may send them too', async () => {
    expect((await notify(admin)).statusCode).toBe(200);
  });

  it('a MEMBER and another organization’s owner are told the request does not exist (404); a request not accepted is refused (409); nothing is mailed', async () => {
    const before = await t.deps.db.select({ id: mailMessages.id }).from(mailMessages);
    expect((await notify(member)).statusCode).toBe(404);
    expect((await notify(otherOwner)).statusCode).toBe(404);
    const submitted = await notify(owner, submittedId);
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().detail).toBe(packageAssignmentMessages.notAccepted);
    expect(await t.deps.db.select({ id: mailMessages.id }).from(mailMessages)).toHaveLength(before.length);
  });

  it('an accepted request with nobody assigned is refused with a clear message (409)', async () => {
    await t.deps.db.update(packageRequests).set({ status: 'ACCEPTED' }).where(eq(packageRequests.id, submittedId));
    try {
      const response = await notify(otherOwner, submittedId);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(packageAssignmentMessages.nobodyAssigned);
    } finally {
      await t.deps.db.update(packageRequests).set({ status: 'SUBMITTED' }).where(eq(packageRequests.id, submittedId));
    }
  });

  it('a bad id is a 400', async () => {
    expect((await notify(owner, 'not-an-id')).statusCode).toBe(400);
  });
});
