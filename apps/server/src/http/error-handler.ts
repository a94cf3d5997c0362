/**
 * The one place where failures become HTTP answers in the format
 * {"error": {"code", "message", "fields"?}}. 5xx answers never carry internal detail.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, errorMessages, messages, type ErrorCode } from '@furniture-mart/shared';
import {
  AppError,
  UNAVAILABLE_RETRY_SECONDS,
  isDatabaseUnavailable,
  isUnstorableText,
} from '../platform/errors.js';
import { isPageAddress } from './canonical-path.js';

/** The API's error body for a catalogue code: its default sentence unless one is given. */
const errorBody = (code: ErrorCode, message: string = errorCodes[code].message) => ({
  error: { code, message },
});

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path =
          (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
          error.validationContext ||
          'body';
        if (!fields[path]) fields[path] = issue.message ?? messages.invalidValue;
      }
      return reply.status(errorCodes.VALIDATION_FAILED.status).send({
        error: { code: 'VALIDATION_FAILED', message: errorCodes.VALIDATION_FAILED.message, fields },
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
      return reply.status(errorCodes.INVALID_TEXT.status).send(errorBody('INVALID_TEXT'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(errorCodes.UNAVAILABLE.status)
        .header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
        .send(errorBody('UNAVAILABLE'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: { code: clientErrorCode(status, error), message: clientErrorMessage(status, error) },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(errorCodes.INTERNAL.status).send(errorBody('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (isPageAddress(request.method, pathname) && typeof reply.sendAppPage === 'function') {
      // The web app's pages, and its own Page Not Found (404) for any other page address.
      return reply.sendAppPage();
    }
    return reply
      .status(errorCodes.NOT_FOUND.status)
      .send(errorBody('NOT_FOUND', errorMessages.noRoute(request.method, pathname)));
  });
}

/**
 * Fastify's router answers some requests before any hook or handler runs: a path that is not valid
 * percent-encoding, or a path parameter longer than the router allows. Passed to Fastify as
 * `frameworkErrors`, so those answers are in the API's format too (and do not echo the path back).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_URL';
  void reply.status(errorCodes[code].status).send(errorBody(code));
}

/** Codes of the catalogue for the statuses Fastify itself answers with; others keep their own code. */
const frameworkStatusCodes: Partial<Record<number, ErrorCode>> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function clientErrorCode(status: number, error: FastifyError): string {
  const known = frameworkStatusCodes[status];
  if (known) return known;
  return error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
}

/** Framework messages for client errors are safe and useful (bad JSON, too large); keep them short. */
function clientErrorMessage(status: number, error: FastifyError): string {
  if (status === 413) return errorCodes.PAYLOAD_TOO_LARGE.message;
  if (status === 415) return errorCodes.UNSUPPORTED_MEDIA_TYPE.message;
  if (status === 429) return error.message || errorCodes.RATE_LIMITED.message;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return errorMessages.invalidJson;
  }
  return error.message.split('\n')[0]!.slice(0, 200);
}
