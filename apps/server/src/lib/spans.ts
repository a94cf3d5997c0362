/**
 * Spans through OpenTelemetry's API alone (no SDK): they are recorded and exported only when tracing
 * has started (platform/tracing.ts, OTEL_EXPORTER_OTLP_ENDPOINT); otherwise every call here is a no-op.
 */
import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

export const tracer = trace.getTracer('furniture-mart');

/** Runs `task` inside a span of its own (a child of the current one); an error ends it as failed. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  task: () => Promise<T>,
  kind: SpanKind = SpanKind.CLIENT,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await task();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * The same object with each of `methods` run in a span named `<prefix>.<method>`: calls to the mail
 * relay or the payment provider, seen in a request's trace.
 */
export function withSpans<T extends object>(
  target: T,
  prefix: string,
  methods: readonly (keyof T & string)[],
  attributes: Attributes = {},
): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || !methods.includes(property as keyof T & string)) return value;
      return (...args: unknown[]) =>
        inSpan(`${prefix}.${String(property)}`, attributes, async () =>
          (value as (...a: unknown[]) => unknown).apply(object, args),
        );
    },
  });
}
