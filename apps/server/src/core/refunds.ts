import { and, eq, sql } from 'drizzle-orm';
import type { PaymentProviderName } from '@portal/domain/commerce/enums.ts';
import {
  refundMessages,
  type RefundMethod,
  type RefundReply,
  type RefundStatus,
} from '@portal/domain/commerce/refunds.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import { eventPayments } from '../db/schema/commerce.ts';
import { creditNotes, refunds } from '../db/schema/refunds.ts';
import { conflict, notFound } from '../platform/errors.ts';
import { enqueueJob, type JobHandler } from '../platform/jobs.ts';
import { providerOfPayment } from '../platform/payment-providers.ts';
import { issueCreditNote } from './credit-notes.ts';
import { refundToFund } from './district-funds.ts';
import { refundGiftToFund } from './seat-blocks.ts';
import { emitWebhookEvent } from './webhooks.ts';

/**
 * Refunds (issue 38, docs/decisions/0164-refunds-and-credit-notes.md). A refund is recorded in the
 * transaction that decides it, with the payment row locked: the payment's refunded_cents is raised by a
 * conditional update that never passes its total (and a CHECK behind it), the refund is written under
 * a unique idempotency key, and its credit note numbered. A card refund is sent to its provider after
 * the commit, by a job queued in that transaction (and tried at once); the provider is called with the
 * same key, so a retried call makes one refund. A refund nobody can send (the CashNet-style gateway, a
 * purchase order) is OWED until staff settle it. A district fund's payment is refunded to its fund at once
 * (a REFUND row of core/district-funds.ts), SETTLED in the refund's transaction.
 */

export const refundSendJob = 'refund.send';

export interface RefundToRecord {
  paymentId: string;
  amountCents: number;
  reason: string;
  createdById: string;
  /** Unique across refunds: the cancellation's own id, so that a cancellation has at most one refund. */
  idempotencyKey: string;
}

export interface RecordedRefund {
  id: string;
  status: RefundStatus;
  method: RefundMethod;
  creditNoteNumber: number;
}

/** The card providers with a refund API; others' refunds are owed and settled by hand. */
const refundableProviders: readonly PaymentProviderName[] = ['demo', 'stripe'];

/**
 * Records a refund of a payment whose row the caller has locked, in its transaction. More than is left
 * of the payment: 409 refundMessages.tooMuch.
 */
export async function recordRefund(tx: Executor, refund: RefundToRecord, now: Date): Promise<RecordedRefund> {
  const [raised] = await tx
    .update(eventPayments)
    .set({ refundedCents: sql`${eventPayments.refundedCents} + ${refund.amountCents}` })
    .where(
      and(
        eq(eventPayments.id, refund.paymentId),
        sql`${eventPayments.refundedCents} + ${refund.amountCents} <= ${eventPayments.totalCents}`,
      ),
    )
    .returning({ method: eventPayments.method, provider: eventPayments.provider });
  if (!raised) {
    const [payment] = await tx
      .select({ left: sql<number>`(${eventPayments.totalCents} - ${eventPayments.refundedCents})::int` })
      .from(eventPayments)
      .where(eq(eventPayments.id, refund.paymentId));
    if (!payment) throw notFound('No such event payment.');
    throw conflict(refundMessages.tooMuch(payment.left));
  }
  const byCard = raised.method === 'CARD' && raised.provider !== null && refundableProviders.includes(raised.provider);
  const toFund = raised.method === 'DISTRICT_FUNDS';
  const method: RefundMethod = raised.method === 'CARD' ? 'CARD' : toFund ? 'DISTRICT_FUND' : 'CREDIT_NOTE';
  const status: RefundStatus = byCard ? 'PENDING' : 'OWED';
  const [written] = await tx
    .insert(refunds)
    .values({
      paymentId: refund.paymentId,
      amountCents: refund.amountCents,
      status,
      method,
      provider: byCard ? raised.provider : null,
      idempotencyKey: refund.idempotencyKey,
      reason: refund.reason,
      createdById: refund.createdById,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  if (!written) throw new Error('the refund was not written');
  if (byCard) await enqueueJob(tx, refundSendJob, { refundId: written.id });
  const creditNoteNumber = await issueCreditNote(tx, written.id, refund.paymentId, now);
  if (toFund) {
    // The fund takes the money back in this transaction: the refund is settled as it is recorded.
    if (!(await refundGiftToFund(tx, refund))) await refundToFund(tx, refund);
    await settleRefund(tx, written.id, 'OWED', now, refund.createdById);
    return { id: written.id, status: 'SETTLED', method, creditNoteNumber };
  }
  return { id: written.id, status, method, creditNoteNumber };
}

async function emitRefunded(tx: Executor, refundId: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({
      refundId: refunds.id,
      paymentId: refunds.paymentId,
      amountCents: refunds.amountCents,
      method: refunds.method,
      refundedCents: eventPayments.refundedCents,
      totalCents: eventPayments.totalCents,
      userId: eventPayments.userId,
      organizationId: eventPayments.organizationId,
    })
    .from(refunds)
    .innerJoin(eventPayments, eq(eventPayments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (row) await emitWebhookEvent(tx, 'payment.refunded', { ...row }, now);
}

/**
 * A refund's money is back (the provider said so, or staff settled it by hand): SETTLED once, by a
 * conditional update on its status, and `payment.refunded` emitted. False when it was not `from`.
 */
export async function settleRefund(
  tx: Executor,
  refundId: string,
  from: 'OWED' | 'PENDING',
  now: Date,
  settledById: string | null,
  providerRefundId?: string,
): Promise<boolean> {
  const [settled] = await tx
    .update(refunds)
    .set({ status: 'SETTLED', settledAt: now, settledById, ...(providerRefundId ? { providerRefundId } : {}) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, from)))
    .returning({ id: refunds.id });
  if (!settled) return false;
  await emitRefunded(tx, refundId, now);
  return true;
}

/**
 * The provider refused a PENDING refund: FAILED once, and its amount no longer counts as refunded, so
 * staff can refund it another way.
 */
export async function failRefund(tx: Executor, refundId: string, providerRefundId?: string): Promise<boolean> {
  const [failed] = await tx
    .update(refunds)
    .set({ status: 'FAILED', ...(providerRefundId ? { providerRefundId } : {}) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')))
    .returning({ paymentId: refunds.paymentId, amountCents: refunds.amountCents });
  if (!failed) return false;
  await tx
    .update(eventPayments)
    .set({ refundedCents: sql`${eventPayments.refundedCents} - ${failed.amountCents}` })
    .where(eq(eventPayments.id, failed.paymentId));
  return true;
}

/**
 * Sends a PENDING card refund to its provider, outside any transaction (a network call), with the
 * refund's idempotency key: sent twice (the job and the try at once, a retry), the provider makes one
 * refund and answers the same. What it answers is written by a conditional update.
 */
export async function sendRefund(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'paymentProviderOf'>,
  refundId: string,
) {
  const [refund] = await deps.db
    .select({
      status: refunds.status,
      provider: refunds.provider,
      amountCents: refunds.amountCents,
      idempotencyKey: refunds.idempotencyKey,
      providerReference: eventPayments.providerReference,
    })
    .from(refunds)
    .innerJoin(eventPayments, eq(eventPayments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!refund || refund.status !== 'PENDING' || !refund.provider) return;
  const name = refund.provider as PaymentProviderName;
  const provider = (deps.paymentProviderOf ?? ((named) => providerOfPayment(deps.config, named)))(name);
  if (!provider?.refund) throw new Error(`the ${name} provider cannot refund here`);
  const sent = await provider.refund({
    providerReference: refund.providerReference,
    amountCents: refund.amountCents,
    idempotencyKey: refund.idempotencyKey,
  });
  await deps.db.transaction(async (tx) => {
    if (sent.settled) await settleRefund(tx, refundId, 'PENDING', deps.clock(), null, sent.providerRefundId);
    else if (sent.failed) await failRefund(tx, refundId, sent.providerRefundId);
    else
      await tx
        .update(refunds)
        .set({ providerRefundId: sent.providerRefundId })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')));
  });
}

/** The job recordRefund queues; a provider that fails is retried by the job queue. */
export function refundSendJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'paymentProviderOf'>): JobHandler {
  return async (payload) => {
    await sendRefund(deps, String(payload.refundId));
  };
}

/**
 * A provider's refund event (Stripe's charge.refunded, refund.updated) for a refund it made: found by
 * the provider's refund id or by the key it carries in its metadata, then settled or failed once.
 */
export async function reconcileProviderRefund(
  tx: Executor,
  provider: PaymentProviderName,
  event: { providerRefundId: string; refundKey: string | null; status: string },
  now: Date,
): Promise<'settled' | 'failed' | 'unchanged' | 'unknown'> {
  const byId = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, event.providerRefundId)));
  const byKey =
    byId.length === 0 && event.refundKey
      ? await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, event.refundKey))
      : [];
  const refund = byId[0] ?? byKey[0];
  if (!refund) return 'unknown';
  if (event.status === 'succeeded')
    return (await settleRefund(tx, refund.id, 'PENDING', now, null, event.providerRefundId)) ? 'settled' : 'unchanged';
  if (event.status === 'failed' || event.status === 'canceled')
    return (await failRefund(tx, refund.id, event.providerRefundId)) ? 'failed' : 'unchanged';
  return 'unchanged';
}

/** A refund as the API answers it (refundReply), with its credit note's number. */
export async function refundReplyOf(db: Executor, refundId: string): Promise<RefundReply | undefined> {
  const [row] = await db
    .select({
      id: refunds.id,
      paymentId: refunds.paymentId,
      amountCents: refunds.amountCents,
      status: refunds.status,
      method: refunds.method,
      reason: refunds.reason,
      creditNoteNumber: creditNotes.number,
      createdAt: refunds.createdAt,
      settledAt: refunds.settledAt,
    })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(eq(refunds.id, refundId));
  if (!row) return undefined;
  return { ...row, createdAt: row.createdAt.toISOString(), settledAt: row.settledAt?.toISOString() ?? null };
}
