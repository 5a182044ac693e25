import type { z } from 'zod';
import {
  staffEventMessages,
  type groupingInput,
  type pathInput,
  type sectionInput,
  type StaffEventDetail,
  type StaffEventInput,
  type StaffEventPage,
  type ticketTypeInput,
} from '@portal/domain/events/admin-contracts.ts';
import { orderedGradeBands } from '@portal/domain/events/grade-bands.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { feedEventWaitingLists } from '../../core/capacity.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  deleteGroupingRow,
  deletePathRow,
  deleteSectionRow,
  deleteTicketTypeRow,
  eventExists,
  eventOfGrouping,
  eventOfPath,
  eventPage,
  eventTicketsTaken,
  findEventDetail,
  groupingTicketsTaken,
  insertEvent,
  insertGrouping,
  insertPath,
  insertSection,
  insertTicketType,
  sectionsInUse,
  sectionTicketsTaken,
  ticketTypeInUse,
  updateEventWithinCapacity,
  updateGroupingWithinCapacity,
  updatePathRow,
  updateSectionWithinCapacity,
  updateTicketTypeRow,
  type SectionScope,
} from './repository.ts';

type TicketTypeInput = z.output<typeof ticketTypeInput>;
type PathInput = z.output<typeof pathInput>;
type GroupingInput = z.output<typeof groupingInput>;
type SectionInput = z.output<typeof sectionInput>;

const eventNotFound = () => notFound('No such event.');
const inUse = () => conflict(staffEventMessages.inUse);
const capacityBelowSold = (taken: number) =>
  conflict(staffEventMessages.capacityBelowSold(taken), { maxTickets: staffEventMessages.capacityBelowSold(taken) });

interface Search {
  search?: string;
  page: number;
  pageSize: number;
}

/** Every event, published or not, latest start first, searched by name. */
export async function listEvents(deps: AppDeps, query: Search): Promise<StaffEventPage> {
  return eventPage(deps.db, query);
}

export async function getEvent(deps: AppDeps, eventId: string): Promise<StaffEventDetail> {
  const detail = await findEventDetail(deps.db, eventId);
  if (!detail) throw eventNotFound();
  return detail;
}

/**
 * Runs one change to an event's editor data in a transaction with its audit entry, then answers the
 * event as the editor shows it. The change returns the event it touched, or throws.
 */
async function change(
  deps: AppDeps,
  auth: RequestAuth,
  action: string,
  subject: { type: string; id?: string; input?: object },
  run: (tx: Executor) => Promise<{ eventId: string; subjectId?: string }>,
): Promise<StaffEventDetail> {
  const { eventId } = await deps.db.transaction(async (tx) => {
    const done = await run(tx);
    // A capacity raised (or any change of the event's seats) frees seats: those waiting get them first.
    await feedEventWaitingLists(tx, done.eventId, deps.clock());
    await audit(tx, {
      ...actorOf(auth),
      action,
      subjectType: subject.type,
      subjectId: done.subjectId ?? subject.id ?? null,
      data: { eventId: done.eventId, ...(subject.input ? { input: subject.input } : {}) },
    });
    return done;
  });
  return getEvent(deps, eventId);
}

/** The event as stored: its grade bands each once, youngest first, however they were picked. */
const storedEvent = (input: StaffEventInput): StaffEventInput => ({
  ...input,
  gradeBands: orderedGradeBands(input.gradeBands),
});

export async function createEvent(deps: AppDeps, auth: RequestAuth, input: StaffEventInput): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.create', { type: 'event', input }, async (tx) => {
    const created = await insertEvent(tx, storedEvent(input));
    if (!created) throw new Error('event was not created');
    return { eventId: created, subjectId: created };
  });
}

/**
 * One conditional UPDATE: a new capacity below the tickets already sold or held changes nothing and
 * is refused with the count, so a checkout taking seats at the same moment cannot slip past it.
 */
export async function editEvent(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: StaffEventInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.update', { type: 'event', id: eventId, input }, async (tx) => {
    if (await updateEventWithinCapacity(tx, eventId, storedEvent(input))) return { eventId };
    const taken = await eventTicketsTaken(tx, eventId);
    if (taken === undefined) throw eventNotFound();
    throw capacityBelowSold(taken);
  });
}

/* Ticket types. */

export async function addTicketType(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: TicketTypeInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.ticketType.create', { type: 'event_ticket_type', input }, async (tx) => {
    if (!(await eventExists(tx, eventId))) throw eventNotFound();
    const created = await insertTicketType(tx, eventId, input);
    if (!created) throw new Error('ticket type was not created');
    return { eventId, subjectId: created };
  });
}

/** A price change applies to new checkouts; payments keep the price they were made at. */
export async function updateTicketType(
  deps: AppDeps,
  auth: RequestAuth,
  ticketTypeId: string,
  input: TicketTypeInput,
): Promise<StaffEventDetail> {
  return change(
    deps,
    auth,
    'event.ticketType.update',
    { type: 'event_ticket_type', id: ticketTypeId, input },
    async (tx) => {
      const updated = await updateTicketTypeRow(tx, ticketTypeId, input);
      if (!updated) throw notFound('No such ticket type.');
      return updated;
    },
  );
}

export async function deleteTicketType(
  deps: AppDeps,
  auth: RequestAuth,
  ticketTypeId: string,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.ticketType.delete', { type: 'event_ticket_type', id: ticketTypeId }, async (tx) => {
    if (await ticketTypeInUse(tx, ticketTypeId)) throw inUse();
    const deleted = await deleteTicketTypeRow(tx, ticketTypeId);
    if (!deleted) throw notFound('No such ticket type.');
    return deleted;
  });
}

/* Paths > groupings > sections. */

export async function addPath(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: PathInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.path.create', { type: 'event_path', input }, async (tx) => {
    if (!(await eventExists(tx, eventId))) throw eventNotFound();
    const created = await insertPath(tx, eventId, input);
    if (!created) throw new Error('path was not created');
    return { eventId, subjectId: created };
  });
}

export async function updatePath(
  deps: AppDeps,
  auth: RequestAuth,
  pathId: string,
  input: PathInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.path.update', { type: 'event_path', id: pathId, input }, async (tx) => {
    const updated = await updatePathRow(tx, pathId, input);
    if (!updated) throw notFound('No such path.');
    return updated;
  });
}

/** Deleting a path, grouping or section takes what is under it; refused while any of its sections sold tickets. */
async function deleteUnused(
  tx: Executor,
  scope: SectionScope,
  remove: () => Promise<{ eventId: string } | undefined>,
  missing: string,
) {
  if (await sectionsInUse(tx, scope)) throw inUse();
  const deleted = await remove();
  if (!deleted) throw notFound(missing);
  return deleted;
}

export async function deletePath(deps: AppDeps, auth: RequestAuth, pathId: string): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.path.delete', { type: 'event_path', id: pathId }, (tx) =>
    deleteUnused(tx, { pathId }, () => deletePathRow(tx, pathId), 'No such path.'),
  );
}

export async function addGrouping(
  deps: AppDeps,
  auth: RequestAuth,
  pathId: string,
  input: GroupingInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.grouping.create', { type: 'event_grouping', input }, async (tx) => {
    const eventId = await eventOfPath(tx, pathId);
    if (!eventId) throw notFound('No such path.');
    const created = await insertGrouping(tx, pathId, input);
    if (!created) throw new Error('grouping was not created');
    return { eventId, subjectId: created };
  });
}

/** A grouping's limit may not fall below the tickets taken in its sections together (its own counter, kept by core/capacity). */
export async function editGrouping(
  deps: AppDeps,
  auth: RequestAuth,
  groupingId: string,
  input: GroupingInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.grouping.update', { type: 'event_grouping', id: groupingId, input }, async (tx) => {
    const eventId = await eventOfGrouping(tx, groupingId);
    if (!eventId) throw notFound('No such grouping.');
    if (await updateGroupingWithinCapacity(tx, groupingId, input)) return { eventId };
    const taken = await groupingTicketsTaken(tx, groupingId);
    if (taken === undefined) throw notFound('No such grouping.');
    throw capacityBelowSold(taken);
  });
}

export async function deleteGrouping(deps: AppDeps, auth: RequestAuth, groupingId: string): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.grouping.delete', { type: 'event_grouping', id: groupingId }, async (tx) => {
    const eventId = await eventOfGrouping(tx, groupingId);
    if (!eventId) throw notFound('No such grouping.');
    return deleteUnused(
      tx,
      { groupingId },
      async () => ((await deleteGroupingRow(tx, groupingId)) ? { eventId } : undefined),
      'No such grouping.',
    );
  });
}

export async function addSection(
  deps: AppDeps,
  auth: RequestAuth,
  groupingId: string,
  input: SectionInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.section.create', { type: 'event_section', input }, async (tx) => {
    const eventId = await eventOfGrouping(tx, groupingId);
    if (!eventId) throw notFound('No such grouping.');
    const created = await insertSection(tx, eventId, groupingId, input);
    if (!created) throw new Error('section was not created');
    return { eventId, subjectId: created };
  });
}

/** Like an event's capacity: one conditional UPDATE against the section's own counter. */
export async function updateSection(
  deps: AppDeps,
  auth: RequestAuth,
  sectionId: string,
  input: SectionInput,
): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.section.update', { type: 'event_section', id: sectionId, input }, async (tx) => {
    const updated = await updateSectionWithinCapacity(tx, sectionId, input);
    if (updated) return updated;
    const taken = await sectionTicketsTaken(tx, sectionId);
    if (taken === undefined) throw notFound('No such section.');
    throw capacityBelowSold(taken);
  });
}

export async function deleteSection(deps: AppDeps, auth: RequestAuth, sectionId: string): Promise<StaffEventDetail> {
  return change(deps, auth, 'event.section.delete', { type: 'event_section', id: sectionId }, (tx) =>
    deleteUnused(tx, { sectionId }, () => deleteSectionRow(tx, sectionId), 'No such section.'),
  );
}
