import type { z } from 'zod';
import {
  organizationMessages,
  type billingContact,
  type OrganizationDetail,
  type organizationAddress,
  type OrganizationSummary,
} from '@portal/domain/organizations/contracts.ts';
import { displayName } from '@portal/domain/people/names.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { managerRole, organizationNotFound, requireOwner, type ManagerRole } from '../../core/memberships.ts';
import { organizationPackageRequests } from '../../core/packages.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  findActiveMembership,
  findOrganization,
  insertBillingContact,
  listActiveMembers,
  listBillingContacts,
  listManagedOrganizationsOf,
  updateBillingContactOf,
  updateOrganizationAddress,
  updateOrganizationName,
  updateTicketRecipient,
} from './repository.ts';

type Address = z.output<typeof organizationAddress>;
type BillingContact = z.output<typeof billingContact>;

/** Organizations the caller runs (active OWNER or ADMIN), by name. */
export async function listManagedOrganizations(
  deps: AppDeps,
  auth: RequestAuth,
): Promise<{ items: OrganizationSummary[] }> {
  const items = await listManagedOrganizationsOf(deps.db, auth.user.id);
  return { items };
}

async function presentDetail(db: Database, organizationId: string, role: ManagerRole): Promise<OrganizationDetail> {
  const [organization, contacts, members, packageRequests] = await Promise.all([
    findOrganization(db, organizationId),
    listBillingContacts(db, organizationId),
    listActiveMembers(db, organizationId),
    organizationPackageRequests(db, organizationId),
  ]);
  if (!organization) throw organizationNotFound();
  const { recipientMembershipId, recipientFirstName, recipientLastName, recipientEmail, ...rest } = organization;
  return {
    ...rest,
    billingContacts: contacts,
    ticketRecipient:
      recipientMembershipId && recipientFirstName !== null && recipientLastName !== null && recipientEmail !== null
        ? {
            membershipId: recipientMembershipId,
            name: displayName({ firstName: recipientFirstName, lastName: recipientLastName }),
            email: recipientEmail,
          }
        : null,
    ticketRecipientOptions: members,
    packageRequests,
    organizationMemberRole: role,
  };
}

export async function getOrganization(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
): Promise<OrganizationDetail> {
  const role = await managerRole(deps.db, organizationId, auth.user.id);
  return presentDetail(deps.db, organizationId, role);
}

interface Change {
  action:
    'name' | 'mailing-address' | 'billing-address' | 'new-billing-contact' | 'billing-contact' | 'ticket-recipient';
  data?: Record<string, unknown>;
  write: (tx: Executor) => Promise<void>;
}

/** One update of the management page: the write and its audit row in one transaction, then the page again. */
async function applyChange(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  role: ManagerRole,
  change: Change,
) {
  await deps.db.transaction(async (tx) => {
    await change.write(tx);
    await audit(tx, {
      ...actorOf(auth),
      action: `organization.${change.action}`,
      subjectType: 'organization',
      subjectId: organizationId,
      data: change.data,
    });
  });
  return presentDetail(deps.db, organizationId, role);
}

export async function renameOrganization(deps: AppDeps, auth: RequestAuth, organizationId: string, name: string) {
  await requireOwner(deps.db, organizationId, auth.user.id);
  try {
    return await applyChange(deps, auth, organizationId, 'OWNER', {
      action: 'name',
      data: { name },
      write: async (tx) => {
        await updateOrganizationName(tx, organizationId, name);
      },
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'organizations_name_district') {
      throw conflict(organizationMessages.nameTaken, { name: organizationMessages.nameTaken });
    }
    throw error;
  }
}

export async function updateAddress(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  kind: 'mailing' | 'billing',
  address: Address,
) {
  const role = await managerRole(deps.db, organizationId, auth.user.id);
  return applyChange(deps, auth, organizationId, role, {
    action: kind === 'mailing' ? 'mailing-address' : 'billing-address',
    write: async (tx) => {
      await updateOrganizationAddress(tx, organizationId, kind, address);
    },
  });
}

/** Blank optional parts are stored as unset, so the page shows 'Not set' rather than nothing. */
function contactColumns(contact: BillingContact) {
  const blankToNull = (value: string | null | undefined) => (value ? value : null);
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    addressLine1: blankToNull(contact.addressLine1),
    addressLine2: blankToNull(contact.addressLine2),
    city: blankToNull(contact.city),
    stateProvince: blankToNull(contact.stateProvince),
    country: blankToNull(contact.country),
    zipPostal: blankToNull(contact.zipPostal),
    phone: blankToNull(contact.phone),
  };
}

export async function addBillingContact(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  contact: BillingContact,
) {
  const role = await managerRole(deps.db, organizationId, auth.user.id);
  return applyChange(deps, auth, organizationId, role, {
    action: 'new-billing-contact',
    write: async (tx) => {
      await insertBillingContact(tx, organizationId, contactColumns(contact));
    },
  });
}

export async function updateBillingContact(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  contactId: string,
  contact: BillingContact,
) {
  const role = await managerRole(deps.db, organizationId, auth.user.id);
  return applyChange(deps, auth, organizationId, role, {
    action: 'billing-contact',
    data: { contactId },
    write: async (tx) => {
      const updated = await updateBillingContactOf(tx, organizationId, contactId, contactColumns(contact));
      if (updated.length === 0) throw notFound('No such billing contact.');
    },
  });
}

export async function setTicketRecipient(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  membershipId: string,
) {
  const role = await managerRole(deps.db, organizationId, auth.user.id);
  return applyChange(deps, auth, organizationId, role, {
    action: 'ticket-recipient',
    data: { membershipId },
    write: async (tx) => {
      if (!(await findActiveMembership(tx, organizationId, { membershipId }))) {
        throw badRequest(organizationMessages.ticketRecipientNotMember, {
          membershipId: organizationMessages.ticketRecipientNotMember,
        });
      }
      await updateTicketRecipient(tx, organizationId, membershipId);
    },
  });
}
