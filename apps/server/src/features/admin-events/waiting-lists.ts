import {
  moveInList,
  waitingDemand,
  waitingListMessages,
  type StaffWaitingListReply,
  type WaitingListSettingsInput,
} from '@portal/domain/events/waiting-lists.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  endWaitingListEntry,
  expireHolds,
  feedEventWaitingLists,
  lockWaitingListSeats,
  offerOutOfTurn,
} from '../../core/capacity.ts';
import { findEntry, lockActiveEntries, renumberEntries } from '../../core/waiting-lists.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import type { Executor } from '../../db/client.ts';
import {
  activeEntriesOfEvent,
  eventOfEntry,
  saveWaitingListSettings,
  waitingListSettings,
} from './waiting-list-repository.ts';

const eventNotFound = () => notFound('No such event.');
const entryNotFound = () => notFound(waitingListMessages.notFound);

/** GET /api/admin/events/:eventId/waiting-list: its settings, every list in order, and what they would earn. */
export async function getWaitingList(deps: AppDeps, eventId: string): Promise<StaffWaitingListReply> {
  await expireHolds(deps.db, deps.clock());
  const settings = await waitingListSettings(deps.db, eventId);
  if (!settings) throw eventNotFound();
  const entries = await activeEntriesOfEvent(deps.db, eventId);
  return {
    ...settings,
    entries,
    demand: waitingDemand(entries.filter((entry) => entry.status === 'WAITING')),
  };
}

/** One staff change to an event's lists, audited, answering the lists as they are then. */
async function change(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  action: string,
  subject: { type: string; id: string },
  run: (tx: Executor) => Promise<void>,
): Promise<StaffWaitingListReply> {
  await deps.db.transaction(async (tx) => {
    await run(tx);
    await audit(tx, { ...actorOf(auth), action, subjectType: subject.type, subjectId: subject.id, data: { eventId } });
  });
  return getWaitingList(deps, eventId);
}

async function eventOf(deps: AppDeps, entryId: string): Promise<string> {
  const eventId = await eventOfEntry(deps.db, entryId);
  if (!eventId) throw entryNotFound();
  return eventId;
}

/**
 * PUT /api/admin/events/:eventId/waiting-list. Off, the catalogue takes no more joins; the entries already on
 * the list keep their places and still get the seats freed for them (docs/decisions/0168-waiting-lists.md).
 */
export async function setWaitingList(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: WaitingListSettingsInput,
): Promise<StaffWaitingListReply> {
  return change(deps, auth, eventId, 'waiting-list.settings', { type: 'event', id: eventId }, async (tx) => {
    if (!(await saveWaitingListSettings(tx, eventId, input))) throw eventNotFound();
    await feedEventWaitingLists(tx, eventId, deps.clock());
  });
}

/** POST /api/admin/waiting-list-entries/:entryId/move: a place up or down its list (under the list's locks). */
export async function moveEntry(
  deps: AppDeps,
  auth: RequestAuth,
  entryId: string,
  direction: 'up' | 'down',
): Promise<StaffWaitingListReply> {
  const eventId = await eventOf(deps, entryId);
  return change(
    deps,
    auth,
    eventId,
    `waiting-list.move-${direction}`,
    { type: 'waiting_list_entry', id: entryId },
    async (tx) => {
      const entry = await findEntry(tx, entryId);
      if (!entry) throw entryNotFound();
      const list = { eventId: entry.eventId, sectionId: entry.sectionId };
      await lockWaitingListSeats(tx, list);
      const ids = (await lockActiveEntries(tx, list)).map((row) => row.id);
      if (!ids.includes(entryId)) throw conflict(waitingListMessages.notActive);
      await renumberEntries(tx, moveInList(ids, entryId, direction));
    },
  );
}

/** DELETE /api/admin/waiting-list-entries/:entryId: staff take an entry off; what it held goes to the next. */
export async function removeEntry(deps: AppDeps, auth: RequestAuth, entryId: string): Promise<StaffWaitingListReply> {
  const eventId = await eventOf(deps, entryId);
  return change(deps, auth, eventId, 'waiting-list.remove', { type: 'waiting_list_entry', id: entryId }, async (tx) => {
    if (!(await endWaitingListEntry(tx, entryId, 'REMOVED', deps.clock())))
      throw conflict(waitingListMessages.notActive);
  });
}

/** POST /api/admin/waiting-list-entries/:entryId/offer: an offer by hand, out of turn, from seats free now. */
export async function offerEntry(deps: AppDeps, auth: RequestAuth, entryId: string): Promise<StaffWaitingListReply> {
  const eventId = await eventOf(deps, entryId);
  return change(deps, auth, eventId, 'waiting-list.offer', { type: 'waiting_list_entry', id: entryId }, async (tx) => {
    await offerOutOfTurn(tx, entryId, deps.clock());
  });
}
