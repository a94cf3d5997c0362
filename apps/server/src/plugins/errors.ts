/**
 * The one place where failures become HTTP answers in the format
 * {"error": {"code", "message", "fields"?}}. 5xx answers never carry internal detail.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, UNAVAILABLE_RETRY_SECONDS, isDatabaseUnavailable, isUnstorableText } from '../lib/errors.js';

export const INVALID_TEXT_MESSAGE = 'Some of the text you sent contains characters that cannot be stored.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path =
          (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
          error.validationContext ||
          'body';
        if (!fields[path]) fields[path] = issue.message ?? 'Invalid value.';
      }
      return reply.status(400).send({
        error: { code: 'VALIDATION_FAILED', message: 'Some fields need your attention.', fields },
      });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({
        error: { code: 'INVALID_TEXT', message: INVALID_TEXT_MESSAGE },
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_SECONDS)).send({
        error: {
          code: 'UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        },
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: { code: clientErrorCode(status, error), message: clientErrorMessage(status, error) },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage =
      ['GET', 'HEAD'].includes(request.method) &&
      !/^\/(api|assets|media)(\/|$)/.test(pathname) &&
      typeof reply.sendAppPage === 'function';
    if (isPage) {
      // Client-side routes: the web app decides what to show, including its own Page Not Found.
      return reply.sendAppPage();
    }
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}.` },
    });
  });
}

/**
 * Fastify's router answers some requests before any hook or handler runs: a path that is not valid
 * percent-encoding, or a path parameter longer than the router allows. Passed to Fastify as
 * `frameworkErrors`, so those answers are in the API's format too (and do not echo the path back).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(tooLong ? 414 : 400).send({
    error: tooLong
      ? { code: 'URI_TOO_LONG', message: 'The address is too long.' }
      : { code: 'BAD_URL', message: 'The address is not valid.' },
  });
}

function clientErrorCode(status: number, error: FastifyError): string {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
}

/** Framework messages for client errors are safe and useful (bad JSON, too large); keep them short. */
function clientErrorMessage(status: number, error: FastifyError): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'This content type is not supported.';
  if (status === 429) return error.message || 'Too many requests. Please slow down.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'The request body is not valid JSON.';
  }
  return error.message.split('\n')[0]!.slice(0, 200);
}
