import type {
  AllocationEvent,
  AllocationReply,
  AllocationSection,
  AssignableUser,
  MyTicket,
} from '@portal/domain/tickets/allocation.ts';
import { conferenceDayId, eventPaymentId, sectionIds, seriesEventId } from './commerce.ts';

/** Fixtures of the allocation API (events.md §2 'Ticket assignment'), in the shapes of packages/domain. */

export const organizationId = '00000000-0000-4000-8000-000000000011';
export const itemIds = {
  writing: '00000000-0000-4000-8000-0000000a1001',
  data: '00000000-0000-4000-8000-0000000a1002',
  series: '00000000-0000-4000-8000-0000000a1003',
};

function aPerson(id: string, firstName: string, lastName: string, isPending = false): AssignableUser {
  return { id, firstName, lastName, email: `${firstName.toLowerCase()}@lincoln.test`, isPending };
}

export const people = {
  dana: aPerson('00000000-0000-4000-8000-000000000101', 'Dana', 'Diaz'),
  eli: aPerson('00000000-0000-4000-8000-000000000102', 'Eli', 'Evans'),
  finn: aPerson('00000000-0000-4000-8000-000000000103', 'Finn', 'Ford', true),
};

export function anAllocationSection(overrides: Partial<AllocationSection> = {}): AllocationSection {
  return {
    itemId: itemIds.writing,
    sectionId: sectionIds.writing,
    title: 'Coaching Writing',
    dates: ['2026-10-14'],
    locationName: 'Room 101',
    maxTickets: 40,
    grouping: { id: '00000000-0000-4000-8000-0000000b0001', name: 'Morning', maxTickets: null },
    numberOfTickets: 2,
    assignedUsers: [people.dana],
    ...overrides,
  };
}

export function aConferenceDayAllocation(overrides: Partial<AllocationEvent> = {}): AllocationEvent {
  return {
    eventId: conferenceDayId,
    name: 'Fall Leadership Conference Day',
    startDate: '2026-10-14',
    endDate: '2026-10-14',
    daysBeforePurchaseClose: 14,
    closedMessage: null,
    sections: [
      anAllocationSection(),
      anAllocationSection({
        itemId: itemIds.data,
        sectionId: sectionIds.data,
        title: 'Data-Driven Instruction',
        locationName: 'Room 204',
        maxTickets: 3,
        numberOfTickets: 1,
        assignedUsers: [],
      }),
    ],
    ...overrides,
  };
}

export function anAllocation(overrides: Partial<AllocationReply> = {}): AllocationReply {
  return {
    eventPaymentId,
    organizationId,
    organizationName: 'Lincoln Elementary School',
    kind: 'CONFERENCE_DAY',
    assigneeScope: 'ORGANIZATION',
    buyer: people.dana,
    blocked: null,
    events: [aConferenceDayAllocation()],
    ...overrides,
  };
}

export function aSeriesAllocation(): AllocationReply {
  return anAllocation({
    kind: 'SERIES',
    events: [
      {
        eventId: seriesEventId,
        name: 'Reading Workshop Series',
        startDate: '2026-09-21',
        endDate: '2026-11-30',
        daysBeforePurchaseClose: 3,
        closedMessage: null,
        sections: [
          anAllocationSection({
            itemId: itemIds.series,
            sectionId: null,
            title: 'Reading Workshop Series',
            dates: ['2026-09-21', '2026-11-30'],
            locationName: null,
            maxTickets: null,
            grouping: null,
            numberOfTickets: 2,
            assignedUsers: [],
          }),
        ],
      },
    ],
  });
}

export function aTicket(overrides: Partial<MyTicket> = {}): MyTicket {
  return {
    id: 'ticket-1',
    kind: 'TICKET',
    applicationId: null,
    eventId: conferenceDayId,
    eventName: 'Fall Leadership Conference Day',
    sectionId: sectionIds.writing,
    sectionTitle: 'Coaching Writing',
    dates: ['2026-10-14'],
    startDate: '2026-10-14',
    endDate: '2026-10-14',
    locationName: 'Room 101',
    organizationName: 'Lincoln Elementary School',
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    ...overrides,
  };
}
