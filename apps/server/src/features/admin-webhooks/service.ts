import {
  webhookMessages,
  webhookUrlRefusal,
  type WebhookDeliveryPage,
  type WebhookEndpointRow,
  type webhookEndpointInput,
} from '@portal/domain/staff/webhooks.ts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { redeliver } from '../../core/webhooks.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { encryptField } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { newSigningSecret, resolvesToPublicAddresses } from '../../platform/webhooks.ts';
import {
  deleteEndpoint,
  deliveryOfEndpoint,
  findEndpoint,
  insertWebhookEndpoint,
  listEndpoints,
  pageOfDeliveries,
  rotateEndpointSecret,
  setEndpointEnabled,
} from './repository.ts';

type EndpointInput = z.output<typeof webhookEndpointInput>;

const endpointNotFound = () => notFound(webhookMessages.notFound);

/**
 * Production posts only to public https addresses (SSRF): the URL is checked here, its host name
 * resolved, and checked again at every delivery against the address connected to.
 */
async function checkUrl(deps: AppDeps, url: string): Promise<void> {
  const production = deps.config.env === 'production';
  const refusal = webhookUrlRefusal(url, production);
  if (refusal) throw badRequest(refusal, { url: refusal });
  if (!production) return;
  const resolved = await resolvesToPublicAddresses(new URL(url).hostname);
  if (resolved === 'unresolvable')
    throw badRequest(webhookMessages.urlUnresolvable, { url: webhookMessages.urlUnresolvable });
  if (!resolved) throw badRequest(webhookMessages.urlPrivate, { url: webhookMessages.urlPrivate });
}

export async function listWebhookEndpoints(deps: AppDeps): Promise<{ items: WebhookEndpointRow[] }> {
  return { items: await listEndpoints(deps.db, deps.clock()) };
}

async function endpointOrNotFound(deps: AppDeps, id: string): Promise<WebhookEndpointRow> {
  const endpoint = await findEndpoint(deps.db, id, deps.clock());
  if (!endpoint) throw endpointNotFound();
  return endpoint;
}

/** The secret is in the answer once; the database keeps it encrypted. */
export async function createWebhookEndpoint(
  deps: AppDeps,
  auth: RequestAuth,
  input: EndpointInput,
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  await checkUrl(deps, input.url);
  const secret = newSigningSecret();
  const id = await deps.db.transaction(async (tx) => {
    const created = await insertWebhookEndpoint(tx, {
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      secretEncrypted: encryptField(deps.config.encryptionKey, secret) ?? '',
      createdById: auth.user.id,
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'webhookEndpoint.create',
      subjectType: 'webhook_endpoint',
      subjectId: created,
      data: { url: input.url, eventTypes: input.eventTypes },
    });
    return created;
  });
  return { endpoint: await endpointOrNotFound(deps, id), secret };
}

export async function setWebhookEndpointEnabled(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  enabled: boolean,
): Promise<WebhookEndpointRow> {
  await deps.db.transaction(async (tx) => {
    if (!(await setEndpointEnabled(tx, id, enabled))) throw endpointNotFound();
    await audit(tx, {
      ...actorOf(auth),
      action: enabled ? 'webhookEndpoint.enable' : 'webhookEndpoint.disable',
      subjectType: 'webhook_endpoint',
      subjectId: id,
    });
  });
  return endpointOrNotFound(deps, id);
}

export async function deleteWebhookEndpoint(deps: AppDeps, auth: RequestAuth, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const url = await deleteEndpoint(tx, id);
    if (url === undefined) throw endpointNotFound();
    await audit(tx, {
      ...actorOf(auth),
      action: 'webhookEndpoint.delete',
      subjectType: 'webhook_endpoint',
      subjectId: id,
      data: { url },
    });
  });
}

/**
 * A new secret; the one it replaces keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS, so the
 * receiving system can switch without missing an event (docs/decisions/0142-webhook-upkeep.md). A
 * rotation during an overlap keeps the older one to its own end: a receiver still on the first secret
 * is not cut off by a second rotation (docs/decisions/0157-security-and-reliability-hardening.md). The answer
 * carries the new secret, once.
 */
export async function rotateWebhookSecret(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const secret = newSigningSecret();
  const now = deps.clock();
  const overlapEnds = new Date(now.getTime() + deps.config.webhooks.secretOverlapMs);
  await deps.db.transaction(async (tx) => {
    const rotated = await rotateEndpointSecret(tx, id, {
      secretEncrypted: encryptField(deps.config.encryptionKey, secret) ?? '',
      now,
      overlapEnds,
    });
    if (!rotated) throw endpointNotFound();
    await audit(tx, {
      ...actorOf(auth),
      action: 'webhookEndpoint.rotateSecret',
      subjectType: 'webhook_endpoint',
      subjectId: id,
      data: { previousSecretExpiresAt: overlapEnds.toISOString() },
    });
  });
  return { endpoint: await endpointOrNotFound(deps, id), secret };
}

export async function listWebhookDeliveries(
  deps: AppDeps,
  endpointId: string,
  page: { page: number; pageSize: number },
): Promise<WebhookDeliveryPage> {
  await endpointOrNotFound(deps, endpointId);
  const { items, total } = await pageOfDeliveries(deps.db, endpointId, page);
  return { items, total, page: page.page, pageSize: page.pageSize };
}

export async function redeliverWebhook(
  deps: AppDeps,
  auth: RequestAuth,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await deliveryOfEndpoint(tx, endpointId, deliveryId))) throw notFound(webhookMessages.deliveryNotFound);
    await redeliver(tx, deliveryId, deps.clock());
    await audit(tx, {
      ...actorOf(auth),
      action: 'webhookDelivery.redeliver',
      subjectType: 'webhook_delivery',
      subjectId: deliveryId,
    });
  });
}
