import { applicationPaths } from '@portal/domain/applications/paths.ts';
import type { ApplicationPayReply, LegacyApplicationPage } from '@portal/domain/applications/contracts.ts';
import { legacyApplicationView, legacyMessages, legacyPayTerms } from '@portal/domain/applications/rules.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { latestLegacyPayments } from '../../core/application-reads.ts';
import { expireHolds } from '../../core/capacity.ts';
import type { OpenedPayment } from '../../core/event-payments.ts';
import { openEventPayment, payOnce, type Opened } from '../../core/idempotent-payments.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { keyUsedForAnotherRequest, type IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  latestLegacyPayment,
  lockOwnLegacyApplication,
  pageOfLegacyApplications,
  soleOrganization,
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
function redirectOf(payment: OpenedPayment): string | null {
  if (payment.status === 'PAID') return applicationPaths.success(payment.id, payment.provider ?? 'purchase-order');
  if (payment.method === 'PURCHASE_ORDER') {
    return payment.status === 'AWAITING_PO' ? applicationPaths.purchaseOrder(payment.id) : applicationPaths.list;
  }
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : applicationPaths.list;
}

const description = 'Event application';

/**
 * The pay transaction: the legacy application (locked) must be one whose ids call for a pay button and
 * whose import carried a balance (legacyPayTerms, else 409 with the reason). A payment still open
 * (a card at its provider, a purchase order not sent yet) is answered again; otherwise a new one of
 * the balance, by the method the payment type names, with no items and no seat.
 */
async function openPayment(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  legacyApplicationId: string,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<Opened<OpenedPayment>> {
  const application = await lockOwnLegacyApplication(tx, legacyApplicationId, auth.user.id);
  if (!application) throw notFound(legacyMessages.notFound);
  const latest = await latestLegacyPayment(tx, application.id);
  const view = legacyApplicationView(application.statusId, application.paymentStatusId, application.paymentTypeId, {
    balanceCents: application.balanceCents,
    payment: latest ?? null,
  });
  const terms = legacyPayTerms(view);
  if (!terms.payable) throw conflict(terms.refusal);
  if (latest && (latest.status === 'PENDING' || latest.status === 'AWAITING_PO'))
    return { payment: latest, description };
  const { method, amountCents: totalCents } = terms;
  const payment = await openEventPayment(
    deps,
    tx,
    {
      userId: auth.user.id,
      organizationId: await soleOrganization(tx, auth.user.id),
      method,
      subtotalCents: totalCents,
      discountCents: 0,
      totalCents,
      couponId: null,
      idempotency,
      legacyApplicationId: application.id,
      items: [],
      seats: [],
    },
    now,
  );
  await audit(tx, {
    ...actorOf(auth),
    action: 'legacy-application.pay',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { legacyApplicationId: application.id, method, status: payment.status, totalCents },
  });
  return { payment, description };
}

/** POST /api/legacy-event-applications/:id/pay (core/idempotent-payments.payOnce). */
export async function payLegacyApplication(
  deps: AppDeps,
  auth: RequestAuth,
  legacyApplicationId: string,
  idempotency: IdempotentRequest,
): Promise<ApplicationPayReply> {
  return payOnce(deps, auth, {
    idempotency,
    replayed: (made) => {
      if (made.legacyApplicationId !== legacyApplicationId) throw keyUsedForAnotherRequest();
      return made;
    },
    replayDescription: description,
    open: (tx, now) => openPayment(deps, tx, auth, legacyApplicationId, idempotency, now),
    redirectOf,
  });
}
