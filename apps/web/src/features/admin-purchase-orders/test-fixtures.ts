import type { AdminPurchaseOrderPage, AdminPurchaseOrderRow } from '@portal/domain/commerce/purchase-orders.ts';

/** Test data of the staff console's purchase orders: what the API answers, as the contracts shape it. */

export function aPurchaseOrder(overrides: Partial<AdminPurchaseOrderRow> = {}): AdminPurchaseOrderRow {
  return {
    id: 'po-1',
    number: 'PO-1001',
    status: 'SUBMITTED',
    type: 'CONFERENCE_DAY',
    eventPaymentId: 'payment-1',
    organizationName: 'Lincoln Elementary School',
    buyerName: 'Olivia Owens',
    buyerEmail: 'owner@example.test',
    contactName: 'Paula Payables',
    contactEmail: 'payables@example.test',
    contactPhone: '5185550199',
    totalCents: 29800,
    submittedTotalCents: 29800,
    paymentTotalCents: 29800,
    paysFor: null,
    filename: 'po-1001.pdf',
    createdAt: '2026-05-01T15:00:00.000Z',
    decidedAt: null,
    quote: null,
    ...overrides,
  };
}

export function aPurchaseOrderPage(items: AdminPurchaseOrderRow[]): AdminPurchaseOrderPage {
  return { items, page: 1, pageSize: 20, total: items.length };
}
