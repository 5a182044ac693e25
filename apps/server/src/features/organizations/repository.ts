import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { organizationAddress } from '@portal/domain/organizations/contracts.ts';
import { displayName } from '@portal/domain/people/names.ts';
import type { Database, Executor } from '../../db/client.ts';
import { organizationTypes } from '../../db/schema/lookups.ts';
import {
  billingAddressColumns,
  billingContacts,
  districts,
  mailingAddressColumns,
  organizationMemberships,
  organizations,
} from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

const recipientMembership = alias(organizationMemberships, 'recipient_membership');
const recipientUser = alias(users, 'recipient_user');

function organizationQuery(db: Executor) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      districtName: districts.name,
      organizationType: organizationTypes.name,
      mailingAddress: mailingAddressColumns,
      billingAddress: billingAddressColumns,
      recipientMembershipId: recipientMembership.id,
      recipientFirstName: recipientUser.firstName,
      recipientLastName: recipientUser.lastName,
      recipientEmail: recipientUser.email,
    })
    .from(organizations)
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .leftJoin(organizationTypes, eq(organizationTypes.id, organizations.organizationTypeId))
    .leftJoin(
      recipientMembership,
      and(
        eq(recipientMembership.id, organizations.ticketRecipientMembershipId),
        isNull(recipientMembership.archivedAt),
      ),
    )
    .leftJoin(recipientUser, eq(recipientUser.id, recipientMembership.userId))
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .prepare('find_organization');
}

/** Read by every organization page and the roster: built once per database handle. */
const organizationQueries = new WeakMap<Executor, ReturnType<typeof organizationQuery>>();

/** The organization with its district, type and ticket recipient (an archived recipient counts as none). */
export async function findOrganization(db: Executor, organizationId: string) {
  let query = organizationQueries.get(db);
  if (!query) {
    query = organizationQuery(db);
    organizationQueries.set(db, query);
  }
  const [row] = await query.execute({ organizationId });
  return row;
}

export async function listBillingContacts(db: Executor, organizationId: string) {
  return db
    .select({
      id: billingContacts.id,
      firstName: billingContacts.firstName,
      lastName: billingContacts.lastName,
      email: billingContacts.email,
      addressLine1: billingContacts.addressLine1,
      addressLine2: billingContacts.addressLine2,
      city: billingContacts.city,
      stateProvince: billingContacts.stateProvince,
      country: billingContacts.country,
      zipPostal: billingContacts.zipPostal,
      phone: billingContacts.phone,
    })
    .from(billingContacts)
    .where(eq(billingContacts.organizationId, organizationId))
    .orderBy(asc(billingContacts.createdAt), asc(billingContacts.id));
}

/** Active memberships, as the ticket recipient picker lists them. */
export async function listActiveMembers(db: Executor, organizationId: string) {
  const rows = await db
    .select({
      membershipId: organizationMemberships.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(and(eq(organizationMemberships.organizationId, organizationId), isNull(organizationMemberships.archivedAt)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(organizationMemberships.id));
  return rows.map((row) => ({ membershipId: row.membershipId, name: displayName(row), email: row.email }));
}

export async function findActiveMembership(
  db: Executor,
  organizationId: string,
  where: { membershipId: string } | { userId: string },
) {
  const [row] = await db
    .select({
      id: organizationMemberships.id,
      userId: organizationMemberships.userId,
      role: organizationMemberships.role,
    })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        'membershipId' in where
          ? eq(organizationMemberships.id, where.membershipId)
          : eq(organizationMemberships.userId, where.userId),
        isNull(organizationMemberships.archivedAt),
      ),
    );
  return row;
}

/** Organizations the user runs (active OWNER or ADMIN), by name. */
export async function listManagedOrganizationsOf(db: Database, userId: string) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      districtName: districts.name,
      role: organizationMemberships.role,
    })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .where(
      and(
        eq(organizationMemberships.userId, userId),
        isNull(organizationMemberships.archivedAt),
        inArray(organizationMemberships.role, ['OWNER', 'ADMIN']),
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function updateOrganizationName(db: Executor, organizationId: string, name: string) {
  await db.update(organizations).set({ name }).where(eq(organizations.id, organizationId));
}

export async function updateOrganizationAddress(
  db: Executor,
  organizationId: string,
  kind: 'mailing' | 'billing',
  address: z.output<typeof organizationAddress>,
) {
  const columns =
    kind === 'mailing'
      ? {
          mailingAddressLine1: address.addressLine1,
          mailingAddressLine2: address.addressLine2,
          mailingCity: address.city,
          mailingStateProvince: address.stateProvince,
          mailingCountry: address.country,
          mailingZipPostal: address.zipPostal,
          mailingPhone: address.phone,
        }
      : {
          billingAddressLine1: address.addressLine1,
          billingAddressLine2: address.addressLine2,
          billingCity: address.city,
          billingStateProvince: address.stateProvince,
          billingCountry: address.country,
          billingZipPostal: address.zipPostal,
          billingPhone: address.phone,
        };
  await db.update(organizations).set(columns).where(eq(organizations.id, organizationId));
}

type BillingContactColumns = Omit<typeof billingContacts.$inferInsert, 'id' | 'organizationId' | 'createdAt'>;

export async function insertBillingContact(db: Executor, organizationId: string, contact: BillingContactColumns) {
  await db.insert(billingContacts).values({ organizationId, ...contact });
}

/** Updates the organization's contact; the ids returned are empty when it has no such contact. */
export async function updateBillingContactOf(
  db: Executor,
  organizationId: string,
  contactId: string,
  contact: BillingContactColumns,
) {
  return db
    .update(billingContacts)
    .set(contact)
    .where(and(eq(billingContacts.id, contactId), eq(billingContacts.organizationId, organizationId)))
    .returning({ id: billingContacts.id });
}

export async function updateTicketRecipient(db: Executor, organizationId: string, membershipId: string) {
  await db
    .update(organizations)
    .set({ ticketRecipientMembershipId: membershipId })
    .where(eq(organizations.id, organizationId));
}
