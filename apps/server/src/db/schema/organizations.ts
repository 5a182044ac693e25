import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizationRoles } from '@portal/domain/people/roles.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { grades, organizationTypes, positions } from './lookups.ts';
import { users } from './users.ts';

export const districts = pgTable(
  'districts',
  {
    id: id(),
    name: text('name').notNull().unique(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('districts_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    districtId: uuid('district_id').references(() => districts.id),
    organizationTypeId: uuid('organization_type_id').references(() => organizationTypes.id),
    mailingAddressLine1: text('mailing_address_line1'),
    mailingAddressLine2: text('mailing_address_line2'),
    mailingCity: text('mailing_city'),
    mailingStateProvince: text('mailing_state_province'),
    mailingCountry: text('mailing_country'),
    mailingZipPostal: text('mailing_zip_postal'),
    mailingPhone: text('mailing_phone'),
    billingAddressLine1: text('billing_address_line1'),
    billingAddressLine2: text('billing_address_line2'),
    billingCity: text('billing_city'),
    billingStateProvince: text('billing_state_province'),
    billingCountry: text('billing_country'),
    billingZipPostal: text('billing_zip_postal'),
    billingPhone: text('billing_phone'),
    /** Days an invoice has to be paid in (issue 41); staff set them per organization. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    ticketRecipientMembershipId: uuid('ticket_recipient_membership_id').references(
      (): AnyPgColumn => organizationMemberships.id,
      {
        onDelete: 'set null',
      },
    ),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_name_district').on(t.name, t.districtId),
    index('organizations_district').on(t.districtId),
    index('organizations_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** An organization's mailing address as a select shape, in the API's words (`{ addressLine1, … }`). */
export const mailingAddressColumns = {
  addressLine1: organizations.mailingAddressLine1,
  addressLine2: organizations.mailingAddressLine2,
  city: organizations.mailingCity,
  stateProvince: organizations.mailingStateProvince,
  country: organizations.mailingCountry,
  zipPostal: organizations.mailingZipPostal,
  phone: organizations.mailingPhone,
};

/** The billing address, likewise. */
export const billingAddressColumns = {
  addressLine1: organizations.billingAddressLine1,
  addressLine2: organizations.billingAddressLine2,
  city: organizations.billingCity,
  stateProvince: organizations.billingStateProvince,
  country: organizations.billingCountry,
  zipPostal: organizations.billingZipPostal,
  phone: organizations.billingPhone,
};

export const billingContacts = pgTable(
  'billing_contacts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    stateProvince: text('state_province'),
    country: text('country'),
    zipPostal: text('zip_postal'),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [index('billing_contacts_organization').on(t.organizationId)],
);

export const organizationRole = pgEnum('organization_role', organizationRoles);

export const organizationMemberships = pgTable(
  'organization_memberships',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: organizationRole('role').notNull().default('MEMBER'),
    positionId: uuid('position_id').references(() => positions.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_memberships_org_user').on(t.organizationId, t.userId),
    index('organization_memberships_user').on(t.userId),
    // One owner per organization (an archived owner does not count).
    uniqueIndex('organization_memberships_one_owner')
      .on(t.organizationId)
      .where(sql`${t.role} = 'OWNER' and ${t.archivedAt} is null`),
  ],
);

export const organizationMembershipGrades = pgTable(
  'organization_membership_grades',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => organizationMemberships.id, { onDelete: 'cascade' }),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.gradeId] })],
);

export const districtMemberships = pgTable(
  'district_memberships',
  {
    id: id(),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: organizationRole('role').notNull().default('MEMBER'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('district_memberships_district_user').on(t.districtId, t.userId),
    index('district_memberships_user').on(t.userId),
  ],
);

export const invitationKind = pgEnum('invitation_kind', ['DISTRICT', 'ORGANIZATION']);
export const invitationStatus = pgEnum('invitation_status', ['SENT', 'ACCEPTED', 'CANCELLED']);

/**
 * An invitation to join a district or an organization. The invitee is a user row from the start
 * (created without a password when new), so rosters and ticket pickers can list them as Pending.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    code: uuid('code').notNull().unique().defaultRandom(),
    kind: invitationKind('kind').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    districtId: uuid('district_id').references(() => districts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: organizationRole('role').notNull().default('MEMBER'),
    positionId: uuid('position_id').references(() => positions.id),
    toolKitAccess: boolean('tool_kit_access').notNull().default(false),
    status: invitationStatus('status').notNull().default('SENT'),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'invitations_target',
      sql`(${t.kind} = 'ORGANIZATION' and ${t.organizationId} is not null) or (${t.kind} = 'DISTRICT' and ${t.districtId} is not null)`,
    ),
    // At most one open invitation per person and place.
    uniqueIndex('invitations_one_open_per_organization')
      .on(t.organizationId, t.userId)
      .where(sql`${t.status} = 'SENT' and ${t.organizationId} is not null`),
    uniqueIndex('invitations_one_open_per_district')
      .on(t.districtId, t.userId)
      .where(sql`${t.status} = 'SENT' and ${t.districtId} is not null`),
    index('invitations_user').on(t.userId),
  ],
);

export const invitationGrades = pgTable(
  'invitation_grades',
  {
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
  },
  (t) => [primaryKey({ columns: [t.invitationId, t.gradeId] })],
);
