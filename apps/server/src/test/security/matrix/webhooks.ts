import { encryptField } from '../../../platform/crypto.ts';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema/webhooks.ts';
import type { World } from '../fixtures.ts';
import { staffOnly, type Rows } from './rows.ts';

/** A fresh endpoint with one delivery per cell: deleting or rotating one does not touch another cell's. */
async function freshEndpoint(w: World) {
  const [endpoint] = await w.t.deps.db
    .insert(webhookEndpoints)
    .values({
      url: 'http://127.0.0.1:9/matrix',
      eventTypes: ['payment.paid'],
      secretEncrypted: encryptField(w.t.deps.config.encryptionKey, 'whsec_bWF0cml4') ?? '',
    })
    .returning({ id: webhookEndpoints.id });
  const [delivery] = await w.t.deps.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint!.id,
      messageId: 'msg_matrix',
      eventType: 'payment.paid',
      payload: {},
      status: 'FAILED',
      attempts: 1,
    })
    .returning({ id: webhookDeliveries.id });
  return { id: endpoint!.id, deliveryId: delivery!.id };
}

/** Webhook endpoints and their deliveries (issue 26): staff in their own session only. */
export const webhookRows: Rows = {
  'GET /api/admin/webhooks': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read every endpoint; the list holds no secret and no person.',
  },
  'POST /api/admin/webhooks': {
    input: () => ({ body: { url: 'http://127.0.0.1:9/matrix', eventTypes: ['payment.paid'] } }),
    expect: staffOnly(201),
  },
  'PATCH /api/admin/webhooks/:id': {
    input: async (w) => ({ params: { id: (await freshEndpoint(w)).id }, body: { enabled: false } }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/webhooks/:id': {
    input: async (w) => ({ params: { id: (await freshEndpoint(w)).id } }),
    expect: staffOnly(204),
  },
  'POST /api/admin/webhooks/:id/rotate-secret': {
    input: async (w) => ({ params: { id: (await freshEndpoint(w)).id } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/webhooks/:id/deliveries': {
    input: async (w) => ({ params: { id: (await freshEndpoint(w)).id } }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read every delivery; a delivery names events, not people.',
  },
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': {
    input: async (w) => {
      const endpoint = await freshEndpoint(w);
      return { params: { id: endpoint.id, deliveryId: endpoint.deliveryId } };
    },
    expect: staffOnly(202),
  },
};
