import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventType } from '@portal/domain/staff/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, type PreviousSecret } from '../../db/schema/webhooks.ts';

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
  previousSecrets: webhookEndpoints.previousSecrets,
};

/** Deliveries still retrying or given up on, counted per endpoint in one grouped query. */
async function failing(db: Executor, endpointIds: string[]): Promise<Map<string, number>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .select({ endpointId: webhookDeliveries.endpointId, count: count() })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.endpointId, endpointIds),
        sql`(${webhookDeliveries.status} = 'FAILED' or (${webhookDeliveries.status} = 'PENDING' and ${webhookDeliveries.attempts} > 0))`,
      ),
    )
    .groupBy(webhookDeliveries.endpointId);
  return new Map(rows.map((row) => [row.endpointId, row.count]));
}

type EndpointRecord = Omit<
  WebhookEndpointRow,
  'createdAt' | 'failingDeliveries' | 'eventTypes' | 'previousSecretExpiresAt'
> & {
  createdAt: Date;
  eventTypes: string[];
  previousSecrets: PreviousSecret[];
};

function present(
  { previousSecrets, ...row }: EndpointRecord,
  failingDeliveries: number,
  now: Date,
): WebhookEndpointRow {
  // Overlaps that ended are not shown (nothing signs with those secrets any more); of the others, the last to end.
  const ends = previousSecrets.map((previous) => new Date(previous.expiresAt)).filter((until) => until > now);
  const until = ends.length > 0 ? new Date(Math.max(...ends.map((end) => end.getTime()))) : null;
  return {
    ...row,
    eventTypes: row.eventTypes as WebhookEventType[],
    createdAt: row.createdAt.toISOString(),
    failingDeliveries,
    previousSecretExpiresAt: until?.toISOString() ?? null,
  };
}

/** Every endpoint, newest first: a provider registers a handful, so the list is not paged. */
export async function listEndpoints(db: Executor, now: Date): Promise<WebhookEndpointRow[]> {
  const rows = await db.select(endpointColumns).from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  const counts = await failing(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, counts.get(row.id) ?? 0, now));
}

export async function findEndpoint(db: Executor, id: string, now: Date): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) return undefined;
  const counts = await failing(db, [id]);
  return present(row, counts.get(id) ?? 0, now);
}

export async function pageOfDeliveries(
  db: Executor,
  endpointId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: WebhookDeliveryRow[]; total: number }> {
  const [total] = await db
    .select({ count: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      messageId: webhookDeliveries.messageId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastDurationMs: webhookDeliveries.lastDurationMs,
      lastResponseExcerpt: webhookDeliveries.lastResponseExcerpt,
      lastError: webhookDeliveries.lastError,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return {
    total: total?.count ?? 0,
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      // A delivery that is done has no next attempt, whatever was scheduled before.
      nextAttemptAt: row.status === 'PENDING' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    })),
  };
}

/** Whether the delivery belongs to the endpoint (the route names both). */
export async function deliveryOfEndpoint(db: Executor, endpointId: string, deliveryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row !== undefined;
}

export interface NewEndpoint {
  url: string;
  description: string;
  eventTypes: string[];
  secretEncrypted: string;
  createdById: string;
}

/** Registers an endpoint; answers its id. */
export async function insertWebhookEndpoint(db: Executor, endpoint: NewEndpoint): Promise<string> {
  const [created] = await db.insert(webhookEndpoints).values(endpoint).returning({ id: webhookEndpoints.id });
  return created!.id;
}

/** Turns deliveries to the endpoint on or off; false when there is no such endpoint. */
export async function setEndpointEnabled(db: Executor, id: string, enabled: boolean): Promise<boolean> {
  const updated = await db
    .update(webhookEndpoints)
    .set({ enabled })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

/** Deletes the endpoint (its deliveries go with it); answers the URL it had, or undefined when there was none. */
export async function deleteEndpoint(db: Executor, id: string): Promise<string | undefined> {
  const [deleted] = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ url: webhookEndpoints.url });
  return deleted?.url;
}

/**
 * In one UPDATE: the current secret joins the replaced ones, signing until `overlapEnds`; those whose overlap
 * ended by `now` are dropped (so the list stays as short as the overlaps running); `secretEncrypted` becomes the
 * current one. False when there is no such endpoint.
 */
export async function rotateEndpointSecret(
  db: Executor,
  id: string,
  rotation: { secretEncrypted: string; now: Date; overlapEnds: Date },
): Promise<boolean> {
  const stillSigning = sql`coalesce((select jsonb_agg(previous)
    from jsonb_array_elements(${webhookEndpoints.previousSecrets}) previous
    where (previous ->> 'expiresAt')::timestamptz > ${rotation.now.toISOString()}::timestamptz), '[]'::jsonb)`;
  const replaced = sql`jsonb_build_array(jsonb_build_object(
    'secretEncrypted', ${webhookEndpoints.secretEncrypted},
    'expiresAt', ${rotation.overlapEnds.toISOString()}::text))`;
  const updated = await db
    .update(webhookEndpoints)
    .set({ previousSecrets: sql`${stillSigning} || ${replaced}`, secretEncrypted: rotation.secretEncrypted })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}
