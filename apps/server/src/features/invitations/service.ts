import type { z } from 'zod';
import { parseUsDate } from '@portal/domain/dates.ts';
import {
  invitationMail,
  invitationMessages,
  invitationPath,
  type AcceptReply,
  type adminInvitation,
  type InvitationLookup,
  type InvitationKind,
} from '@portal/domain/organizations/invitations.ts';
import { rosterMessages, type addStaffMember } from '@portal/domain/organizations/roster.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { encryptField } from '../../platform/crypto.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { activeMembershipRole, managerRole, organizationNotFound } from '../../core/memberships.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { signIn, type Client, type SignedIn } from '../../platform/sign-in.ts';
import {
  activateMembership,
  findInvitationByCode,
  markAccepted,
  type FoundInvitation,
} from '../../core/invitations.ts';
import {
  findOrCreateInvitee,
  insertInvitation,
  invitationStatus,
  isActiveDistrictMember,
  lookupsExist,
  setFirstPassword,
  targetName,
  type InviteeProfile,
  type NewInvitation,
} from './repository.ts';

type StaffMemberForm = z.output<typeof addStaffMember>;
type AdminInvitationForm = z.output<typeof adminInvitation>;

/** A code nobody can use (unknown or cancelled) reads as invalid, whoever asks. */
async function usableInvitation(db: Executor, code: string): Promise<FoundInvitation> {
  const invitation = await findInvitationByCode(db, code);
  if (!invitation || invitation.status === 'CANCELLED') throw notFound(invitationMessages.invalidCode);
  return invitation;
}

interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
  profile?: InviteeProfile;
}

interface Target {
  kind: InvitationKind;
  id: string;
  name: string;
}

/**
 * The steps both invitation forms share, inside the caller's transaction: the invitee's user row,
 * the refusals (already a member, already invited), the invitation and its mail.
 */
async function invite(
  deps: AppDeps,
  tx: Executor,
  auth: RequestAuth,
  target: Target,
  invitee: Invitee,
  grant: Pick<NewInvitation, 'role' | 'positionId' | 'toolKitAccess' | 'gradeIds'>,
) {
  const { user, created } = await findOrCreateInvitee(tx, {
    ...invitee.profile,
    email: invitee.email,
    firstName: invitee.firstName,
    lastName: invitee.lastName,
  });
  const organization = target.kind === 'ORGANIZATION';
  if (!created) {
    const member = organization
      ? (await activeMembershipRole(tx, target.id, user.id)) !== undefined
      : await isActiveDistrictMember(tx, target.id, user.id);
    const message = organization ? rosterMessages.alreadyMember : invitationMessages.alreadyDistrictMember;
    if (member) throw conflict(message, { email: message });
  }
  const invitation = await insertInvitation(tx, {
    kind: target.kind,
    organizationId: organization ? target.id : null,
    districtId: organization ? null : target.id,
    userId: user.id,
    invitedById: auth.user.id,
    ...grant,
  });
  if (!invitation) {
    const message = organization ? rosterMessages.alreadyInvited : invitationMessages.alreadyInvitedToDistrict;
    throw conflict(message, { email: message });
  }
  const link = `${deps.config.publicUrl}${invitationPath(target.kind, invitation.code)}`;
  await queueMail(tx, {
    to: invitee.email,
    ...invitationMail({
      kind: target.kind,
      name: target.name,
      firstName: user.firstName,
      link,
      newUser: user.passwordHash === null,
    }),
  });
  await audit(tx, {
    ...actorOf(auth),
    action: 'invitation.create',
    subjectType: 'invitation',
    subjectId: invitation.id,
    data: { kind: target.kind, targetId: target.id, userId: user.id, role: grant.role, newUser: created },
  });
  return invitation;
}

/** "Add staff member" on the roster: OWNER or ADMIN of the organization (anyone else: 404). */
export async function inviteStaffMember(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  form: StaffMemberForm,
) {
  const gradeIds = [...new Set(form.gradeIds)];
  return deps.db.transaction(async (tx) => {
    await managerRole(tx, organizationId, auth.user.id);
    const name = await targetName(tx, 'ORGANIZATION', organizationId);
    if (name === undefined) throw organizationNotFound();
    const found = await lookupsExist(tx, form.positionId, gradeIds);
    if (!found.position)
      throw badRequest(rosterMessages.positionRequired, { positionId: rosterMessages.positionRequired });
    if (!found.grades) throw badRequest(rosterMessages.gradesRequired, { gradeIds: rosterMessages.gradesRequired });
    const dateOfBirth = form.dateOfBirth ? parseUsDate(form.dateOfBirth) : null;
    const key = deps.config.encryptionKey;
    const invitation = await invite(
      deps,
      tx,
      auth,
      { kind: 'ORGANIZATION', id: organizationId, name },
      {
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        // Used only when the address is new: an existing account keeps its own profile.
        profile: {
          address1: form.address1,
          address2: form.address2,
          city: form.city,
          stateProvince: form.stateProvince,
          zipPostal: form.zipPostal,
          country: form.country,
          dateOfBirthEncrypted: encryptField(key, dateOfBirth),
          last4SsnEncrypted: encryptField(key, form.ssnLastFour === null ? null : String(form.ssnLastFour)),
        },
      },
      { role: 'MEMBER', positionId: form.positionId, toolKitAccess: form.toolkitAccess, gradeIds },
    );
    return { message: rosterMessages.invited, invitationId: invitation.id };
  });
}

/** The staff console's invitation to a district or an organization, with any role. */
export async function inviteByStaff(deps: AppDeps, auth: RequestAuth, form: AdminInvitationForm) {
  const targetId = (form.kind === 'ORGANIZATION' ? form.organizationId : form.districtId) ?? '';
  return deps.db.transaction(async (tx) => {
    const name = await targetName(tx, form.kind, targetId);
    if (name === undefined) throw notFound();
    const invitation = await invite(
      deps,
      tx,
      auth,
      { kind: form.kind, id: targetId, name },
      { email: form.email, firstName: form.firstName, lastName: form.lastName },
      { role: form.role, positionId: null, toolKitAccess: false, gradeIds: [] },
    );
    return { invitationId: invitation.id };
  });
}

export async function lookUpInvitation(deps: AppDeps, code: string): Promise<InvitationLookup> {
  const invitation = await usableInvitation(deps.db, code);
  return {
    code: invitation.code,
    kind: invitation.kind,
    status: invitation.status,
    name: invitation.name,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    needsPassword: invitation.needsPassword,
  };
}

const alreadyActivated: AcceptReply = { message: invitationMessages.alreadyActivated, status: 'ACCEPTED' };

/** Accepting twice (a double click, a replay, two tabs) activates once; the second hears it already was. */
export async function acceptInvitation(deps: AppDeps, auth: RequestAuth, code: string): Promise<AcceptReply> {
  return deps.db.transaction(async (tx) => {
    const invitation = await usableInvitation(tx, code);
    if (invitation.userId !== auth.user.id) throw forbidden(invitationMessages.wrongUser);
    if (invitation.status === 'ACCEPTED') return alreadyActivated;
    if (!(await markAccepted(tx, invitation.id, deps.clock()))) {
      // Another request changed it between our read and our update.
      if ((await invitationStatus(tx, invitation.id)) === 'ACCEPTED') return alreadyActivated;
      throw notFound(invitationMessages.invalidCode);
    }
    await activateMembership(tx, invitation);
    await audit(tx, {
      ...actorOf(auth),
      action: 'invitation.accept',
      subjectType: 'invitation',
      subjectId: invitation.id,
    });
    return { message: invitationMessages.activated, status: 'ACCEPTED' };
  });
}

/**
 * A new invitee (no password yet) chooses one while accepting: the code, mailed to them, proves the
 * address. Password, acceptance and session are one transaction; any refusal leaves all three undone.
 */
export async function acceptWithPassword(
  deps: AppDeps,
  code: string,
  password: string,
  client: Client,
): Promise<SignedIn> {
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const invitation = await usableInvitation(tx, code);
    if (invitation.status !== 'SENT') throw conflict(invitationMessages.hasPassword);
    if (!(await setFirstPassword(tx, invitation.userId, passwordHash))) throw conflict(invitationMessages.hasPassword);
    if (!(await markAccepted(tx, invitation.id, deps.clock()))) throw conflict(invitationMessages.hasPassword);
    await activateMembership(tx, invitation);
    const actor = { actorId: invitation.userId };
    await audit(tx, { ...actor, action: 'auth.password-set', subjectType: 'user', subjectId: invitation.userId });
    await audit(tx, { ...actor, action: 'invitation.accept', subjectType: 'invitation', subjectId: invitation.id });
    return signIn(deps, invitation.userId, client, null, tx);
  });
}
