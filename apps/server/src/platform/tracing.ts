/**
 * OpenTelemetry tracing, started by server.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set (and only then:
 * none of this is loaded otherwise). Spans go in batches to the collector over
 * OTLP/HTTP (`<endpoint>/v1/traces`):
 * - one per request, with its route, status and request id (http/request-spans.ts);
 * - one per database statement on PostgreSQL, a child of its request, through the pg driver's
 *   instrumentation. PGlite runs inside the process with no driver to instrument: there a request's
 *   statements are part of its own span's time;
 * - one per call to the mail relay and to the payment provider (lib/spans.ts);
 * - a request that ends in an unexpected error (a 500) has the error on its span; an exception nothing
 *   caught, or an unhandled rejection, is a span of its own marked failed, sent before the process ends.
 */
import { SpanStatusCode, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createRequire } from 'node:module';
import type { Config } from '../config.js';

export function startTracing(config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'>): {
  flush(): Promise<void>;
  shutdown(): Promise<void>;
} {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT!.replace(/\/+$/, '');
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
        scheduledDelayMillis: 1000,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  const pg = new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false });
  pg.setTracerProvider(provider);
  pg.enable();
  // The driver is patched as it is required; required again here, it is patched even if it was
  // loaded before tracing started (its module object is the one every import shares).
  createRequire(import.meta.url)('pg');

  // An exception nothing caught (an unhandled rejection becomes one) ends the process as before, with
  // its stack on stderr and exit code 1, but only once its span has been sent (or a second has passed).
  process.on('uncaughtException', (error, origin) => {
    const span = trace.getTracer('furniture-mart').startSpan(origin);
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    span.end();
    console.error(error);
    const exit = () => process.exit(1);
    setTimeout(exit, 1000).unref();
    provider.forceFlush().then(exit, exit);
  });

  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
