import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import type { PackageAssignmentsReply, SegmentInput } from '@portal/domain/packages/assignments.ts';
import type { PackageAssignmentSegment } from '@portal/domain/packages/paths.ts';
import { formatDateRange } from '@portal/domain/dates.ts';

/** One assignable item of a tab: a conference day, a group section or an institute. */
export interface SegmentLine {
  itemId: string;
  title: string;
  detail: string | null;
  allocated: number;
  assignedUsers: AssignableUser[];
}

export function segmentLinesOf(reply: PackageAssignmentsReply, segment: PackageAssignmentSegment): SegmentLine[] {
  switch (segment) {
    case 'allocate-tickets':
      return reply.events.map((e) => ({
        itemId: e.packageEventId,
        title: e.name,
        detail: formatDateRange(e.startDate, e.endDate),
        allocated: e.allocated,
        assignedUsers: e.assignedUsers,
      }));
    case 'assign-staff':
      return reply.groups.flatMap((g) =>
        g.sections.map((s) => ({
          itemId: s.sectionId,
          title: `${g.name}: ${s.title}`,
          detail: s.staffDevelopers ? `Staff developer: ${s.staffDevelopers}` : null,
          allocated: s.allocated,
          assignedUsers: s.assignedUsers,
        })),
      );
    case 'assign-applicants':
      return reply.institutes.map((i) => ({
        itemId: i.packageInstituteId,
        title: i.name,
        detail: null,
        allocated: i.allocated,
        assignedUsers: i.assignedUsers,
      }));
  }
}

/** The segment's PUT body: every line's assignees (empty slots already dropped), in the segment's payload shape. */
export function segmentBody(
  reply: PackageAssignmentsReply,
  segment: PackageAssignmentSegment,
  assigned: (itemId: string) => string[],
): SegmentInput {
  switch (segment) {
    case 'allocate-tickets':
      return {
        segment,
        body: {
          events: reply.events.map((e) => ({
            packageEventId: e.packageEventId,
            assignedUsers: assigned(e.packageEventId),
          })),
        },
      };
    case 'assign-staff':
      return {
        segment,
        body: {
          groups: reply.groups.flatMap((g) =>
            g.sections.map((s) => ({
              groupId: g.groupId,
              sectionId: s.sectionId,
              assignedUsers: assigned(s.sectionId),
            })),
          ),
        },
      };
    case 'assign-applicants':
      return {
        segment,
        body: {
          institutes: reply.institutes.map((i) => ({
            packageInstituteId: i.packageInstituteId,
            assignedUsers: assigned(i.packageInstituteId),
          })),
        },
      };
  }
}
