import { z } from 'zod';
import { paginated, pageQuery } from '../pagination.ts';
import {
  eventPaymentMethods,
  eventPaymentStatuses,
  type EventPaymentMethod,
  type EventPaymentStatus,
} from './enums.ts';
import { purchaseOrderSummary } from './payments.ts';

/**
 * Unfinished orders (issue 38): a checkout the buyer started and left, still holding its seats: a card
 * payment not completed (PENDING, 'Payment Incomplete') or a purchase-order checkout whose purchase order
 * was never uploaded (AWAITING_PO). Manage Events and the cart list them with what each offers; the
 * server refuses by the same rule (docs/decisions/0160-unfinished-orders.md).
 */

export const unfinishedOrderActions = ['discard', 'payNow', 'uploadPurchaseOrder'] as const;
export type UnfinishedOrderAction = (typeof unfinishedOrderActions)[number];

/** Where the payment came from: the cart, an accepted application, or a group registration request. */
export type UnfinishedOrderOrigin = 'cart' | 'application' | 'registration';

export interface UnfinishedOrderFacts {
  status: EventPaymentStatus;
  method: EventPaymentMethod;
  origin: UnfinishedOrderOrigin;
  /** The viewer bought it: only the buyer acts on an unfinished order. */
  isBuyer: boolean;
}

/** Why an action is refused; each is a 409 on the server except notBuyer (the payment is not found, 404). */
export type UnfinishedOrderRefusal =
  'notBuyer' | 'paid' | 'purchaseOrderSent' | 'ended' | 'notFromCart' | 'notCard' | 'notPurchaseOrder';

export const unfinishedOrderMessages = {
  title: 'Unfinished orders',
  intro: 'These orders hold their seats until you finish them or discard them.',
  empty: 'You have no unfinished orders.',
  loadError: 'Your unfinished orders could not be loaded.',
  discard: 'Discard',
  payNow: 'Pay now',
  uploadPurchaseOrder: 'Upload purchase order',
  discardTitle: 'Discard this order?',
  discardConfirm: (tickets: string, withCoupon: boolean) =>
    `${tickets} go back on sale${withCoupon ? ', its coupon can be used again' : ''} and the tickets return to ` +
    'your cart.',
  keep: 'Keep the order',
  discarded: 'Order discarded. Its tickets are back in your cart.',
  holdUntil: (when: string) => `Seats held until ${when}`,
  refusals: {
    notBuyer: 'Event payment not found',
    paid: 'This order is already paid.',
    purchaseOrderSent:
      'Its purchase order has already been submitted; our staff will review it, so this order can no longer be discarded.',
    ended: 'This order has already ended: its seats were let go.',
    notFromCart: 'This order was not made from the cart: change it from its application or registration request.',
    notCard: 'Only a card order can be paid here.',
    notPurchaseOrder: 'This order does not wait for a purchase order.',
  } satisfies Record<UnfinishedOrderRefusal, string>,
} as const;

/**
 * Whether the buyer may take `action` on the order now: null, or why not. Discard is for a cart's
 * unfinished order (an application's or a request's payment is changed from its own page); Pay now
 * for an unfinished card order of the cart or an application; Upload purchase order for a
 * purchase-order checkout of the cart or an application still waiting for it. A registration
 * request's payment is paid and cancelled from the request's page.
 */
export function unfinishedOrderRefusal(
  order: UnfinishedOrderFacts,
  action: UnfinishedOrderAction,
): UnfinishedOrderRefusal | null {
  if (!order.isBuyer) return 'notBuyer';
  if (order.status === 'PAID') return 'paid';
  if (order.status === 'PO_SUBMITTED') return 'purchaseOrderSent';
  if (order.status !== 'PENDING' && order.status !== 'AWAITING_PO') return 'ended';
  if (order.origin === 'registration' || (action === 'discard' && order.origin !== 'cart')) return 'notFromCart';
  if (action === 'payNow' && order.method !== 'CARD') return 'notCard';
  if (action === 'uploadPurchaseOrder' && order.method !== 'PURCHASE_ORDER') return 'notPurchaseOrder';
  return null;
}

/** The actions the order offers now, in the order a screen shows them. */
export function actionsOfUnfinishedOrder(order: UnfinishedOrderFacts): UnfinishedOrderAction[] {
  return unfinishedOrderActions.filter((action) => unfinishedOrderRefusal(order, action) === null);
}

/** GET /api/event-payments/unfinished: the signed-in buyer's unfinished orders, oldest hold ending first. */
export const unfinishedOrdersQuery = pageQuery;

export const unfinishedOrderRow = z.object({
  id: z.string(),
  status: z.enum(eventPaymentStatuses),
  method: z.enum(eventPaymentMethods),
  /** Always true here (the list is the buyer's own): what the action rule is asked with. */
  isBuyer: z.boolean(),
  applicationId: z.string().nullable(),
  registrationRequestId: z.string().nullable(),
  organizationName: z.string().nullable(),
  /** What it holds, as "2 × Fall Leadership Conference Day — Morning", one line per item. */
  lines: z.array(z.object({ title: z.string(), numberOfTickets: z.number() })),
  numberOfTickets: z.number(),
  /** Cents, as derived by the checkout. */
  total: z.number(),
  couponCode: z.string().nullable(),
  purchaseOrders: z.array(purchaseOrderSummary),
  holdExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UnfinishedOrderRow = z.infer<typeof unfinishedOrderRow>;
export const unfinishedOrderPage = paginated(unfinishedOrderRow);
export type UnfinishedOrderPage = z.infer<typeof unfinishedOrderPage>;

/** The facts the action rule reads of a listed row. */
export function unfinishedOrderFacts(row: UnfinishedOrderRow): UnfinishedOrderFacts {
  return {
    status: row.status,
    method: row.method,
    isBuyer: row.isBuyer,
    origin: row.registrationRequestId !== null ? 'registration' : row.applicationId !== null ? 'application' : 'cart',
  };
}

/** POST /api/event-payments/:eventPaymentId/discard: the order ends CANCELLED (asking again answers the same). */
export const discardOrderReply = z.object({ status: z.literal('CANCELLED') });
export type DiscardOrderReply = z.infer<typeof discardOrderReply>;

/** POST /api/event-payments/:eventPaymentId/pay-now: a fresh page of the provider for the same payment. */
export const payNowReply = z.object({ eventPaymentId: z.string(), redirectUrl: z.string() });
export type PayNowReply = z.infer<typeof payNowReply>;

/** What the buyer of an unfinished purchase-order checkout is mailed: the reminder, then the release. */
export const holdMailTexts = {
  reminderSubject: 'Your held seats are released soon',
  reminder: (firstName: string, lines: string, until: string, manageEventsUrl: string) =>
    `Hello ${firstName},\n\nYour order of ${lines} is waiting for its purchase order. Its seats are held until ` +
    `${until}; upload the purchase order before then, or the seats go back on sale.\n\n` +
    `Upload it, or discard the order, in Manage Events: ${manageEventsUrl}\n`,
  releasedSubject: 'Your held seats were released',
  released: (firstName: string, lines: string, catalogueUrl: string) =>
    `Hello ${firstName},\n\nYour order of ${lines} waited for its purchase order until its hold ran out, so its ` +
    `seats were let go and are back on sale. Nothing was charged.\n\n` +
    `To buy them again, add them to your cart from PD Services: ${catalogueUrl}\n`,
} as const;

/** "2 × Morning; 1 × Afternoon", or "the tickets" for a payment without items (a previous-system balance). */
export function heldLinesText(lines: readonly { title: string; numberOfTickets: number }[]): string {
  if (lines.length === 0) return 'the tickets';
  return lines.map((line) => `${line.numberOfTickets} × ${line.title}`).join('; ');
}
