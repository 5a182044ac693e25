import type { AppDeps } from '../../app-deps.ts';
import { expireHolds } from '../../core/capacity.ts';
import { runOutOffer } from '../../core/waiting-lists.ts';
import { notFound } from '../../platform/errors.ts';
import { copyPerson, type PersonRequest } from './repository.ts';

/** Every person asked for, or none: an unknown demo address answers 404 and leaves nothing behind. */
export async function createJourneyPeople(deps: AppDeps, people: PersonRequest[]) {
  return deps.db.transaction(async (tx) => {
    const created = [];
    for (const wanted of people) {
      const copy = await copyPerson(tx, wanted);
      if (!copy) throw notFound(`No person has the address ${wanted.copyOf}.`);
      created.push(copy);
    }
    return created;
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
