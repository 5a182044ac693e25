import type { z } from 'zod';
import {
  affiliationMessages,
  type Affiliation,
  type affiliationInput,
  type newOrganization,
  type OrganizationCreated,
} from '@portal/domain/organizations/affiliations.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { archiveMembership } from '../../core/memberships.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  addMembership,
  affiliationsOf,
  districtById,
  findOrCreateDistrict,
  insertOrganization,
  joinOrganization,
  organizationExists,
  ownActiveMembership,
  replaceGrades,
  searchDistricts,
  searchOrganizations,
  setPosition,
  unknownLookups,
  type SearchQuery,
} from './repository.ts';

type AffiliationForm = z.output<typeof affiliationInput>;
type NewOrganizationForm = z.output<typeof newOrganization>;

/** Any signed-in member may search: the affiliation editor and the new-organization panel need it. */
export function findOrganizations(deps: AppDeps, query: SearchQuery) {
  return searchOrganizations(deps.db, query);
}

export function findDistricts(deps: AppDeps, query: SearchQuery) {
  return searchDistricts(deps.db, query);
}

export function listAffiliations(deps: AppDeps, auth: RequestAuth) {
  return affiliationsOf(deps.db, auth.user.id);
}

async function presentAffiliation(db: Executor, userId: string, membershipId: string): Promise<Affiliation> {
  const [affiliation] = await affiliationsOf(db, userId, membershipId);
  if (!affiliation) throw new Error('affiliation was not written');
  return affiliation;
}

/** Position and grades of the affiliation form must name real lookups; each unknown one is its field's error. */
async function checkAffiliationLookups(db: Executor, form: AffiliationForm, gradeIds: string[]) {
  const unknown = await unknownLookups(db, { positionId: form.positionId, gradeIds });
  const errors: Record<string, string> = {};
  if (!(await organizationExists(db, form.organizationId)))
    errors.organizationId = affiliationMessages.organizationRequired;
  if (unknown.position) errors.positionId = affiliationMessages.positionRequired;
  if (unknown.grades) errors.gradeIds = affiliationMessages.gradesRequired;
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** Joins the organization as a MEMBER with position and grades; an archived membership comes back. */
async function join(tx: Executor, auth: RequestAuth, form: AffiliationForm, gradeIds: string[]) {
  const membership = await joinOrganization(tx, form.organizationId, auth.user.id, form.positionId);
  if (!membership)
    throw conflict(affiliationMessages.alreadyAffiliated, { organizationId: affiliationMessages.alreadyAffiliated });
  await replaceGrades(tx, membership.id, gradeIds);
  return membership;
}

export async function addAffiliation(deps: AppDeps, auth: RequestAuth, form: AffiliationForm): Promise<Affiliation> {
  const gradeIds = [...new Set(form.gradeIds)];
  return deps.db.transaction(async (tx) => {
    await checkAffiliationLookups(tx, form, gradeIds);
    const membership = await join(tx, auth, form, gradeIds);
    await audit(tx, {
      ...actorOf(auth),
      action: 'affiliation.create',
      subjectType: 'membership',
      subjectId: membership.id,
      data: { organizationId: form.organizationId },
    });
    return presentAffiliation(tx, auth.user.id, membership.id);
  });
}

/** Own memberships only (else 404). Another organization moves the affiliation: archive + join. */
export async function updateAffiliation(
  deps: AppDeps,
  auth: RequestAuth,
  membershipId: string,
  form: AffiliationForm,
): Promise<Affiliation> {
  const gradeIds = [...new Set(form.gradeIds)];
  return deps.db.transaction(async (tx) => {
    const current = await ownActiveMembership(tx, auth.user.id, membershipId);
    if (!current) throw notFound();
    await checkAffiliationLookups(tx, form, gradeIds);
    let resultId = current.id;
    if (form.organizationId === current.organizationId) {
      await setPosition(tx, current.id, form.positionId);
      await replaceGrades(tx, current.id, gradeIds);
    } else {
      if (current.role === 'OWNER') throw forbidden(affiliationMessages.ownerCannotRemove);
      await archiveMembership(tx, current.id, deps.clock());
      resultId = (await join(tx, auth, form, gradeIds)).id;
    }
    await audit(tx, {
      ...actorOf(auth),
      action: 'affiliation.update',
      subjectType: 'membership',
      subjectId: resultId,
      data: { organizationId: form.organizationId, previousMembershipId: current.id },
    });
    return presentAffiliation(tx, auth.user.id, resultId);
  });
}

export async function removeAffiliation(deps: AppDeps, auth: RequestAuth, membershipId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await ownActiveMembership(tx, auth.user.id, membershipId);
    if (!current) throw notFound();
    if (current.role === 'OWNER') throw forbidden(affiliationMessages.ownerCannotRemove);
    await archiveMembership(tx, current.id, deps.clock());
    await audit(tx, {
      ...actorOf(auth),
      action: 'affiliation.remove',
      subjectType: 'membership',
      subjectId: current.id,
      data: { organizationId: current.organizationId },
    });
  });
}

/** The district the new organization belongs to: an existing one, one found or made by name, or none. */
async function districtFor(tx: Executor, auth: RequestAuth, form: NewOrganizationForm): Promise<string | null> {
  if (form.isUnaffiliatedToDistrict) return null;
  if (form.districtId) {
    const district = await districtById(tx, form.districtId);
    if (!district)
      throw badRequest(affiliationMessages.districtRequired, { districtId: affiliationMessages.districtRequired });
    return district.id;
  }
  if (form.districtName) return findOrCreateDistrict(tx, form.districtName, auth.user.id);
  throw badRequest(affiliationMessages.districtRequired, { districtId: affiliationMessages.districtRequired });
}

/** 'Create a New Organization': the creator becomes a MEMBER (staff make someone OWNER). */
export async function createOrganization(
  deps: AppDeps,
  auth: RequestAuth,
  form: NewOrganizationForm,
): Promise<OrganizationCreated> {
  const gradeIds = [...new Set(form.gradeIds)];
  return deps.db.transaction(async (tx) => {
    const unknown = await unknownLookups(tx, {
      positionId: form.positionId,
      gradeIds,
      organizationTypeId: form.organizationTypeId,
    });
    const errors: Record<string, string> = {};
    if (unknown.organizationType) errors.organizationTypeId = affiliationMessages.selectionRequired;
    if (unknown.position) errors.positionId = affiliationMessages.selectionRequired;
    if (unknown.grades) errors.gradeIds = affiliationMessages.selectionRequired;
    if (Object.keys(errors).length > 0) throw badRequest(affiliationMessages.selectionRequired, errors);

    const districtId = await districtFor(tx, auth, form);
    const organization = await insertOrganization(tx, {
      name: form.organizationName,
      districtId,
      organizationTypeId: form.organizationTypeId,
      mailingAddressLine1: form.addressLine1,
      mailingAddressLine2: form.addressLine2,
      mailingCity: form.city,
      mailingStateProvince: form.stateProvince,
      mailingCountry: form.country,
      mailingZipPostal: form.zipPostal,
      mailingPhone: form.phone,
      createdById: auth.user.id,
    });
    if (!organization)
      throw conflict(affiliationMessages.organizationExists, {
        organizationName: affiliationMessages.organizationExists,
      });
    const membership = await addMembership(tx, organization.id, auth.user.id, form.positionId);
    await replaceGrades(tx, membership.id, gradeIds);
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization.create',
      subjectType: 'organization',
      subjectId: organization.id,
      data: { name: organization.name, districtId, membershipId: membership.id },
    });
    return {
      message: affiliationMessages.created,
      organization,
      affiliation: await presentAffiliation(tx, auth.user.id, membership.id),
    };
  });
}
