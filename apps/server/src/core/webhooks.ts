import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { nextWebhookAttemptAt, type WebhookBody, type WebhookEventType } from '@portal/domain/staff/webhooks.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
import { eventPayments } from '../db/schema/commerce.ts';
import { eventRegistrationPayments } from '../db/schema/registration-requests.ts';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../db/schema/webhooks.ts';
import { decryptField } from '../platform/crypto.ts';
import { enqueueJob, enqueueUnlessWaiting, type JobHandler } from '../platform/jobs.ts';
import { postSigned } from '../platform/webhooks.ts';

/**
 * Events posted to the endpoints staff registered (issue 26). An event is written in the caller's
 * transaction, one delivery and one job per endpoint that takes it, so a change that rolls back sends
 * nothing. Each attempt is logged; retries are scheduled here, doubling from one minute for 24 hours
 * (docs/decisions/0128-webhook-retries.md); the log is pruned daily after a retention
 * (docs/decisions/0142-webhook-upkeep.md).
 */

export const webhookDeliveryJob = 'webhook.deliver';

/** The payload of a delivery job: the delivery, and which attempt it wakes up for. */
interface DeliveryJob {
  deliveryId: string;
  attempt: number;
}

/**
 * The ids of the enabled endpoints taking `type` (an SQL expression: a placeholder or a literal), as one array: a
 * statement that changes a payment can read them in the same round trip (capacity.markPaid).
 */
export const endpointIdsTaking = (type: SQL) =>
  sql`array(select ${webhookEndpoints.id} from ${webhookEndpoints}
    where ${webhookEndpoints.enabled} and ${webhookEndpoints.eventTypes} @> array[${type}::text])`;

/** The endpoints an event goes to, built once (db/prepared.ts): every payment made asks it. */
const endpointsOfStatement = staticStatement(
  'webhook_endpoints_of',
  sql`select ${endpointIdsTaking(sql`${sql.placeholder('type')}`)} as "ids"`,
);

/** Queues the event for every enabled endpoint that takes it, in the caller's transaction. */
export async function emitWebhookEvent(
  tx: Executor,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const [row] = await executeStatic<{ ids: string[] }>(tx, endpointsOfStatement, { type });
  await emitToEndpoints(tx, row?.ids ?? [], type, data, now);
}

/** emitWebhookEvent to endpoints the caller has read (endpointIdsTaking) in its own statement. */
async function emitToEndpoints(
  tx: Executor,
  endpointIds: readonly string[],
  type: WebhookEventType,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  if (endpointIds.length === 0) return;
  const body: WebhookBody = { type, timestamp: now.toISOString(), data };
  for (const endpointId of endpointIds) {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, messageId: `msg_${randomUUID()}`, eventType: type, payload: { ...body } })
      .returning({ id: webhookDeliveries.id });
    await enqueueDeliveryAttempt(tx, { deliveryId: delivery!.id, attempt: 1 });
  }
}

export async function enqueueDeliveryAttempt(tx: Executor, job: DeliveryJob, runAt?: Date): Promise<void> {
  await enqueueJob(tx, webhookDeliveryJob, { ...job }, runAt);
}

/**
 * One attempt of a delivery. A job is a wake-up for attempt n: it posts only while the delivery is
 * PENDING with n - 1 attempts made, so a retry still scheduled when staff redeliver finds its attempt
 * taken and does nothing. Two instances waking for the same attempt may both post (receivers
 * deduplicate on webhook-id); only one records it.
 */
export function webhookDeliveryJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): JobHandler {
  return async (payload) => {
    const job = { deliveryId: String(payload.deliveryId), attempt: Number(payload.attempt) };
    const [delivery] = await deps.db
      .select({
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        firstAttemptAt: webhookDeliveries.firstAttemptAt,
        messageId: webhookDeliveries.messageId,
        payload: webhookDeliveries.payload,
        url: webhookEndpoints.url,
        enabled: webhookEndpoints.enabled,
        secretEncrypted: webhookEndpoints.secretEncrypted,
        previousSecrets: webhookEndpoints.previousSecrets,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, job.deliveryId));
    if (!delivery || delivery.status !== 'PENDING' || delivery.attempts !== job.attempt - 1) return;
    const startedAt = deps.clock();
    if (!delivery.enabled) {
      await deps.db
        .update(webhookDeliveries)
        .set({ status: 'FAILED', nextAttemptAt: null, lastError: 'The endpoint is disabled.' })
        .where(and(eq(webhookDeliveries.id, job.deliveryId), eq(webhookDeliveries.attempts, job.attempt - 1)));
      return;
    }
    const decrypt = (encrypted: string) => decryptField(deps.config.encryptionKey, encrypted) ?? '';
    // After a rotation each replaced secret signs too until its own overlap ends
    // (docs/decisions/0142-webhook-upkeep.md, 0157-security-and-reliability-hardening.md).
    const overlapping = delivery.previousSecrets
      .filter((previous) => new Date(previous.expiresAt) > startedAt)
      .map((previous) => decrypt(previous.secretEncrypted));
    const outcome = await postSigned({
      url: delivery.url,
      secrets: [decrypt(delivery.secretEncrypted), ...overlapping],
      messageId: delivery.messageId,
      body: JSON.stringify(delivery.payload),
      publicOnly: deps.config.env === 'production',
    });
    const firstAttemptAt = delivery.firstAttemptAt ?? startedAt;
    const next = outcome.ok ? null : nextWebhookAttemptAt(firstAttemptAt, job.attempt, deps.clock());
    await deps.db.transaction(async (tx) => {
      const [recorded] = await tx
        .update(webhookDeliveries)
        .set({
          status: outcome.ok ? 'DELIVERED' : next ? 'PENDING' : 'FAILED',
          attempts: job.attempt,
          firstAttemptAt,
          lastAttemptAt: startedAt,
          nextAttemptAt: next,
          lastStatusCode: outcome.statusCode,
          lastDurationMs: outcome.durationMs,
          lastResponseExcerpt: outcome.responseExcerpt,
          lastError: outcome.error,
        })
        .where(
          and(
            eq(webhookDeliveries.id, job.deliveryId),
            eq(webhookDeliveries.status, 'PENDING'),
            eq(webhookDeliveries.attempts, job.attempt - 1),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      if (!recorded) return;
      await tx.insert(webhookDeliveryAttempts).values({
        deliveryId: job.deliveryId,
        attemptedAt: startedAt,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
      });
      if (next) await enqueueDeliveryAttempt(tx, { deliveryId: job.deliveryId, attempt: job.attempt + 1 }, next);
    });
  };
}

export const webhookAttemptPruningJob = 'webhook.prune-attempts';
const pruningIntervalMs = 24 * 3600_000;
/** Rows per DELETE: a large backlog is deleted in short statements, not one long lock. */
const pruningBatch = 5_000;

/** Queues the daily pruning of the attempt log unless a run is already waiting: called at start-up by every instance. */
export async function scheduleAttemptPruning(db: Executor, runAt: Date): Promise<void> {
  await enqueueUnlessWaiting(db, webhookAttemptPruningJob, runAt);
}

/** Deletes the delivery attempts logged before the retention (WEBHOOK_ATTEMPT_RETENTION_DAYS); answers how many. */
export async function pruneDeliveryAttempts(deps: Pick<AppDeps, 'db' | 'config'>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.webhooks.attemptRetentionMs);
  let deleted = 0;
  for (;;) {
    const old = deps.db
      .select({ id: webhookDeliveryAttempts.id })
      .from(webhookDeliveryAttempts)
      .where(lt(webhookDeliveryAttempts.attemptedAt, cutoff))
      .limit(pruningBatch);
    const batch = await deps.db
      .delete(webhookDeliveryAttempts)
      .where(inArray(webhookDeliveryAttempts.id, old))
      .returning({ id: webhookDeliveryAttempts.id });
    deleted += batch.length;
    if (batch.length < pruningBatch) return deleted;
  }
}

/** The daily job: the next run is queued first, so a failing prune does not stop the ones after it. */
export function attemptPruningJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): JobHandler {
  return async () => {
    const now = deps.clock();
    await scheduleAttemptPruning(deps.db, new Date(now.getTime() + pruningIntervalMs));
    await pruneDeliveryAttempts(deps, now);
  };
}

/** Staff send a delivery again now: a new 24-hour run of attempts with the same webhook-id and body. */
export async function redeliver(tx: Executor, deliveryId: string, now: Date): Promise<boolean> {
  const [delivery] = await tx
    .update(webhookDeliveries)
    .set({ status: 'PENDING', firstAttemptAt: null, nextAttemptAt: now })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning({ attempts: webhookDeliveries.attempts });
  if (!delivery) return false;
  await enqueueDeliveryAttempt(tx, { deliveryId, attempt: delivery.attempts + 1 });
  return true;
}

/**
 * What a payment event says of its payment, as a selection, returned by the update that changed it
 * (markPaid) or read in emitPaymentEvent: the request it pays for through a subquery, so either is one
 * statement.
 */
const paymentEventFields = {
  paymentId: eventPayments.id,
  status: eventPayments.status,
  method: eventPayments.method,
  userId: eventPayments.userId,
  organizationId: eventPayments.organizationId,
  totalCents: eventPayments.totalCents,
  refundReason: eventPayments.refundReason,
  registrationRequestId: sql<string | null>`(select ${eventRegistrationPayments.requestId}
    from ${eventRegistrationPayments} where ${eventRegistrationPayments.paymentId} = ${eventPayments.id})`,
};

/**
 * A payment changed to PAID or REFUND_NEEDED: its event, and for a registration request's payment
 * the request's own (registration_request.paid when paid). Read in the caller's transaction.
 */
export async function emitPaymentEvent(
  tx: Executor,
  paymentId: string,
  type: 'payment.paid' | 'payment.refund_needed',
  now: Date,
): Promise<void> {
  const payment = await paymentEventRow(tx, paymentId);
  if (payment) await emitPaymentEventOf(tx, payment, type, now);
}

async function paymentEventRow(tx: Executor, paymentId: string) {
  const [payment] = await tx.select(paymentEventFields).from(eventPayments).where(eq(eventPayments.id, paymentId));
  return payment;
}

/** A payment as its events describe it (paymentEventFields). */
export type PaymentEventRow = NonNullable<Awaited<ReturnType<typeof paymentEventRow>>>;

/** emitPaymentEvent for a payment read in the caller's transaction (paymentEventFields). */
async function emitPaymentEventOf(
  tx: Executor,
  payment: PaymentEventRow,
  type: 'payment.paid' | 'payment.refund_needed',
  now: Date,
): Promise<void> {
  await emitWebhookEvent(tx, type, { ...payment }, now);
  if (type === 'payment.paid' && payment.registrationRequestId) {
    await emitWebhookEvent(tx, 'registration_request.paid', requestPaidData(payment), now);
  }
}

const requestPaidData = (payment: PaymentEventRow) => ({
  registrationRequestId: payment.registrationRequestId,
  paymentId: payment.paymentId,
  totalCents: payment.totalCents,
});

/** The endpoints of payment.paid and of registration_request.paid, read with the payment (endpointIdsTaking). */
export interface PaidEndpoints {
  paid: readonly string[];
  requestPaid: readonly string[];
}

/** emitPaymentEventOf for payment.paid, to the endpoints the caller read in the statement that paid it. */
export async function emitPaidEventTo(
  tx: Executor,
  payment: PaymentEventRow,
  endpoints: PaidEndpoints,
  now: Date,
): Promise<void> {
  await emitToEndpoints(tx, endpoints.paid, 'payment.paid', { ...payment }, now);
  if (payment.registrationRequestId)
    await emitToEndpoints(tx, endpoints.requestPaid, 'registration_request.paid', requestPaidData(payment), now);
}
