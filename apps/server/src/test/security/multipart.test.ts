import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentProblem } from '@portal/domain/problems/contracts.ts';
import { multipartLimits } from '../../app.ts';
import { formFieldTooLarge } from '../../platform/errors.ts';
import { nulMessage } from '../../platform/stored-text.ts';
import { createConferenceDay, createPayment, signedInUser } from '../commerce-factories.ts';
import { addMembership, createOrganization } from '../factories.ts';
import { call, type Caller, useTestApp } from '../harness.ts';
import { databaseFingerprint, changedTables } from './fingerprint.ts';

/**
 * The multipart limits of app.ts, proven through the one multipart route (the purchase-order upload):
 * every over-limit form is a 4xx problem+json, and nothing is written (no row, no stored file).
 */

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** Extra part headers, beyond Content-Disposition (and Content-Type for a file). */
  headers?: string[];
}

function multipart(parts: Part[]) {
  const boundary = `----portal-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const headers = [disposition, ...(part.filename ? ['Content-Type: application/pdf'] : []), ...(part.headers ?? [])];
    chunks.push(
      Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function awaitingPurchaseOrder() {
  const buyer = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, buyer.user.id);
  const day = await createConferenceDay(t.deps.db, 5);
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 }],
  });
  const fields: Part[] = Object.entries({
    eventPaymentId: payment.id,
    type: 'CONFERENCE_DAY',
    filename: 'District PO 2026',
    contactEmail: 'purchasing@district.test',
    contactName: 'Pat Purchasing',
    contactPhone: '5551234567',
    number: 'PO-4411',
    organizationId: organization.id,
    total: '44700',
  }).map(([name, value]) => ({ name, value }));
  return { caller: buyer.caller, fields, file: { name: 'file', value: pdf, filename: 'po.pdf' } satisfies Part };
}

function upload(caller: Caller, parts: Part[]) {
  const { body, headers } = multipart(parts);
  return call(t.app, 'POST', '/api/purchase-orders', { caller, body, headers });
}

/** Sends the form and expects a refusal of the given status in the one problem shape, with nothing written. */
async function expectRefused(caller: Caller, parts: Part[], status: number) {
  const put = vi.spyOn(t.deps.storage, 'put');
  const before = await databaseFingerprint(t.deps.db);
  const response = await upload(caller, parts);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = sentProblem.parse(response.json());
  expect(changedTables(before, await databaseFingerprint(t.deps.db))).toEqual([]);
  expect(put).not.toHaveBeenCalled();
  return problem;
}

describe('multipart limits (app.ts multipartLimits)', () => {
  it('a form within the limits is accepted (the control)', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const response = await upload(caller, [...fields, file]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('more text fields than the limit → 413 "too many fields"', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const padding = Array.from({ length: multipartLimits.fields }, (_, index) => ({
      name: `extra${index}`,
      value: 'x',
    }));
    const problem = await expectRefused(caller, [...fields, ...padding, file], 413);
    expect(problem.detail).toBe('The form has too many fields.');
  });

  it('a second file → 413 "too many files"', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const problem = await expectRefused(caller, [...fields, file, { ...file, name: 'second' }], 413);
    expect(problem.detail).toBe('The form has too many files.');
  });

  it('a text field over the field size limit → 413, never stored cut short', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const long = fields.map((part) =>
      part.name === 'contactName' ? { ...part, value: 'P'.repeat(multipartLimits.fieldSize + 1) } : part,
    );
    const problem = await expectRefused(caller, [...long, file], 413);
    expect(problem.detail).toBe(formFieldTooLarge);
  });

  it('a NUL in a text field → 400 naming the field', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const withNul = fields.map((part) => (part.name === 'number' ? { ...part, value: 'PO-\u00004411' } : part));
    const problem = await expectRefused(caller, [...withNul, file], 400);
    expect(problem.errors).toEqual({ number: nulMessage });
  });

  it('a field named after an Object prototype property → 400', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const problem = await expectRefused(caller, [{ name: '__proto__', value: 'x' }, ...fields, file], 400);
    expect(problem.detail).toBe('A form field has a name that is not allowed.');
  });

  it('a file over the size limit → 4xx problem+json, nothing stored', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const large = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(multipartLimits.fileSize), Buffer.from('\n%%EOF\n')]);
    await expectRefused(caller, [...fields, { ...file, value: large }], 400);
  });

  it('a part with more headers than the limit is read without a 5xx (busboy ignores the extra headers)', async () => {
    const { caller, fields, file } = await awaitingPurchaseOrder();
    const noisy = {
      ...file,
      headers: Array.from(
        { length: multipartLimits.headerPairs * 3 },
        (_, index) => `X-Noise-${index}: ${'n'.repeat(50)}`,
      ),
    };
    const response = await upload(caller, [...fields, noisy]);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it('a multipart body without a boundary, with an empty or over-long one, or cut off midway → 4xx problem+json', async () => {
    const { caller } = await awaitingPurchaseOrder();
    for (const request of [
      { body: 'anything', headers: { 'content-type': 'multipart/form-data' } },
      { body: 'anything', headers: { 'content-type': 'multipart/form-data; boundary=' } },
      { body: 'anything', headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` } },
      {
        body: '------x\r\nContent-Disposition: form-data; name="number"\r\n\r\nPO',
        headers: { 'content-type': 'multipart/form-data; boundary=----x' },
      },
    ]) {
      const before = await databaseFingerprint(t.deps.db);
      const response = await call(t.app, 'POST', '/api/purchase-orders', { caller, ...request });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      sentProblem.parse(response.json());
      expect(changedTables(before, await databaseFingerprint(t.deps.db))).toEqual([]);
    }
  });
});
