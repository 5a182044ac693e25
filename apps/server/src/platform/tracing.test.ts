import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { call, useTestApp } from '../test/harness.ts';
import { requestIdAttribute, startTracing } from './tracing.ts';

/** An OTLP/JSON attribute, as the exporter sends it. */
interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}

interface ExportedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Attribute[];
  serviceName: string | undefined;
  scope: string;
}

interface TracesRequest {
  resourceSpans: {
    resource: { attributes: Attribute[] };
    scopeSpans: { scope: { name: string }; spans: Omit<ExportedSpan, 'serviceName' | 'scope'>[] }[];
  }[];
}

const spanKind = { server: 2, client: 3 };

/** A collector on 127.0.0.1: keeps the spans posted to /v1/traces. */
async function otlpReceiver() {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(request.url ?? '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TracesRequest;
      for (const { resource, scopeSpans } of body.resourceSpans) {
        const serviceName = stringAttribute(resource.attributes, 'service.name');
        for (const { scope, spans: posted } of scopeSpans)
          for (const span of posted) spans.push({ ...span, serviceName, scope: scope.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function stringAttribute(attributes: Attribute[], key: string): string | undefined {
  return attributes.find((attribute) => attribute.key === key)?.value.stringValue;
}

const receiver = await otlpReceiver();
afterAll(() => receiver.close());

const traced = useTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'portal-under-test' });
const untraced = useTestApp();

const onPostgres = loadConfig().database.kind === 'postgres';

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('exports a server span per request, named by its route pattern and carrying the request id', async () => {
    const requestId = 'trace-test-organization-lookup';
    const url = '/api/organizations/00000000-0000-4000-8000-000000000000';
    const response = await call(traced.app, 'GET', `${url}?token=not-for-the-collector`, {
      headers: { 'x-request-id': requestId },
    });
    expect(response.headers['x-request-id']).toBe(requestId);
    await traced.tracing?.flush();

    expect(receiver.paths).toContain('/v1/traces');
    const server = receiver.spans.find((span) => stringAttribute(span.attributes, requestIdAttribute) === requestId);
    expect(server).toMatchObject({
      name: 'GET /api/organizations/:organizationId',
      kind: spanKind.server,
      serviceName: 'portal-under-test',
      scope: '@fastify/otel',
    });
    expect(stringAttribute(server!.attributes, 'http.route')).toBe('/api/organizations/:organizationId');
    expect(stringAttribute(server!.attributes, 'url.path')).toBe(url);
    expect(JSON.stringify(receiver.spans)).not.toContain('not-for-the-collector');
    // The URL's own values (here an id) stay out of the span's name.
    expect(server!.name).not.toContain('00000000');
  });

  // node-postgres is PostgreSQL's driver: the embedded database (PGlite) makes no such span.
  it.runIf(onPostgres)('exports the request’s PostgreSQL queries as its descendants', async () => {
    const requestId = 'trace-test-readiness';
    expect((await call(traced.app, 'GET', '/api/health', { headers: { 'x-request-id': requestId } })).statusCode).toBe(
      200,
    );
    await traced.tracing?.flush();
    const server = receiver.spans.find((span) => stringAttribute(span.attributes, requestIdAttribute) === requestId);
    expect(server?.kind).toBe(spanKind.server);
    const queries = receiver.spans.filter(
      (span) => span.traceId === server!.traceId && span.scope === '@opentelemetry/instrumentation-pg',
    );
    expect(queries.map((span) => span.kind)).toContain(spanKind.client);
    expect(queries.some((span) => /select 1/i.test(JSON.stringify(span.attributes)))).toBe(true);
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('starts nothing', async () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined }).tracing).toBeNull();
    expect(await startTracing(null)).toBeNull();
    expect(untraced.tracing).toBeNull();
  });

  it('exports no span of its requests', async () => {
    const requestId = 'trace-test-untraced';
    expect(
      (await call(untraced.app, 'GET', '/api/health', { headers: { 'x-request-id': requestId } })).statusCode,
    ).toBe(200);
    await traced.tracing?.flush();
    expect(receiver.spans.filter((span) => stringAttribute(span.attributes, requestIdAttribute) === requestId)).toEqual(
      [],
    );
  });
});
