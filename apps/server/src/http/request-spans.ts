/**
 * One span per request when tracing is on (platform/tracing.ts): named for its method and route, with
 * the status it answered and the request id (the `reqId` of its log lines, and the `x-request-id` answer
 * header), active for everything the request does, so the database statements, mail and payment calls
 * made for it are its children. A request that fails with an unexpected error carries the error.
 * The request's log lines carry the trace id, so logs and traces find each other both ways.
 */
import { SpanKind, SpanStatusCode, context, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { tracer } from '../lib/spans.js';

const spans = new WeakMap<object, Span>();

export function registerRequestSpans(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(`${request.method} ${route}`, {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': request.method,
        'http.route': route,
        'url.path': request.url.split('?')[0],
        'request.id': request.id,
      },
    });
    spans.set(request, span);
    request.log = request.log.child({ traceId: span.spanContext().traceId });
    // Everything after this hook (other hooks, the handler) runs with the span as the active one.
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onError', async (request, _reply, error) => {
    const span = spans.get(request);
    // Errors with a status below 500 are answers (not found, not allowed), not failures.
    const status = (error as { statusCode?: number }).statusCode;
    if (!span || (status !== undefined && status < 500)) return;
    span.recordException(error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}
