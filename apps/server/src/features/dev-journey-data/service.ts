import type { AppDeps } from '../../app-deps.ts';
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
