import type { ApiErrorBody, clientErrorCodes } from '@furniture-mart/shared';
import { messages, webMessages } from '@furniture-mart/shared';

// The codes by type only: the module that declares them also holds the catalogue of every error the
// API answers with, which no page needs in order to show itself.
type ClientErrorCodes = typeof clientErrorCodes;
const NETWORK_ERROR: ClientErrorCodes['NETWORK_ERROR'] = 'NETWORK_ERROR';
const INVALID_RESPONSE: ClientErrorCodes['INVALID_RESPONSE'] = 'INVALID_RESPONSE';

/** Every failed call surfaces as this one error type, so callers branch on status/code only. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
  }

  /** 4xx: the request itself was refused, so repeating it cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : webMessages.unexpectedError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** A plain value is sent as JSON; FormData (file uploads) is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner = (value as { error: unknown }).error;
  return (
    typeof inner === 'object' &&
    inner !== null &&
    typeof (inner as { message?: unknown }).message === 'string'
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  if (isErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    return new ApiError(status, code || `HTTP_${status}`, message, fields);
  }
  return new ApiError(status, `HTTP_${status}`, webMessages.unexpectedError);
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** How a call reaches the API: the browser's fetch, or the server's own routes while it renders a page. */
let transport: Transport = (path, init) => fetch(path, init);

/** Used only by the server-side render (src/serverRender.tsx). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await transport(path, { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (error) {
    // Cancellation is not a failure: let TanStack Query see the AbortError it expects.
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, messages.networkError);
  }

  const text = await response.text();
  const data = text ? parseJson(text) : undefined;
  if (!response.ok) throw toApiError(response.status, data);
  if (text && data === undefined) {
    throw new ApiError(response.status, INVALID_RESPONSE, webMessages.unexpectedError);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
