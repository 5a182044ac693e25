import type { z } from 'zod';
import { formatUsDate, parseUsDate } from '@portal/domain/dates.ts';
import { profileMessages, type Profile, type profileUpdate } from '@portal/domain/people/profile.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { decryptField, encryptField } from '../../platform/crypto.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { endUserTokens } from '../../platform/one-time-tokens.ts';
import { revokeUserSessions, type RequestAuth } from '../../platform/sessions.ts';
import {
  emailTakenByAnother,
  findProfileUser,
  listActiveMemberships,
  updateProfileUser,
  type ProfileChanges,
  type ProfileUserRow,
} from './repository.ts';

type ProfileUpdate = z.output<typeof profileUpdate>;

const plainFields = [
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'stateProvince',
  'zipPostal',
  'country',
  'phone',
  'background',
] as const;

async function loadUser(db: Executor, userId: string): Promise<ProfileUserRow> {
  const user = await findProfileUser(db, userId);
  if (!user) throw notFound('No such user.');
  return user;
}

/** Staff viewing as a member never see nor change the member's date of birth and SSN digits. */
function sensitiveHidden(auth: RequestAuth): boolean {
  return auth.impersonator !== null;
}

async function present(deps: AppDeps, auth: RequestAuth, user: ProfileUserRow): Promise<Profile> {
  const memberships = await listActiveMemberships(deps.db, user.id);
  const hidden = sensitiveHidden(auth);
  const key = deps.config.encryptionKey;
  const dateOfBirth = hidden ? null : decryptField(key, user.dateOfBirthEncrypted);
  const { dateOfBirthEncrypted: _date, last4SsnEncrypted, ...plain } = user;
  return {
    ...plain,
    dateOfBirth: dateOfBirth === null ? null : formatUsDate(dateOfBirth),
    last4SSN: hidden ? null : decryptField(key, last4SsnEncrypted),
    sensitiveHidden: hidden,
    memberships,
  };
}

export async function getProfile(deps: AppDeps, auth: RequestAuth): Promise<Profile> {
  return present(deps, auth, await loadUser(deps.db, auth.user.id));
}

export async function updateProfile(deps: AppDeps, auth: RequestAuth, input: ProfileUpdate): Promise<Profile> {
  const key = deps.config.encryptionKey;
  const user = await deps.db.transaction(async (tx) => {
    const current = await loadUser(tx, auth.user.id);
    const { dateOfBirth, last4SSN, ...plain } = input;
    const changes: ProfileChanges = plain;
    // Field names only: the audit log never holds the values of sensitive fields.
    const changed: string[] = plainFields.filter((field) => current[field] !== input[field]);
    if (!sensitiveHidden(auth)) {
      const isoDate = dateOfBirth === null ? null : parseUsDate(dateOfBirth);
      const currentDate = decryptField(key, current.dateOfBirthEncrypted);
      if (isoDate !== currentDate) {
        changes.dateOfBirthEncrypted = encryptField(key, isoDate);
        changed.push('dateOfBirth');
      }
      if (last4SSN !== decryptField(key, current.last4SsnEncrypted)) {
        changes.last4SsnEncrypted = encryptField(key, last4SSN);
        changed.push('last4SSN');
      }
    }
    await updateProfileUser(tx, auth.user.id, changes);
    await audit(tx, {
      ...actorOf(auth),
      action: 'profile.update',
      subjectType: 'user',
      subjectId: auth.user.id,
      data: { fields: changed },
    });
    return loadUser(tx, auth.user.id);
  });
  return present(deps, auth, user);
}

const emailTaken = () => conflict(profileMessages.emailTaken, { email: profileMessages.emailTaken });

/** The new address (already trimmed and lowercased) replaces the old one; every outstanding link and every session of the user ends. */
export async function changeEmail(deps: AppDeps, auth: RequestAuth, email: string): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      const current = await loadUser(tx, auth.user.id);
      if (current.email.toLowerCase() === email) {
        throw badRequest(profileMessages.emailUnchanged, { email: profileMessages.emailUnchanged });
      }
      if (await emailTakenByAnother(tx, email, auth.user.id)) throw emailTaken();
      await updateProfileUser(tx, auth.user.id, { email });
      // Links mailed to the old address must not open the account any more, nor the sessions already open.
      await endUserTokens(tx, auth.user.id, deps.clock());
      await revokeUserSessions(tx, deps.clock, auth.user.id);
      await audit(tx, {
        ...actorOf(auth),
        action: 'profile.email',
        subjectType: 'user',
        subjectId: auth.user.id,
        data: { from: current.email, to: email },
      });
    });
  } catch (error) {
    // Two members claiming one address at once: the index refuses the second, answered like the check above.
    if (violatedUniqueIndex(error) === 'users_email_lower_unique') throw emailTaken();
    throw error;
  }
}
