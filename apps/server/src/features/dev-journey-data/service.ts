import type { AppDeps } from '../../app-deps.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { expireHolds } from '../../core/capacity.ts';
import { runOutOffer } from '../../core/waiting-lists.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import {
  addJourneyMembers,
  copyOrganization,
  copyPerson,
  createJourneyEvent,
  createSaleEvent,
  type OrganizationRequest,
  type PersonRequest,
} from './repository.ts';

export interface SchoolRequest extends OrganizationRequest {
  /** The index in `people` of the fresh person who owns it. */
  owner: number;
  /** Other fresh people who join it. */
  members: { person: number; role: 'ADMIN' | 'MEMBER' }[];
}

export interface EventRequest {
  name: string;
  evaluation: boolean;
}

export interface JourneyDataRequest {
  people: PersonRequest[];
  organizations: SchoolRequest[];
  event?: EventRequest;
  /** A published event of the journey's own to buy and cancel (createSaleEvent). */
  saleEvent?: { name: string };
}

/**
 * Every person and organization asked for, or none: an unknown demo address or organization answers 404
 * and leaves nothing behind. With `event`, also an event of the journey's own meeting today: the first
 * person holds its ticket, the second takes its attendance.
 */
export async function createJourneyData(
  deps: AppDeps,
  { people, organizations: schools, event, saleEvent }: JourneyDataRequest,
) {
  return deps.db.transaction(async (tx) => {
    const created = [];
    for (const wanted of people) {
      const copy = await copyPerson(tx, wanted);
      if (!copy) throw notFound(`No person has the address ${wanted.copyOf}.`);
      created.push(copy);
    }
    const organizations = [];
    for (const wanted of schools) {
      const owner = created[wanted.owner];
      if (!owner) throw badRequest(`No person ${wanted.owner} in this request owns ${wanted.name}.`);
      const copy = await copyOrganization(tx, wanted, owner.id);
      if (!copy) throw notFound(`No organization is named ${wanted.copyOf}.`);
      const members = [];
      for (const { person, role } of wanted.members) {
        const member = created[person];
        if (!member || member === owner) throw badRequest(`Person ${person} cannot join ${wanted.name}.`);
        members.push({ userId: member.id, role });
      }
      await addJourneyMembers(tx, copy.id, members);
      organizations.push(copy);
    }
    const [holder, taker] = created;
    const today = calendarDateIn(deps.clock(), deps.config.timeZone);
    const onSale = saleEvent ? { saleEvent: await createSaleEvent(tx, { name: saleEvent.name, today }) } : {};
    if (!event) return { people: created, organizations, ...onSale };
    if (!holder || !taker) throw badRequest('An event needs two people: its ticket holder and its taker.');
    const made = await createJourneyEvent(tx, {
      ...event,
      today,
      holderId: holder.id,
      takerId: taker.id,
    });
    return { people: created, organizations, event: made, ...onSale };
  });
}

/**
 * A waiting-list offer runs out now and passes on (the hold sweep ends it as it would after its hours): what a
 * journey needs in place of moving the clock for everyone.
 */
export async function runOutWaitingListOffer(deps: AppDeps, entryId: string): Promise<void> {
  const now = deps.clock();
  const moved = await deps.db.transaction(async (tx) => runOutOffer(tx, entryId, now));
  if (!moved) throw notFound('No such offer.');
  await expireHolds(deps.db, now);
}
