import { applicationPaths } from '@portal/domain/applications/paths.ts';
import type { ApplicationPayReply, LegacyApplicationPage } from '@portal/domain/applications/contracts.ts';
import { legacyApplicationView, legacyMessages, legacyPayTerms } from '@portal/domain/applications/rules.ts';
import { openingTerms } from '@portal/domain/commerce/payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { latestLegacyPayments } from '../../core/application-reads.ts';
import { expireHolds, releasePayment } from '../../core/capacity.ts';
import { requireCardProvider, startCardPayment } from '../../core/card-checkout.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { keyUsedForAnotherRequest, requireSameRequest, type IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  findByIdempotencyKey,
  insertLegacyPayment,
  latestLegacyPayment,
  lockOwnLegacyApplication,
  pageOfLegacyApplications,
  soleOrganization,
  type ApplicationPayment,
  type PaymentWithKey,
} from './repository.ts';

/**
 * Applications imported from the previous system (events.md §9), paid here: the legacy buttons their
 * ids call for take the balance the import carried — by card through the card provider, or by
 * purchase order through the ordinary upload and staff approval. A payment of one has no items (the
 * previous system's event sells no seat here) and names it in event_payments.legacy_application_id
 * (docs/decisions/0088-legacy-application-payments.md).
 */

type Page = { page: number; pageSize: number };

/** GET /api/legacy-event-applications: one page, then the page's latest payments here in one query. */
export async function listLegacyApplications(
  deps: AppDeps,
  auth: RequestAuth,
  page: Page,
): Promise<LegacyApplicationPage> {
  await expireHolds(deps.db, deps.clock());
  const { rows, total } = await pageOfLegacyApplications(deps.db, auth.user.id, page);
  const payments = await latestLegacyPayments(
    deps.db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({ ...row, payment: payments.get(row.id) ?? null }));
  return { items, page: page.page, pageSize: page.pageSize, total };
}

/** Where the member goes for a payment that exists; null for a card payment not yet sent to its provider. */
function redirectOf(payment: ApplicationPayment): string | null {
  if (payment.status === 'PAID') return applicationPaths.success(payment.id, payment.provider ?? 'purchase-order');
  if (payment.method === 'PURCHASE_ORDER') {
    return payment.status === 'AWAITING_PO' ? applicationPaths.purchaseOrder(payment.id) : applicationPaths.list;
  }
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : applicationPaths.list;
}

/**
 * The pay transaction: the legacy application (locked) must be one whose ids call for a pay button and
 * whose import carried a balance (legacyPayTerms, else 409 with the reason). A payment still open
 * (a card at its provider, a purchase order not sent yet) is answered again; otherwise a new one of
 * the balance, by the method the payment type names.
 */
async function createPayment(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  legacyApplicationId: string,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<ApplicationPayment> {
  const application = await lockOwnLegacyApplication(tx, legacyApplicationId, auth.user.id);
  if (!application) throw notFound(legacyMessages.notFound);
  const latest = await latestLegacyPayment(tx, application.id);
  const view = legacyApplicationView(application.statusId, application.paymentStatusId, application.paymentTypeId, {
    balanceCents: application.balanceCents,
    payment: latest ?? null,
  });
  const terms = legacyPayTerms(view);
  if (!terms.payable) throw conflict(terms.refusal);
  if (latest && (latest.status === 'PENDING' || latest.status === 'AWAITING_PO')) return latest;
  const { method, amountCents: totalCents } = terms;
  const payment = await insertLegacyPayment(tx, {
    userId: auth.user.id,
    organizationId: await soleOrganization(tx, auth.user.id),
    ...openingTerms(method, totalCents, now),
    method,
    provider: method === 'CARD' ? requireCardProvider(deps).name : null,
    subtotalCents: totalCents,
    discountCents: 0,
    totalCents,
    couponId: null,
    // Nothing is held (no items), but the hold's term still ends an abandoned checkout, and a
    // purchase order is accepted only for a payment still holding (purchase-orders' conditional update).
    seatsHeld: true,
    idempotencyKey: idempotency.key,
    idempotencyFingerprint: idempotency.fingerprint,
    legacyApplicationId: application.id,
  });
  await audit(tx, {
    ...actorOf(auth),
    action: 'legacy-application.pay',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { legacyApplicationId: application.id, method, status: payment.status, totalCents },
  });
  return payment;
}

async function answer(deps: AppDeps, auth: RequestAuth, payment: ApplicationPayment): Promise<ApplicationPayReply> {
  const redirectUrl =
    redirectOf(payment) ??
    (await startCardPayment(
      deps,
      auth,
      { ...payment, applicationId: null, legacyApplicationId: payment.legacyApplicationId },
      'Event application',
      async (tx) => {
        await releasePayment(tx, payment.id, 'CANCELLED', deps.clock());
      },
    ));
  return { eventPaymentId: payment.id, redirectUrl };
}

/**
 * POST /api/legacy-event-applications/:id/pay. The Idempotency-Key makes a repeat (double click,
 * retry, race) answer the payment the first call made.
 */
export async function payLegacyApplication(
  deps: AppDeps,
  auth: RequestAuth,
  legacyApplicationId: string,
  idempotency: IdempotentRequest,
): Promise<ApplicationPayReply> {
  const now = deps.clock();
  await expireHolds(deps.db, now);
  const replayOf = async ({ idempotencyFingerprint, ...payment }: PaymentWithKey) => {
    requireSameRequest(idempotencyFingerprint, idempotency);
    if (payment.legacyApplicationId !== legacyApplicationId) throw keyUsedForAnotherRequest();
    return answer(deps, auth, payment);
  };
  const existing = await findByIdempotencyKey(deps.db, auth.user.id, idempotency.key);
  if (existing) return replayOf(existing);
  let payment: ApplicationPayment;
  try {
    payment = await deps.db.transaction(async (tx) =>
      createPayment(deps, tx, auth, legacyApplicationId, idempotency, now),
    );
  } catch (error) {
    const raced = await findByIdempotencyKey(deps.db, auth.user.id, idempotency.key);
    if (raced) return replayOf(raced);
    throw error;
  }
  return answer(deps, auth, payment);
}
