import { describe, expect, it } from 'vitest';
import { allocationMessages } from '../tickets/allocation.ts';
import {
  allocateTicketsInput,
  assignableItems,
  assigneeSummaries,
  assignApplicantsInput,
  assignedPeopleCount,
  assignmentsOpen,
  assignStaffInput,
  checkSegment,
  isEmptyPackage,
  notificationsSentMessage,
  packageAssignmentMessages,
  packageUpdateMail,
  segmentEntries,
  segmentLines,
  showsNewYorkNotice,
  type AssigneeRow,
} from './assignments.ts';
import { packageAssignmentPaths, packageAssignmentTabs } from './paths.ts';
import { packageRequestStatuses, type PackageSelections } from './rules.ts';

const pkg = {
  events: [
    { id: 'pe1', eventId: 'e1', name: 'Fall Conference Day', startDate: '2026-10-01', endDate: '2026-10-01' },
    { id: 'pe2', eventId: 'e2', name: 'Spring Conference Day', startDate: '2027-03-01', endDate: '2027-03-01' },
  ],
  groups: [
    {
      id: 'g1',
      name: 'Leadership Academy',
      sections: [
        { id: 's1', title: 'Cohort A', staffDevelopers: 'Dana' },
        { id: 's2', title: 'Cohort B', staffDevelopers: '' },
      ],
    },
    { id: 'g2', name: 'Empty Group', sections: [{ id: 's3', title: 'Nobody', staffDevelopers: '' }] },
  ],
  institutes: [{ id: 'pi1', eventId: 'e3', name: 'Summer Institute' }],
};

const selections: Pick<PackageSelections, 'events' | 'groupSections' | 'institutes'> = {
  events: [
    { packageEventId: 'pe1', requestedParticipants: 3, overrideAmount: null, overrideDate: null },
    { packageEventId: 'pe2', requestedParticipants: 2, overrideAmount: 5, overrideDate: '2026-11-20' },
  ],
  groupSections: [
    { groupSectionId: 's1', requestedParticipants: 4, overrideParticipants: 1, overrideDate: '2026-11-20' },
    { groupSectionId: 's2', requestedParticipants: 0, overrideParticipants: null, overrideDate: null },
  ],
  institutes: [
    {
      packageInstituteId: 'pi1',
      requestedParticipants: 2,
      overrideAmount: null,
      overrideDate: null,
      createdByInitiator: true,
      grades: [],
    },
  ],
};

describe('assignableItems', () => {
  const items = assignableItems(pkg, selections);

  it.each([
    ['event without override: requestedParticipants', items.events[0]?.allocated, 3],
    ['event with override: overrideAmount', items.events[1]?.allocated, 5],
    ['group section with override: overrideParticipants', items.groups[0]?.sections[0]?.allocated, 1],
    ['institute: its participants', items.institutes[0]?.allocated, 2],
  ])('%s', (_, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('leaves out lines with nothing allocated and groups with no line left', () => {
    expect(items.groups.map((g) => g.groupId)).toEqual(['g1']);
    expect(items.groups[0]?.sections.map((s) => s.sectionId)).toEqual(['s1']);
  });

  it('an override of 0 removes the line', () => {
    const zero = assignableItems(pkg, {
      ...selections,
      events: [{ packageEventId: 'pe1', requestedParticipants: 3, overrideAmount: 0, overrideDate: '2026-11-20' }],
    });
    expect(zero.events).toEqual([]);
  });

  it('a request with no selections is empty', () => {
    expect(isEmptyPackage(assignableItems(pkg, { events: [], groupSections: [], institutes: [] }))).toBe(true);
    expect(isEmptyPackage(items)).toBe(false);
  });

  it.each([
    [
      'allocate-tickets',
      [
        { itemId: 'pe1', allocated: 3 },
        { itemId: 'pe2', allocated: 5 },
      ],
    ],
    ['assign-staff', [{ itemId: 's1', allocated: 1 }]],
    ['assign-applicants', [{ itemId: 'pi1', allocated: 2 }]],
  ] as const)('segment %s lines', (segment, expected) => {
    expect(segmentLines(items, segment)).toEqual(expected);
  });
});

describe('checkSegment', () => {
  const lines = [
    { itemId: 'a', allocated: 2 },
    { itemId: 'b', allocated: 1 },
  ];
  it.each([
    ['nothing assigned: allowed with the warning', [], null, [0, 0], allocationMessages.notAllAllocated],
    [
      'exactly the amount: allowed',
      [
        { itemId: 'a', slots: ['u1', 'u2'] },
        { itemId: 'b', slots: ['u1'] },
      ],
      null,
      [0, 0],
      null,
    ],
    [
      'amount + 1: overallocated',
      [{ itemId: 'a', slots: ['u1', 'u2', 'u3'] }],
      allocationMessages.overallocated,
      [1, 0],
      allocationMessages.notAllAllocated,
    ],
    [
      'empty slots do not count',
      [{ itemId: 'b', slots: ['u1', null, ''] }],
      null,
      [0, 0],
      allocationMessages.notAllAllocated,
    ],
    [
      'the same user twice in one line',
      [{ itemId: 'a', slots: ['u1', 'u1'] }],
      allocationMessages.duplicate,
      [0, 0],
      allocationMessages.notAllAllocated,
    ],
    [
      'the same user in two lines is fine',
      [
        { itemId: 'a', slots: ['u1', 'u2'] },
        { itemId: 'b', slots: ['u2'] },
      ],
      null,
      [0, 0],
      null,
    ],
    ['an unknown line', [{ itemId: 'zzz', slots: ['u1'] }], packageAssignmentMessages.unknownItem, [0, 0], null],
    [
      'a line listed twice',
      [
        { itemId: 'a', slots: ['u1'] },
        { itemId: 'a', slots: ['u2'] },
      ],
      packageAssignmentMessages.unknownItem,
      [0, 0],
      null,
    ],
  ])('%s', (_, entries, error, excess, warning) => {
    expect(checkSegment(lines, entries)).toEqual({ error, excess, warning });
  });

  it('uses the allocation messages where the rules are the same', () => {
    expect(packageAssignmentMessages.overallocated).toBe('Tickets are overallocated. Please correct before saving.');
    expect(packageAssignmentMessages.saved).toBe('Assignments saved');
  });
});

describe('segment payloads', () => {
  const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
  it.each([
    ['allocate-tickets', allocateTicketsInput, { events: [{ packageEventId: id(1), assignedUsers: [id(2)] }] }, true],
    [
      'allocate-tickets, not an id',
      allocateTicketsInput,
      { events: [{ packageEventId: 'x', assignedUsers: [] }] },
      false,
    ],
    [
      'allocate-tickets, a user that is no id',
      allocateTicketsInput,
      { events: [{ packageEventId: id(1), assignedUsers: ['bob'] }] },
      false,
    ],
    ['assign-staff', assignStaffInput, { groups: [{ groupId: id(1), sectionId: id(3), assignedUsers: [] }] }, true],
    ['assign-staff without section', assignStaffInput, { groups: [{ groupId: id(1), assignedUsers: [] }] }, false],
    [
      'assign-applicants',
      assignApplicantsInput,
      { institutes: [{ packageInstituteId: id(4), assignedUsers: [id(5), id(6)] }] },
      true,
    ],
    ['assign-applicants, missing list', assignApplicantsInput, {}, false],
  ])('%s', (_, schema, body, ok) => {
    expect(schema.safeParse(body).success).toBe(ok);
  });

  it('a section named under another group is not a line of the segment', () => {
    const items = assignableItems(pkg, selections);
    expect(
      segmentEntries(
        { segment: 'assign-staff', body: { groups: [{ groupId: 'g1', sectionId: 's1', assignedUsers: [] }] } },
        items,
      ),
    ).toEqual([{ itemId: 's1', assignedUsers: [] }]);
    const [wrong] = segmentEntries(
      { segment: 'assign-staff', body: { groups: [{ groupId: 'g2', sectionId: 's1', assignedUsers: [] }] } },
      items,
    );
    expect(checkSegment(segmentLines(items, 'assign-staff'), [{ itemId: wrong?.itemId ?? '', slots: [] }]).error).toBe(
      packageAssignmentMessages.unknownItem,
    );
  });
});

describe('texts, access and the notice', () => {
  it('names the three tabs and the empty package as the spec does', () => {
    expect(Object.values(packageAssignmentTabs)).toEqual([
      'Allocate Conference Day Tickets',
      'Assign Staff to Events and Groups',
      'Assign Institute Applicants',
    ]);
    expect(packageAssignmentMessages.empty).toBe('Your package does not include any items to select.');
  });

  it.each(packageRequestStatuses.map((status) => [status, status === 'ACCEPTED'] as const))(
    '%s open for assignment: %s',
    (status, open) => {
      expect(assignmentsOpen(status)).toBe(open);
    },
  );

  it.each([
    ['PRINCIPAL', true],
    ['ASSISTANT_PRINCIPAL', true],
    ['TEACHER', false],
    [null, false],
    [undefined, false],
  ])('position %s sees the New York notice: %s', (position, shown) => {
    expect(showsNewYorkNotice(position)).toBe(shown);
  });

  it('builds the two pages under the package request', () => {
    expect(packageAssignmentPaths.page('r 1', 'assign-tickets')).toBe(
      '/members/manage-services/package-request/r%201/assign-tickets',
    );
    expect(packageAssignmentPaths.page('r1', 'assign-staff')).toBe(
      '/members/manage-services/package-request/r1/assign-staff',
    );
  });
});

describe('update notifications', () => {
  const items = assignableItems(
    {
      ...pkg,
      events: [
        ...pkg.events,
        { id: 'pe3', eventId: 'e4', name: 'Winter Days', startDate: '2027-01-11', endDate: '2027-01-12' },
      ],
    },
    {
      ...selections,
      events: [
        ...selections.events,
        { packageEventId: 'pe3', requestedParticipants: 1, overrideAmount: null, overrideDate: null },
      ],
    },
  );
  const row = (userId: string, item: Partial<Omit<AssigneeRow, 'userId'>>): AssigneeRow => ({
    userId,
    packageEventId: null,
    groupSectionId: null,
    packageInstituteId: null,
    ...item,
  });

  it.each([
    ['nobody assigned', [], {}],
    [
      'one ticket on one day',
      [row('u1', { packageEventId: 'pe1' })],
      { u1: ['Conference day ticket: Fall Conference Day (10/01/2026)'] },
    ],
    [
      'a ticket over two days',
      [row('u1', { packageEventId: 'pe3' })],
      { u1: ['Conference day ticket: Winter Days (01/11/2027 – 01/12/2027)'] },
    ],
    [
      'a section with its staff developer',
      [row('u1', { groupSectionId: 's1' })],
      { u1: ['Group: Leadership Academy, Cohort A with Dana'] },
    ],
    ['an institute place', [row('u1', { packageInstituteId: 'pi1' })], { u1: ['Institute place: Summer Institute'] }],
    [
      'several items of one person in the package order, whatever the row order',
      [
        row('u1', { packageInstituteId: 'pi1' }),
        row('u1', { groupSectionId: 's1' }),
        row('u1', { packageEventId: 'pe2' }),
      ],
      {
        u1: [
          'Conference day ticket: Spring Conference Day (03/01/2027)',
          'Group: Leadership Academy, Cohort A with Dana',
          'Institute place: Summer Institute',
        ],
      },
    ],
    [
      'two people apart',
      [
        row('u1', { packageEventId: 'pe1' }),
        row('u2', { packageEventId: 'pe1' }),
        row('u2', { packageInstituteId: 'pi1' }),
      ],
      {
        u1: ['Conference day ticket: Fall Conference Day (10/01/2026)'],
        u2: ['Conference day ticket: Fall Conference Day (10/01/2026)', 'Institute place: Summer Institute'],
      },
    ],
    ['an item the request no longer holds', [row('u1', { groupSectionId: 's2' })], {}],
  ])('%s', (_, rows, expected) => {
    expect(Object.fromEntries(assigneeSummaries(items, rows))).toEqual(expected);
  });

  it('writes the mail with every line the person holds', () => {
    const mail = packageUpdateMail({
      firstName: 'Maya',
      organizationName: 'Washington Middle School',
      packageName: 'Full Package',
      lines: ['Institute place: Summer Institute', 'Group: A, B'],
    });
    expect(mail.subject).toBe('Your assignments in Full Package');
    expect(mail.text).toBe(
      [
        'Hello Maya,',
        '',
        'Washington Middle School has assigned you the following in the package Full Package:',
        '',
        '- Institute place: Summer Institute',
        '- Group: A, B',
        '',
        'Your package tickets are listed under My tickets in the Members Portal.',
      ].join('\n'),
    );
  });

  it.each([
    [1, 'Update notifications sent to 1 person'],
    [2, 'Update notifications sent to 2 people'],
  ])('%i notified: %s', (people, message) => {
    expect(notificationsSentMessage(people)).toBe(message);
  });

  const held = (lines: string[][]) => lines.map((ids) => ({ assignedUsers: ids.map((id) => ({ id })) }));
  const reply = (events: string[][], sections: string[][], institutes: string[][]) => ({
    events: held(events),
    groups: [{ sections: held(sections) }],
    institutes: held(institutes),
  });
  it.each([
    ['nobody', reply([[]], [[]], [[]]), 0],
    ['one ticket', reply([['a']], [], []), 1],
    ['one person in every segment counts once', reply([['a']], [['a']], [['a']]), 1],
    ['three people', reply([['a', 'b']], [['c']], [['a']]), 3],
  ])('people assigned: %s', (_, shape, count) => {
    expect(assignedPeopleCount(shape)).toBe(count);
  });

  it('names the button as the spec does', () => {
    expect(packageAssignmentMessages.sendNotifications).toBe('Send Update Notifications');
  });
});
