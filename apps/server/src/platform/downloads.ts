import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface Download {
  /** Sent between double quotes as it is: callers pass names they built or made safe themselves. */
  fileName: string;
  contentType: string;
  /** A stream is sent as it is read (chunked, no length): a file written while it is sent. */
  body: Uint8Array | string | Readable;
}

/**
 * Sends a file the browser saves rather than shows. nosniff keeps a browser from reading an uploaded
 * file as HTML or script whatever its bytes; the security headers already send it on every answer,
 * and it is repeated here so a download never depends on them. A file is private to the caller, so
 * no cache may keep it. Fastify sets the content length from a body it holds whole.
 */
export function sendDownload(reply: FastifyReply, { fileName, contentType, body }: Download): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
