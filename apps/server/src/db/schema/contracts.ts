import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * A signed package contract (organizations.md §3 'Contract': id, packageName, signedUrl, total): what
 * a package purchase order pays. Staff record it once a package request is accepted; the package
 * request it came from is named by id only, since packages live in their own schema.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    packageRequestId: uuid('package_request_id'),
    packageName: text('package_name').notNull(),
    /** Where platform/storage keeps the signed PDF; null until it is uploaded. */
    signedPdfKey: text('signed_pdf_key'),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('contracts_total', sql`${t.totalCents} >= 0`),
    index('contracts_organization').on(t.organizationId, t.createdAt),
  ],
);
