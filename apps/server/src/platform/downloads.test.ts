import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDownload, type Download } from './downloads.ts';

const pdfBytes = new TextEncoder().encode('%PDF-1.7 test');

const cases: { name: string; download: Download; contentLength: string; text: string }[] = [
  {
    name: 'a PDF from bytes',
    download: { fileName: 'po.pdf', contentType: 'application/pdf', body: pdfBytes },
    contentLength: String(pdfBytes.byteLength),
    text: '%PDF-1.7 test',
  },
  {
    name: 'a CSV from text, its length in bytes',
    download: { fileName: 'attendance.csv', contentType: 'text/csv; charset=utf-8', body: 'Name\r\nZoë\r\n' },
    contentLength: '12',
    text: 'Name\r\nZoë\r\n',
  },
  {
    name: 'a name with spaces, kept as given',
    download: { fileName: 'Conference map.pdf', contentType: 'application/pdf', body: pdfBytes },
    contentLength: String(pdfBytes.byteLength),
    text: '%PDF-1.7 test',
  },
];

describe('sendDownload', () => {
  const app = Fastify();
  beforeAll(async () => {
    cases.forEach(({ download }, index) =>
      app.get(`/${index}`, async (_request, reply) => sendDownload(reply, download)),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(cases.map((entry, index) => ({ ...entry, index })))(
    'sends $name as an attachment no one caches',
    async ({ index, download, contentLength, text }) => {
      const response = await app.inject({ method: 'GET', url: `/${index}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': download.contentType,
        'content-disposition': `attachment; filename="${download.fileName}"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-length': contentLength,
      });
      expect(response.body).toBe(text);
    },
  );
});
