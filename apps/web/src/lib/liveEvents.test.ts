import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveEventsClient, POLL_MS, RETRY_STREAM_MS, type LiveEvent } from './liveEvents';

/** Just enough of EventSource to drive the client: events, open, error and closing. */
class FakeSource {
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly handlers = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(kind: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), handler]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  deliver(kind: string, data: unknown) {
    for (const handler of this.handlers.get(kind) ?? []) {
      handler({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  }
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? 2 : 0;
    this.onerror?.();
  }
}

describe('LiveEventsClient', () => {
  let sources: FakeSource[];
  let client: LiveEventsClient;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    client = new LiveEventsClient((url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    });
  });
  afterEach(() => vi.useRealTimers());

  it('holds one stream however many listen, and closes it with the last', () => {
    const stopA = client.subscribe({});
    const stopB = client.subscribe({});
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/api/my/events');
    stopA();
    expect(sources[0]!.closed).toBe(false);
    stopB();
    expect(sources[0]!.closed).toBe(true);
    expect(client.listening).toBe(0);
  });

  it('hands every listener the events of the kinds the stream carries', () => {
    const seen: LiveEvent[][] = [[], []];
    client.subscribe({ onEvent: (event) => seen[0]!.push(event) });
    client.subscribe({ onEvent: (event) => seen[1]!.push(event) });
    sources[0]!.open();
    sources[0]!.deliver('message', { id: 'm1' });
    sources[0]!.deliver('read', { upTo: 'm1' });
    sources[0]!.deliver('other', { ignored: true });
    for (const events of seen) {
      expect(events).toEqual([
        { kind: 'message', data: { id: 'm1' } },
        { kind: 'read', data: { upTo: 'm1' } },
      ]);
    }
  });

  it('polls while the browser reconnects, and stops once the stream is back', () => {
    const resync = vi.fn();
    client.subscribe({ onResync: resync });
    sources[0]!.open();
    sources[0]!.fail(false);
    vi.advanceTimersByTime(POLL_MS);
    expect(resync).toHaveBeenCalledTimes(1);
    // The browser's own reconnection resumes with Last-Event-ID: nothing to read again.
    sources[0]!.open();
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(resync).toHaveBeenCalledTimes(1);
    expect(client.streaming).toBe(true);
  });

  it('falls back to polling when the browser gives up, then tries a new stream and reads again', () => {
    const resync = vi.fn();
    client.subscribe({ onResync: resync });
    sources[0]!.fail(true);
    expect(client.streaming).toBe(false);
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(resync).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(RETRY_STREAM_MS - POLL_MS * 2);
    expect(sources).toHaveLength(2);
    const calls = resync.mock.calls.length;
    sources[1]!.open();
    // The new stream starts without Last-Event-ID: listeners read what they may have missed.
    expect(resync).toHaveBeenCalledTimes(calls + 1);
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(resync).toHaveBeenCalledTimes(calls + 1);
  });

  it('polls where the browser has no EventSource', () => {
    const polling = new LiveEventsClient(null);
    const resync = vi.fn();
    const stop = polling.subscribe({ onResync: resync });
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(resync).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(resync).toHaveBeenCalledTimes(2);
  });
});
