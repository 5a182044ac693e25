import type { FastifyRequest } from 'fastify';
import { purchaseOrderMessages } from '@portal/domain/purchase-orders.ts';
import { badRequest, contentTooLarge, formFieldTooLarge } from '../../platform/errors.ts';
import { findNul, nulMessage } from '../../platform/stored-text.ts';

export interface Upload {
  /** Every text field of the form, by name. */
  fields: Record<string, string>;
  /** The part named `file`, read into memory (at most 10 MB: the multipart limit of app.ts). */
  file: { bytes: Buffer; name: string } | null;
}

/**
 * Reads the purchase-order form (multipart/form-data) into memory. A file over the size limit is a
 * field error on `file`, as the form shows it; other multipart errors keep Fastify's own 4xx.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Send the purchase order form as multipart/form-data.', { file: purchaseOrderMessages.fileRequired });
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
