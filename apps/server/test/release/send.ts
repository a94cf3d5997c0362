/** Sends a policy request as one actor, and the checks every answer of the API must pass. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_ORIGIN } from '../helpers/app.js';
import type { PolicyRequest } from './policy.js';
import type { Actor, World } from './world.js';

export function send(
  world: World,
  actor: Actor,
  request: PolicyRequest,
  cookieOverride?: string | null,
): Promise<LightMyRequestResponse> {
  const cookie =
    cookieOverride !== undefined
      ? cookieOverride
      : request.cookie !== undefined
        ? request.cookie
        : world.client(actor).cookie;
  const json = request.body !== undefined && request.payload === undefined;
  if (request.stream) return sendStream(world, request, cookie);
  return world.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(request.payload !== undefined
      ? { payload: request.payload }
      : json
        ? { payload: JSON.stringify(request.body) }
        : {}),
  });
}

/**
 * An event stream never ends by itself: its answer is taken once the headers arrive, and its body read
 * only when it is refused (an error ends it); an accepted stream is cut off.
 */
async function sendStream(
  world: World,
  request: PolicyRequest,
  cookie: string | null | undefined,
): Promise<LightMyRequestResponse> {
  const controller = new AbortController();
  const response = await world.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      origin: TEST_ORIGIN,
      accept: 'text/event-stream',
      ...(cookie ? { cookie } : {}),
      ...request.headers,
    },
    payloadAsStream: true,
    signal: controller.signal,
  });
  let body = '';
  if (response.statusCode >= 300 || request.method === 'HEAD') {
    for await (const chunk of response.stream()) body += String(chunk);
  } else {
    controller.abort();
    response.stream().on('error', () => {});
  }
  return Object.assign(Object.create(response) as LightMyRequestResponse, {
    body,
    payload: body,
    json: () => JSON.parse(body) as unknown,
  });
}

/** The API's error format: {"error": {"code": string, "message": string, "fields"?: {string: string}}}. */
export function errorFormatProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'the body is not an object';
  const keys = Object.keys(parsed);
  if (keys.length !== 1 || keys[0] !== 'error') return `top-level keys are ${JSON.stringify(keys)}`;
  const error = (parsed as { error: unknown }).error;
  if (!error || typeof error !== 'object' || Array.isArray(error)) return '"error" is not an object';
  const { code, message, fields, ...rest } = error as Record<string, unknown>;
  if (typeof code !== 'string' || code === '') return '"code" is not a non-empty string';
  if (typeof message !== 'string' || message === '') return '"message" is not a non-empty string';
  if (Object.keys(rest).length > 0) return `unexpected keys in "error": ${Object.keys(rest).join(', ')}`;
  if (fields !== undefined) {
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return '"fields" is not an object';
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value !== 'string') return `fields.${key} is not a string`;
    }
  }
  return null;
}

/**
 * Internal detail that must never reach a client: stack frames, source or dependency paths, compiled file
 * positions. ("at " alone is ordinary English, as in "at most 100"; a stack frame is "at name (file:1:2)",
 * "at /path/file.js:1:2" or an indented "at " line.)
 */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\bat [^\s()]+ \([^)]*:\d+:\d+\)|\n\s+at \S|\bat (?:file:|node:|\/)\S*:\d+/],
  ['a source path', /\/src\//],
  ['node_modules', /node_modules/],
  ['a TypeScript file position', /\.ts:\d/],
  ['a JavaScript file position', /\.[cm]?js:\d+:\d+/],
  ['a file URL', /file:\/\//],
];

export function leakIn(text: string): string | null {
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) return what;
  return null;
}

/** What is wrong with an answer by the API's rules (no 5xx, errors in the format, no internals); null if nothing. */
export function problemOf(response: LightMyRequestResponse, method = 'GET'): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  const leak = leakIn(response.body) ?? leakIn(JSON.stringify(response.headers));
  if (leak) return `${leak} in the answer`;
  if (response.statusCode >= 400 && method !== 'HEAD') {
    const problem = errorFormatProblem(response.body);
    if (problem) return `a ${response.statusCode} not in the error format (${problem})`;
  }
  return null;
}

/** Fails with the request and answer when an answer breaks the API's rules for errors. */
export function expectWellFormed(response: LightMyRequestResponse, label: string, method = 'GET'): void {
  const problem = problemOf(response, method);
  expect(problem, `${label}: ${problem}: ${response.statusCode} ${response.body.slice(0, 500)}`).toBeNull();
}
