import type { AppDeps } from '../../app-deps.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { copyPerson, createJourneyEvent, type PersonRequest } from './repository.ts';

export interface EventRequest {
  name: string;
  evaluation: boolean;
}

/**
 * Every person asked for, or none: an unknown demo address answers 404 and leaves nothing behind. With
 * `event`, also an event of the journey's own meeting today: the first person holds its ticket, the
 * second takes its attendance.
 */
export async function createJourneyPeople(deps: AppDeps, people: PersonRequest[], event?: EventRequest) {
  return deps.db.transaction(async (tx) => {
    const created = [];
    for (const wanted of people) {
      const copy = await copyPerson(tx, wanted);
      if (!copy) throw notFound(`No person has the address ${wanted.copyOf}.`);
      created.push(copy);
    }
    const [holder, taker] = created;
    if (!event) return { people: created };
    if (!holder || !taker) throw badRequest('An event needs two people: its ticket holder and its taker.');
    const made = await createJourneyEvent(tx, {
      ...event,
      today: calendarDateIn(deps.clock(), deps.config.timeZone),
      holderId: holder.id,
      takerId: taker.id,
    });
    return { people: created, event: made };
  });
}
