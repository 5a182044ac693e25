import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { eventApplications } from './applications.ts';
import { eventPayments, purchaseOrders } from './commerce.ts';
import { contracts } from './contracts.ts';

/**
 * What an institute purchase order pays: accepted applications, each through its own event payment
 * (the application's payment, so the applicant sees 'Purchase order submitted' and then 'Paid').
 * Approving the purchase order marks each of these payments paid; voiding it cancels them.
 */
export const purchaseOrderApplications = pgTable(
  'purchase_order_applications',
  {
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => eventApplications.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseOrderId, t.applicationId] }),
    index('purchase_order_applications_payment').on(t.paymentId),
  ],
);

/** The contract a package purchase order pays (one per purchase order). */
export const purchaseOrderContracts = pgTable(
  'purchase_order_contracts',
  {
    purchaseOrderId: uuid('purchase_order_id')
      .primaryKey()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('purchase_order_contracts_contract').on(t.contractId)],
);
