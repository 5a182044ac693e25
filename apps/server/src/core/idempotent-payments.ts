import type { EventPaymentMethod, EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import { openingTerms } from '@portal/domain/commerce/payments.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Transaction } from '../db/client.ts';
import { writeOncePerKey, type IdempotentRequest } from '../platform/idempotency.ts';
import type { RequestAuth } from '../platform/sessions.ts';
import { expireHolds, releasePayment, takeSeatsAndCouponUse, type SeatRequest } from './capacity.ts';
import { requireCardProvider, startCardPayment, type CardPaymentToStart } from './card-checkout.ts';
import {
  findPaymentByIdempotencyKey,
  insertEventPayment,
  type NewEventPaymentItem,
  type OpenedPayment,
  type PaymentWithKey,
} from './event-payments.ts';

/**
 * Paying for one thing (an accepted application, a registration request, a previous-system
 * application's balance) once per Idempotency-Key: the pay transaction opens an event payment
 * (openEventPayment), a card payment then goes to its provider after the commit, and a repeat or a
 * racing request answers the payment the first one made (payOnce). The cart's checkout writes its
 * payment in one statement of its own (features/checkout) but repeats through the same writeOncePerKey.
 */

/** What a new payment is for and what it costs, priced by the caller (pricing, groupPrice, the import's balance). */
export interface PaymentOpening {
  userId: string;
  organizationId: string | null;
  method: EventPaymentMethod;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponId: string | null;
  idempotency: IdempotentRequest;
  applicationId?: string;
  legacyApplicationId?: string;
  items: readonly NewEventPaymentItem[];
  /** The seats it holds (none for a previous-system application: its event sells no seat here). */
  seats: readonly SeatRequest[];
}

/**
 * Opens a payment in the caller's transaction: its terms from its method and total (a free one is
 * PAID at once, a card one goes to the configured provider, 409 when there is none), its items, then
 * its seats and its coupon's use (capacity's lock order); sold out or the coupon used up undoes it all.
 */
export async function openEventPayment(
  deps: AppDeps,
  tx: Transaction,
  opening: PaymentOpening,
  now: Date,
): Promise<OpenedPayment> {
  const { idempotency, items, seats, method, ...payment } = opening;
  const terms = openingTerms(method, payment.totalCents, now, deps.config.purchaseOrderHold.days);
  const opened = await insertEventPayment(
    tx,
    {
      ...payment,
      ...terms,
      method,
      provider: method === 'CARD' && terms.status !== 'PAID' ? requireCardProvider(deps).name : null,
      // A payment of no items holds nothing, but the hold's term still ends an abandoned checkout, and a
      // purchase order is accepted only for a payment still holding (purchase-orders' conditional update).
      seatsHeld: true,
      idempotencyKey: idempotency.key,
      idempotencyFingerprint: idempotency.fingerprint,
    },
    items,
  );
  await takeSeatsAndCouponUse(tx, seats, payment.couponId);
  return opened;
}

/** A payment as a pay path answers it: where the buyer goes next, and what its card provider is sent. */
export interface PaymentToAnswer extends CardPaymentToStart {
  status: EventPaymentStatus;
  method: EventPaymentMethod;
  checkoutUrl: string | null;
}

export interface Opened<Payment extends PaymentToAnswer> {
  payment: Payment;
  /** What the card provider's page says is bought. */
  description: string;
}

export interface PayOnce<Payment extends PaymentToAnswer> {
  idempotency: IdempotentRequest;
  /** The payment a repeat of the key answers, as this path reads it; throws when the key paid for something else. */
  replayed: (made: PaymentWithKey) => Promise<Payment> | Payment;
  /** What the provider's page says a repeat pays for. */
  replayDescription: string;
  /** The pay transaction: a payment opened, or one still open answered again. */
  open: (tx: Transaction, now: Date) => Promise<Opened<Payment>>;
  /** Where the buyer goes for a payment that exists; null for a card payment not yet sent to its provider. */
  redirectOf: (payment: Payment) => string | null;
}

/**
 * A pay call (POST …/pay). Holds that ran out are released first, so their seats count as free. The
 * Idempotency-Key makes a repeat (double click, retry, race) answer the payment the first call made;
 * the same key with another request is refused (422). A card payment not yet at its provider is sent
 * there after the commit; when the provider cannot be reached it is cancelled, its seats given back.
 */
export async function payOnce<Payment extends PaymentToAnswer>(
  deps: AppDeps,
  auth: RequestAuth,
  pay: PayOnce<Payment>,
): Promise<{ eventPaymentId: string; redirectUrl: string }> {
  const now = deps.clock();
  await expireHolds(deps.db, now);
  const answer = async ({ payment, description }: Opened<Payment>) => ({
    eventPaymentId: payment.id,
    redirectUrl:
      pay.redirectOf(payment) ??
      (await startCardPayment(deps, auth, payment, description, async (tx) => {
        await releasePayment(tx, payment.id, 'CANCELLED', deps.clock());
      })),
  });
  return writeOncePerKey({
    request: pay.idempotency,
    made: () => findPaymentByIdempotencyKey(deps.db, auth.user.id, pay.idempotency.key),
    replay: async (made) => answer({ payment: await pay.replayed(made), description: pay.replayDescription }),
    write: () => deps.db.transaction((tx) => pay.open(tx, now)),
    answer,
  });
}
