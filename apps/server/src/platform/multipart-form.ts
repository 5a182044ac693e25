import type { FastifyRequest } from 'fastify';
import { badRequest, contentTooLarge, formFieldTooLarge } from './errors.ts';
import { findNul, nulMessage } from './stored-text.ts';

export interface MultipartForm {
  /** Every text field of the form, by name (a repeated name keeps its last value). */
  fields: Record<string, string>;
  /** The part named `file`, read into memory (within the multipart limits of app.ts); null when none or empty. */
  file: { bytes: Buffer; name: string } | null;
}

/**
 * Reads a multipart/form-data form with at most one file part, named `file`, into memory. A file over
 * the size limit is a field error on `file` with the caller's message; a cut text field is a 413.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  messages: { notMultipart: string; fileTooLarge: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(messages.notMultipart);
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty part for a file input left empty: that is no file.
        if (part.fieldname === 'file' && bytes.length > 0) file = { bytes, name: part.filename };
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated || part.fieldnameTruncated) throw contentTooLarge(formFieldTooLarge);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw badRequest(messages.fileTooLarge, { file: messages.fileTooLarge });
    }
    throw error;
  }
  const nulField = findNul(fields);
  if (nulField !== null) throw badRequest('Please correct the highlighted fields.', { [nulField]: nulMessage });
  return { fields, file };
}
