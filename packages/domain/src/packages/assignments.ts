import { z } from 'zod';
import { allocationMessages, assignableUser, checkAllocation, type Slot } from '../tickets/allocation.ts';
import { formatDateRange } from '../dates.ts';
import type { PackageAssignmentSegment } from './paths.ts';
import {
  effectiveAmount,
  packageRequestStatuses,
  sectionParticipantMap,
  type PackageRequestStatus,
  type PackageSelections,
} from './rules.ts';

/**
 * Package ticket assignment (events.md §2 'Package ticket assignment', §5, §6, §7, §8): an accepted
 * package request's conference-day tickets, group-section seats and institute places handed to
 * people of the organization, one assignee per ticket, with the rules of ticket allocation.
 */

export const packageAssignmentMessages = {
  empty: 'Your package does not include any items to select.',
  /** events.md §6 'A New York notice is shown to principals', worded after the profile's CTLE note (docs/decisions/0079-package-ticket-assignment.md). */
  newYorkNotice:
    'New York schools: staff seeking CTLE credit for these events need their date of birth and the last four digits of their SSN on their profile. Please remind the staff you assign.',
  newYorkNoticeTitle: 'New York CTLE credit',
  saved: allocationMessages.assignmentsSaved,
  somethingWentWrong: allocationMessages.somethingWentWrong,
  overallocated: allocationMessages.overallocated,
  notAllAllocated: allocationMessages.notAllAllocated,
  duplicate: allocationMessages.duplicate,
  notAssignable: allocationMessages.notAssignable,
  clearSelection: allocationMessages.clearSelection,
  notAccepted: 'Tickets can be assigned only once the package request has been accepted.',
  unknownItem: 'This item is not part of the accepted package request.',
  /** events.md §6 'Send Update Notifications' (the original did nothing: docs/decisions/0079-package-ticket-assignment.md). */
  sendNotifications: 'Send Update Notifications',
  sendNotificationsTitle: 'Send update notifications?',
  sendNotificationsConfirm:
    'Each person assigned in this package gets an email listing the tickets, group sections and institute places they hold, as last saved.',
  sendNotificationsHint: 'Emails each person assigned in this package what they are assigned to, as last saved.',
  saveBeforeNotifying: 'Save your changes before sending notifications.',
  nobodyAssigned: 'No one is assigned in this package yet.',
} as const;

/** The toast after Send Update Notifications. */
export function notificationsSentMessage(people: number): string {
  return `Update notifications sent to ${people} ${people === 1 ? 'person' : 'people'}`;
}

/** Positions of the organization whose holders see the New York notice (events.md §6 'principals'). */
export const principalPositions = ['PRINCIPAL', 'ASSISTANT_PRINCIPAL'] as const;

export function showsNewYorkNotice(positionName: string | null | undefined): boolean {
  return (principalPositions as readonly string[]).includes(positionName ?? '');
}

// ---------------------------------------------------------------- what can be assigned

interface AssignablePackage {
  events: readonly { id: string; eventId: string; name: string; startDate: string; endDate: string }[];
  groups: readonly {
    id: string;
    name: string;
    sections: readonly { id: string; title: string; staffDevelopers: string }[];
  }[];
  institutes: readonly { id: string; eventId: string; name: string }[];
}

export interface AssignableItems {
  events: {
    packageEventId: string;
    eventId: string;
    name: string;
    startDate: string;
    endDate: string;
    allocated: number;
  }[];
  groups: {
    groupId: string;
    name: string;
    sections: { sectionId: string; title: string; staffDevelopers: string; allocated: number }[];
  }[];
  institutes: { packageInstituteId: string; eventId: string; name: string; allocated: number }[];
}

/**
 * What an accepted request holds, in the package's order: conference-day tickets per event and places
 * per institute (overrideAmount, else requestedParticipants: events.md §9), seats per group section
 * (overrideParticipants, else requestedParticipants). Items with nothing allocated are left out, and
 * a group with no section left out too.
 */
export function assignableItems(
  pkg: AssignablePackage,
  selections: Pick<PackageSelections, 'events' | 'groupSections' | 'institutes'>,
): AssignableItems {
  const eventAmounts = new Map(
    selections.events.map((s) => [
      s.packageEventId,
      effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideAmount),
    ]),
  );
  const sectionAmounts = sectionParticipantMap(selections);
  const instituteAmounts = new Map(
    selections.institutes.map((s) => [
      s.packageInstituteId,
      effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideAmount),
    ]),
  );
  return {
    events: pkg.events
      .map((e) => ({
        packageEventId: e.id,
        eventId: e.eventId,
        name: e.name,
        startDate: e.startDate,
        endDate: e.endDate,
        allocated: eventAmounts.get(e.id) ?? 0,
      }))
      .filter((e) => e.allocated > 0),
    groups: pkg.groups
      .map((g) => ({
        groupId: g.id,
        name: g.name,
        sections: g.sections
          .map((s) => ({
            sectionId: s.id,
            title: s.title,
            staffDevelopers: s.staffDevelopers,
            allocated: sectionAmounts.get(s.id) ?? 0,
          }))
          .filter((s) => s.allocated > 0),
      }))
      .filter((g) => g.sections.length > 0),
    institutes: pkg.institutes
      .map((i) => ({
        packageInstituteId: i.id,
        eventId: i.eventId,
        name: i.name,
        allocated: instituteAmounts.get(i.id) ?? 0,
      }))
      .filter((i) => i.allocated > 0),
  };
}

/** One assignable line of a segment, as a save checks it: its id and how many it holds. */
export interface SegmentLine {
  itemId: string;
  allocated: number;
}

export function segmentLines(items: AssignableItems, segment: PackageAssignmentSegment): SegmentLine[] {
  switch (segment) {
    case 'allocate-tickets':
      return items.events.map((e) => ({ itemId: e.packageEventId, allocated: e.allocated }));
    case 'assign-staff':
      return items.groups.flatMap((g) => g.sections.map((s) => ({ itemId: s.sectionId, allocated: s.allocated })));
    case 'assign-applicants':
      return items.institutes.map((i) => ({ itemId: i.packageInstituteId, allocated: i.allocated }));
  }
}

export function isEmptyPackage(items: AssignableItems): boolean {
  return items.events.length === 0 && items.groups.length === 0 && items.institutes.length === 0;
}

export interface SegmentCheck {
  /** The message that refuses the save, or null. */
  error: string | null;
  /** Per line, in order: assignees over what it holds (shown in red). */
  excess: number[];
  /** Some line holds more than it has assignees (a warning; saving is allowed). */
  warning: string | null;
}

/**
 * A segment's draft against what each line holds (events.md §5, the allocation rules): no more
 * assignees than allocated, the same person not twice in one line; an unknown or repeated line is
 * refused before anything else.
 */
export function checkSegment(
  lines: readonly SegmentLine[],
  entries: readonly { itemId: string; slots: readonly Slot[] }[],
): SegmentCheck {
  const known = new Set(lines.map((l) => l.itemId));
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!known.has(entry.itemId) || seen.has(entry.itemId))
      return { error: packageAssignmentMessages.unknownItem, excess: lines.map(() => 0), warning: null };
    seen.add(entry.itemId);
  }
  const slotsOf = new Map(entries.map((e) => [e.itemId, e.slots]));
  const check = checkAllocation(
    lines.map((line) => ({ numberOfTickets: line.allocated, maxTickets: null, slots: slotsOf.get(line.itemId) ?? [] })),
  );
  return { error: check.error, excess: check.excess, warning: check.warning };
}

// ---------------------------------------------------------------- contracts

const assignees = z.array(assignableUser);

/** GET /api/package-requests/:id/assignments (and every segment save's reply). */
export const packageAssignmentsReply = z.object({
  packageRequestId: z.string(),
  packageName: z.string(),
  status: z.enum(packageRequestStatuses),
  organizationId: z.string(),
  organizationName: z.string(),
  /** The caller is a principal of the organization: the screen shows the New York notice. */
  newYorkNotice: z.boolean(),
  events: z.array(
    z.object({
      packageEventId: z.string(),
      eventId: z.string(),
      name: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      allocated: z.int(),
      assignedUsers: assignees,
    }),
  ),
  groups: z.array(
    z.object({
      groupId: z.string(),
      name: z.string(),
      sections: z.array(
        z.object({
          sectionId: z.string(),
          title: z.string(),
          staffDevelopers: z.string(),
          allocated: z.int(),
          assignedUsers: assignees,
        }),
      ),
    }),
  ),
  institutes: z.array(
    z.object({
      packageInstituteId: z.string(),
      eventId: z.string(),
      name: z.string(),
      allocated: z.int(),
      assignedUsers: assignees,
    }),
  ),
});
export type PackageAssignmentsReply = z.infer<typeof packageAssignmentsReply>;

const assignedUsers = z.array(z.uuid('Not a user id')).max(1000);
const lines = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ ...shape, assignedUsers })).max(500);

/** PUT .../assignments/allocate-tickets: every listed event's complete list of assignees (events.md §3 conferenceDays items). */
export const allocateTicketsInput = z.object({ events: lines({ packageEventId: z.uuid('Not a package event id') }) });
/** PUT .../assignments/assign-staff: every listed group section's assignees (events.md §3 groups items). */
export const assignStaffInput = z.object({
  groups: lines({ groupId: z.uuid('Not a group id'), sectionId: z.uuid('Not a group section id') }),
});
/** PUT .../assignments/assign-applicants: every listed institute's applicants (events.md §3 institutes items). */
export const assignApplicantsInput = z.object({
  institutes: lines({ packageInstituteId: z.uuid('Not a package institute id') }),
});
export type AllocateTicketsInput = z.infer<typeof allocateTicketsInput>;
export type AssignStaffInput = z.infer<typeof assignStaffInput>;
export type AssignApplicantsInput = z.infer<typeof assignApplicantsInput>;

export type SegmentInput =
  | { segment: 'allocate-tickets'; body: AllocateTicketsInput }
  | { segment: 'assign-staff'; body: AssignStaffInput }
  | { segment: 'assign-applicants'; body: AssignApplicantsInput };

/** A segment's payload as lines: the item each names and its assignees. A section named under another group is refused as unknown. */
export function segmentEntries(
  input: SegmentInput,
  items: AssignableItems,
): { itemId: string; assignedUsers: string[] }[] {
  switch (input.segment) {
    case 'allocate-tickets':
      return input.body.events.map((e) => ({ itemId: e.packageEventId, assignedUsers: e.assignedUsers }));
    case 'assign-staff': {
      const groupOf = new Map(items.groups.flatMap((g) => g.sections.map((s) => [s.sectionId, g.groupId] as const)));
      return input.body.groups.map((g) => ({
        itemId: groupOf.get(g.sectionId) === g.groupId ? g.sectionId : `${g.groupId}/${g.sectionId}`,
        assignedUsers: g.assignedUsers,
      }));
    }
    case 'assign-applicants':
      return input.body.institutes.map((i) => ({ itemId: i.packageInstituteId, assignedUsers: i.assignedUsers }));
  }
}

/** Whether a request's tickets can be assigned now (events.md §2: an accepted package). */
export function assignmentsOpen(status: PackageRequestStatus): boolean {
  return status === 'ACCEPTED';
}

// ---------------------------------------------------------------- update notifications (events.md §6)

/** One assignee row of a request: the person and the one item (event, group section or institute) they hold. */
export interface AssigneeRow {
  userId: string;
  packageEventId: string | null;
  groupSectionId: string | null;
  packageInstituteId: string | null;
}

/**
 * What each assigned person holds in an accepted request, as the lines of their update
 * notification, in the package's order (tickets, then group sections, then institute places). A row
 * whose item the request no longer holds is left out; a person with nothing left gets no lines.
 */
export function assigneeSummaries(items: AssignableItems, rows: readonly AssigneeRow[]): Map<string, string[]> {
  const lines: { line: string; holders: Set<string> }[] = [];
  const holdersOf = (key: 'packageEventId' | 'groupSectionId' | 'packageInstituteId', itemId: string) =>
    new Set(rows.filter((row) => row[key] === itemId).map((row) => row.userId));
  for (const event of items.events) {
    lines.push({
      line: `Conference day ticket: ${event.name} (${formatDateRange(event.startDate, event.endDate)})`,
      holders: holdersOf('packageEventId', event.packageEventId),
    });
  }
  for (const group of items.groups) {
    for (const section of group.sections) {
      const developers = section.staffDevelopers.trim() ? ` with ${section.staffDevelopers.trim()}` : '';
      lines.push({
        line: `Group: ${group.name}, ${section.title}${developers}`,
        holders: holdersOf('groupSectionId', section.sectionId),
      });
    }
  }
  for (const institute of items.institutes) {
    lines.push({
      line: `Institute place: ${institute.name}`,
      holders: holdersOf('packageInstituteId', institute.packageInstituteId),
    });
  }
  const summaries = new Map<string, string[]>();
  for (const row of rows) {
    if (summaries.has(row.userId)) continue;
    const held = lines.filter((l) => l.holders.has(row.userId)).map((l) => l.line);
    if (held.length > 0) summaries.set(row.userId, held);
  }
  return summaries;
}

/** The update notification one assigned person receives (subject and plain text). */
export function packageUpdateMail(input: {
  firstName: string;
  organizationName: string;
  packageName: string;
  lines: readonly string[];
}): { subject: string; text: string } {
  return {
    subject: `Your assignments in ${input.packageName}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${input.organizationName} has assigned you the following in the package ${input.packageName}:`,
      '',
      ...input.lines.map((line) => `- ${line}`),
      '',
      'Your package tickets are listed under My tickets in the Members Portal.',
    ].join('\n'),
  };
}

/** How many different people hold something in the request as saved (Send Update Notifications needs one). */
type Held = readonly { assignedUsers: readonly { id: string }[] }[];
export function assignedPeopleCount(reply: {
  events: Held;
  groups: readonly { sections: Held }[];
  institutes: Held;
}): number {
  const holders = [...reply.events, ...reply.groups.flatMap((g) => g.sections), ...reply.institutes].flatMap((item) =>
    item.assignedUsers.map((u) => u.id),
  );
  return new Set(holders).size;
}

/** POST .../assignments/notifications: how many people were emailed. */
export const packageNotificationsReply = z.object({ notified: z.int() });
export type PackageNotificationsReply = z.infer<typeof packageNotificationsReply>;
