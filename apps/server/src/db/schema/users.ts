import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { providerRoles } from '@portal/domain/people/roles.ts';
import { createdAt, id, updatedAt } from './columns.ts';

export const providerRole = pgEnum('provider_role', providerRoles);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: providerRole('role').notNull().default('MEMBER'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    stateProvince: text('state_province'),
    zipPostal: text('zip_postal'),
    country: text('country').notNull().default('United States'),
    phone: text('phone'),
    // Sensitive: stored encrypted (see platform/crypto when the profile issue lands), never logged.
    dateOfBirthEncrypted: text('date_of_birth_encrypted'),
    last4SsnEncrypted: text('last4_ssn_encrypted'),
    background: text('background'),
    authProviderId: text('auth_provider_id'),
    toolKitAccess: boolean('tool_kit_access').notNull().default(false),
    schoolLeaderAccess: boolean('school_leader_access').notNull().default(false),
    testPrep: boolean('test_prep').notNull().default(false),
    grade3Pilot: boolean('grade3_pilot').notNull().default(false),
    grade4Pilot: boolean('grade4_pilot').notNull().default(false),
    grade5Pilot: boolean('grade5_pilot').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_name_search').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    // The roster's name order: its first page of a large school is read from here, not sorted (roster-repository.ts).
    index('users_roster_order').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** One-time tokens: sign-in links (/members?token=…) and password resets. Only their hash is kept. */
export const tokenPurpose = pgEnum('token_purpose', ['SIGN_IN', 'PASSWORD_RESET']);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    purpose: tokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user').on(t.userId)],
);
