import { bigserial, boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Where staff asked the portal to post its events (issue 26, Standard Webhooks). The signing secret
 * is kept encrypted with ENCRYPTION_KEY (platform/crypto.ts): staff see it once, when it is made.
 * After a rotation the replaced secret signs too until its overlap ends, so the receiving system can
 * switch without losing events (docs/decisions/0142-webhook-upkeep.md, 0157-security-and-reliability-hardening.md).
 */
/** A replaced signing secret, encrypted as the current one is, and when it stops signing. */
export interface PreviousSecret {
  secretEncrypted: string;
  expiresAt: string;
}

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (packages/domain webhooks.ts webhookEventTypes). */
    eventTypes: text('event_types').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    /**
     * The secrets replaced by rotations whose overlap has not ended, each with its end (ISO): every one signs
     * beside the current secret until then. A rotation drops those already ended.
     */
    previousSecrets: jsonb('previous_secrets').$type<PreviousSecret[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_created').on(t.createdAt)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['PENDING', 'DELIVERED', 'FAILED']);

/**
 * One event for one endpoint: the message (its webhook-id and body, the same on every attempt) and
 * where its attempts stand. Retries are scheduled by core/webhooks.ts, not by the job queue's own
 * back-off (docs/decisions/0128-webhook-retries.md).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: receivers deduplicate on it, so a retry or a redelivery keeps it. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** When retries started: they stop 24 hours after it. Reset by a staff redelivery. */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastResponseExcerpt: text('last_response_excerpt'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt, t.id)],
);

/** Every HTTP attempt of a delivery, as the receiver answered it (or why no answer came). */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The first kilobyte of the answer's body. */
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [
    index('webhook_delivery_attempts_delivery').on(t.deliveryId, t.attemptedAt),
    // The daily pruning deletes by age alone.
    index('webhook_delivery_attempts_attempted').on(t.attemptedAt),
  ],
);
