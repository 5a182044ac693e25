import type { FastifyPluginCallback } from 'fastify';
import pg from 'pg';

/**
 * OpenTelemetry traces, sent over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set: a server
 * span per request (@fastify/otel), named by method and route pattern and carrying the request id, with
 * a span per PostgreSQL query beneath it (@opentelemetry/instrumentation-pg).
 *
 * Nothing here depends on the order modules load in: the built server (build.mjs) is one bundle whose
 * package imports all run before its first line, so a require hook would come too late. @fastify/otel
 * is a plugin buildApp registers, and node-postgres' Client and Pool are patched here, on the classes
 * the database pool uses. The packages are imported only when tracing starts, so a server without the
 * variable loads none of them (docs/decisions/0141-opentelemetry-traces.md; why by hand: 0152).
 */

export interface TracingSettings {
  /** The collector's base URL; traces go to its /v1/traces, as the OTLP specification has it. */
  endpoint: string;
  serviceName: string;
}

export interface Tracing {
  /** Registered by buildApp before anything else, so every hook and handler runs inside the request's span. */
  plugin: FastifyPluginCallback;
  /** Sends the spans still buffered (a test waits for them). */
  flush(): Promise<void>;
  /** Sends what is buffered and undoes every patch and global registration. */
  shutdown(): Promise<void>;
}

/** The attribute that carries the request id (x-request-id), the one in the log lines and the answer. */
export const requestIdAttribute = 'http.request.id';

export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/** Starts tracing when settings are given; null (and nothing loaded) otherwise. */
export async function startTracing(settings: TracingSettings | null): Promise<Tracing | null> {
  if (!settings) return null;
  const [
    api,
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    resources,
    { PgInstrumentation },
    otel,
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ 'service.name': settings.serviceName })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(settings.endpoint) }))],
  });
  // The global context manager carries the request's span across awaits to the queries it makes.
  provider.register();

  const fastify = new otel.FastifyOtelInstrumentation({
    requestHook: (span, request) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? ''}`.trim());
      span.setAttribute(requestIdAttribute, request.id);
      // Query strings can hold one-time tokens (/auth/reset-password?token=…), as in the log lines: the path only.
      span.setAttribute('url.path', request.url.split('?')[0] ?? '');
    },
  });
  fastify.setTracerProvider(provider);

  // Disabled: it would hook require() for modules loaded long ago; its patches are applied by hand below.
  // Queries outside a request (the job queue's poll every second, migrations) would each be a trace of
  // their own: only a request's queries are traced.
  const queries = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  queries.setTracerProvider(provider);
  // pg.Pool extends pg-pool's Pool, whose connect() the instrumentation wraps.
  const patched = { pg, 'pg-pool': Object.getPrototypeOf(pg.Pool) as unknown };
  const definitions = queries.getModuleDefinitions().filter((definition) => definition.name in patched);
  const exportsOf = (name: string) => patched[name as keyof typeof patched];
  for (const definition of definitions) definition.patch?.(exportsOf(definition.name));

  return {
    plugin: fastify.plugin(),
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      for (const definition of definitions) definition.unpatch?.(exportsOf(definition.name));
      fastify.disable();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
