import type { PurchaseOrderStatus, PurchaseOrderType } from '@portal/domain/commerce/enums.ts';

export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  VOIDED: 'Voided',
};

export const purchaseOrderTypeLabels: Record<PurchaseOrderType, string> = {
  CONFERENCE_DAY: 'Conference day',
  EVENT_APPLICATION: 'Event application',
  EVENT: 'Event',
  PACKAGE: 'Package',
};
