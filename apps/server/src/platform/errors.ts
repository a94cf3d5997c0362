/**
 * Typed errors thrown by services. Each carries a code of the shared catalogue (errorCodes), which gives
 * its HTTP status and default sentence; one error handler (http/error-handler.ts) turns them into the
 * API's error format, so no route builds error JSON by hand.
 */
import { errorCodes, type ErrorCode, type ErrorCodeOf } from '@furniture-mart/shared';

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    public readonly code: ErrorCode,
    message: string = errorCodes[code].message,
    public readonly fields?: Record<string, string>,
    /** Sent as Retry-After: how long the client should wait before trying again. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
    this.statusCode = errorCodes[code].status;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, fields?: Record<string, string>, code: ErrorCodeOf<400> = 'BAD_REQUEST') {
    super(code, message, fields);
  }
}

export class Unauthorized extends AppError {
  constructor(message?: string, code: ErrorCodeOf<401> = 'UNAUTHORIZED') {
    super(code, message);
  }
}

export class Forbidden extends AppError {
  constructor(message?: string, code: ErrorCodeOf<403> = 'FORBIDDEN') {
    super(code, message);
  }
}

/** Also used for "exists but is not yours", so ids cannot be probed. */
export class NotFound extends AppError {
  constructor(message?: string, code: ErrorCodeOf<404> = 'NOT_FOUND') {
    super(code, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, code: ErrorCodeOf<409> = 'CONFLICT') {
    super(code, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(message: string) {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message: string, retryAfterSeconds?: number) {
    super('RATE_LIMITED', message, undefined, retryAfterSeconds);
  }
}

/** Seconds a client is asked to wait when the database is unreachable or too slow. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

export class ServiceUnavailable extends AppError {
  constructor(message?: string, retryAfterSeconds = UNAVAILABLE_RETRY_SECONDS) {
    super('UNAVAILABLE', message, undefined, retryAfterSeconds);
  }
}

/** PostgreSQL unique-violation (23505), optionally for one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = pgErrorOf(error);
  if (!cause || cause.code !== '23505') return false;
  return constraint === undefined || cause.constraint === constraint;
}

export function pgErrorOf(error: unknown): { code?: string; constraint?: string; message?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as { code: string; constraint?: string };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * Text PostgreSQL cannot store: a NUL character (22021) or one the database encoding lacks (22P05). It
 * comes from the request, so it is the client's mistake (400), not the server's.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * Connection-level failures mean the database is unreachable: answer 503, not 500. So do statements
 * stopped by statement_timeout (57014) or lock_timeout (55P03), and the driver's own query timeout:
 * the database is too slow to answer within the bound right now.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pgError = pgErrorOf(error);
  if (pgError?.code && (/^(08|57P)/.test(pgError.code) || ['57014', '55P03'].includes(pgError.code))) {
    return true;
  }
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof candidate.code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(candidate.code)
    ) {
      return true;
    }
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|connection timeout|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
