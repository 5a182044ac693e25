import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '@portal/domain/people/names.ts';
import type { Executor } from '../../db/client.ts';
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
