import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  looksLikePdf,
  purchaseOrderMessages,
  type PurchaseOrderSubmitted,
} from '@portal/domain/commerce/purchase-orders.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor, Transaction } from '../db/client.ts';
import { purchaseOrders } from '../db/schema/commerce.ts';
import { badRequest, contentTooLarge, formFieldTooLarge } from '../platform/errors.ts';
import { keyUsedForAnotherRequest, writeOncePerKey, type IdempotentRequest } from '../platform/idempotency.ts';
import { findNul, nulMessage } from '../platform/stored-text.ts';
import { emitWebhookEvent } from './webhooks.ts';

export interface Upload {
  /** Every text field of the form, by name. */
  fields: Record<string, string>;
  /** The part named `file`, read into memory (at most 10 MB: the multipart limit of app.ts). */
  file: { bytes: Buffer; name: string } | null;
}

/**
 * Reads a purchase-order form (cart, application, institute or package) (multipart/form-data) into memory. A file over
 * the size limit is a field error on `file`, as the form shows it; other multipart errors keep Fastify's own 4xx.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart())
    throw badRequest('Send the purchase order form as multipart/form-data.', {
      file: purchaseOrderMessages.fileRequired,
    });
  const fields: Record<string, string> = {};
  let file: Upload['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { bytes, name: part.filename };
      } else if (typeof part.value === 'string') {
        // busboy cuts a field at the fieldSize limit (app.ts) and only flags it: a cut value is refused, never stored.
        if (part.valueTruncated || part.fieldnameTruncated) throw contentTooLarge(formFieldTooLarge);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw badRequest(purchaseOrderMessages.fileTooLarge, { file: purchaseOrderMessages.fileTooLarge });
    }
    throw error;
  }
  const nulField = findNul(fields);
  if (nulField !== null) throw badRequest('Please correct the highlighted fields.', { [nulField]: nulMessage });
  return { fields, file };
}

/**
 * The form's fields (by `schema`) and its file checked together, so every mistake is shown at once.
 * The file is a PDF by content, not by name or declared type: a renamed text or HTML file is refused.
 */
export function checkUpload<T extends z.ZodType>(schema: T, upload: Upload): { fields: z.output<T>; bytes: Buffer } {
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(upload.fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  }
  if (!upload.file || !looksLikePdf(upload.file.bytes)) errors.file = purchaseOrderMessages.fileRequired;
  if (!parsed.success || !upload.file || errors.file)
    throw badRequest('Please correct the highlighted fields.', errors);
  return { fields: parsed.data, bytes: upload.file.bytes };
}

export const purchaseOrderFileKey = (purchaseOrderId: string) => `purchase-orders/${purchaseOrderId}.pdf`;

/**
 * Runs `record` in one transaction and stores the purchase order's PDF last, inside it: the file is
 * removed again when the transaction fails, so a refused upload leaves nothing behind.
 */
export async function recordWithFile<T>(
  deps: AppDeps,
  purchaseOrderId: string,
  bytes: Buffer,
  record: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const fileKey = purchaseOrderFileKey(purchaseOrderId);
  let stored = false;
  try {
    return await deps.db.transaction(async (tx) => {
      const result = await record(tx);
      stored = true;
      await deps.storage.put(fileKey, bytes, 'application/pdf');
      return result;
    });
  } catch (error) {
    if (stored) await deps.storage.remove(fileKey);
    throw error;
  }
}

/**
 * The purchase order this caller already sent with this Idempotency-Key, if any: a repeat of that
 * request answers it, another request with the key is refused (422).
 */
export async function findSentWithKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select({
      id: purchaseOrders.id,
      type: purchaseOrders.type,
      idempotencyFingerprint: purchaseOrders.idempotencyFingerprint,
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.submittedById, userId), eq(purchaseOrders.idempotencyKey, key)));
  return row;
}

/**
 * A purchase order of one kind sent once per Idempotency-Key (writeOncePerKey): a repeat answers the one
 * the first call made, and the key of another kind of purchase order is refused (422). `send` checks the
 * form, records it and answers the new purchase order's id.
 */
export function sendOncePerKey(
  deps: AppDeps,
  userId: string,
  idempotency: IdempotentRequest,
  type: (typeof purchaseOrders.type.enumValues)[number],
  send: () => Promise<string>,
): Promise<PurchaseOrderSubmitted> {
  return writeOncePerKey({
    request: idempotency,
    made: () => findSentWithKey(deps.db, userId, idempotency.key),
    replay: (sent) => {
      if (sent.type !== type) throw keyUsedForAnotherRequest();
      return { purchaseOrderId: sent.id };
    },
    write: send,
    answer: (purchaseOrderId) => ({ purchaseOrderId }),
  });
}

/**
 * Every kind of purchase order (cart, application, institute, package) is one row of purchase_orders,
 * written here, with its webhook event in the same transaction.
 */
export async function insertPurchaseOrder(db: Executor, values: typeof purchaseOrders.$inferInsert) {
  const [row] = await db
    .insert(purchaseOrders)
    .values(values)
    .returning({ id: purchaseOrders.id, createdAt: purchaseOrders.createdAt });
  await emitWebhookEvent(
    db,
    'purchase_order.submitted',
    {
      purchaseOrderId: row!.id,
      type: values.type,
      number: values.number,
      paymentId: values.paymentId ?? null,
      organizationId: values.organizationId ?? null,
      totalCents: values.totalCents,
      submittedTotalCents: values.submittedTotalCents,
    },
    row!.createdAt,
  );
}

/** Letters, digits, spaces, dots, dashes and underscores only, ending in .pdf: safe in a header and on any disk. */
export function attachmentName(filename: string): string {
  const base = filename
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+|[ ._]+$/g, '')
    .slice(0, 100);
  return `${base || 'purchase-order'}.pdf`;
}
