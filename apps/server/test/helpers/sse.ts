/**
 * A Server-Sent Events client for tests: connects over HTTP with a cookie (and a Last-Event-ID), parses
 * the stream as a browser's EventSource does (event, id, data, comment lines), and hands the events out
 * one at a time or waits for them.
 */
import http from 'node:http';

export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, in order. */
  events: StreamEvent[];
  /** The first `retry:` field received (the reconnection time the server asks for). */
  retry: Promise<number>;
  /** Comment lines received so far (keep-alives). */
  comments: string[];
  /** Resolves with the next event not yet taken, or rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Waits until `count` events have arrived in all; `next` then goes on after them. */
  waitFor(count: number, timeoutMs?: number): Promise<StreamEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(
  url: string,
  {
    cookie,
    lastEventId,
    origin,
    localAddress,
  }: { cookie?: string | null; lastEventId?: string; origin?: string; localAddress?: string } = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        ...(localAddress ? { localAddress } : {}),
        agent: false,
        headers: {
          accept: 'text/event-stream',
          ...(cookie ? { cookie } : {}),
          ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
          ...(origin ? { origin } : {}),
        },
      },
      (response) => {
        const events: StreamEvent[] = [];
        const comments: string[] = [];
        let taken = 0;
        let waiters: (() => void)[] = [];
        const wake = () => {
          const now = waiters;
          waiters = [];
          for (const waiter of now) waiter();
        };
        let gotRetry: (ms: number) => void = () => {};
        const retry = new Promise<number>((done) => (gotRetry = done));
        let buffer = '';
        let current: { id: string | null; event: string; data: string[] } = {
          id: null,
          event: 'message',
          data: [],
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, newline).replace(/\r$/, '');
            buffer = buffer.slice(newline + 1);
            if (line === '') {
              if (current.data.length > 0) {
                events.push({ id: current.id, event: current.event, data: current.data.join('\n'), at: Date.now() });
                wake();
              }
              current = { id: null, event: 'message', data: [] };
            } else if (line.startsWith(':')) {
              comments.push(line.slice(1).trim());
            } else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'data') current.data.push(value);
              else if (field === 'event') current.event = value;
              else if (field === 'id') current.id = value;
              else if (field === 'retry' && /^\d+$/.test(value)) gotRetry(Number(value));
            }
          }
        });
        const ended = new Promise<void>((done) => {
          response.on('end', done);
          response.on('close', done);
        });
        const waitUntil = (ready: () => boolean, timeoutMs: number, what: string) =>
          new Promise<void>((done, fail) => {
            if (ready()) return done();
            const timer = setTimeout(() => fail(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
            const check = () => {
              if (ready()) {
                clearTimeout(timer);
                done();
              } else waiters.push(check);
            };
            waiters.push(check);
          });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          comments,
          retry,
          ended,
          async next(timeoutMs = 15_000) {
            await waitUntil(() => events.length > taken, timeoutMs, 'event');
            return events[taken++]!;
          },
          async waitFor(count, timeoutMs = 15_000) {
            await waitUntil(() => events.length >= count, timeoutMs, `${count} events`);
            taken = Math.max(taken, count);
            return events.slice(0, count);
          },
          close() {
            request.destroy();
          },
        });
      },
    );
    request.on('error', reject);
  });
}
