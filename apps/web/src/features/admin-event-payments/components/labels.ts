import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';

export const eventPaymentMethodLabels: Record<EventPaymentMethod, string> = {
  CARD: 'Card',
  PURCHASE_ORDER: 'Purchase order',
};
