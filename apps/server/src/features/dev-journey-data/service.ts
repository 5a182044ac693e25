import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import { badRequest } from '../../platform/errors.ts';
import { copyPerson, insertJourneyOrganization, type PersonRequest } from './repository.ts';

/**
 * Every person asked for, or none: an unknown demo address answers 404 and leaves nothing behind. With an
 * organization, a new one whose members they are, in the roles given.
 */
export async function createJourneyPeople(
  deps: AppDeps,
  people: PersonRequest[],
  organization?: { name: string; roles: OrganizationRole[] },
) {
  if (organization && organization.roles.length !== people.length) throw badRequest('Give one role for each person.');
  return deps.db.transaction(async (tx) => {
    const created = [];
    for (const wanted of people) {
      const copy = await copyPerson(tx, wanted);
      if (!copy) throw notFound(`No person has the address ${wanted.copyOf}.`);
      created.push(copy);
    }
    if (!organization) return { people: created };
    const made = await insertJourneyOrganization(
      tx,
      organization.name,
      created.map((person, index) => ({ userId: person.id, role: organization.roles[index] ?? 'MEMBER' })),
    );
    return { people: created, organization: made };
  });
}
