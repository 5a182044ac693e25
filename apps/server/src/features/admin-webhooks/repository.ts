import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventType } from '@portal/domain/staff/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
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
  previousSecretExpiresAt: Date | null;
};

function present(row: EndpointRecord, failingDeliveries: number, now: Date): WebhookEndpointRow {
  const until = row.previousSecretExpiresAt;
  return {
    ...row,
    eventTypes: row.eventTypes as WebhookEventType[],
    createdAt: row.createdAt.toISOString(),
    failingDeliveries,
    // An overlap that ended is not shown: nothing signs with that secret any more.
    previousSecretExpiresAt: until && until > now ? until.toISOString() : null,
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
