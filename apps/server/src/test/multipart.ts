import { randomUUID } from 'node:crypto';

/** A PDF as small as one can be and still be one (looksLikePdf reads its head and its %%EOF). */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export interface FilePart {
  name: string;
  bytes: Buffer;
  type?: string;
}

/**
 * A multipart/form-data body as a browser's FormData sends it: the fields, then the file. Fields as
 * pairs may repeat a name; a fixed `boundary` keeps a body the same from run to run (the fuzz's seed).
 */
export function multipartBody(
  fields: Record<string, string> | readonly (readonly [string, string])[],
  file?: FilePart,
  boundary = `----portal-${randomUUID()}`,
) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
