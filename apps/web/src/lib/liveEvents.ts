/**
 * The signed-in person's live events (`GET /api/my/events`, Server-Sent Events): one stream per tab,
 * shared by whatever listens (the unread badge, the conversation list, an open thread). It opens with
 * the first listener and closes with the last, so it is only held while a signed-in page needs it.
 *
 * A dropped stream is reconnected by the browser, which sends `Last-Event-ID` and gets every event it
 * missed. A stream the browser gives up on (the server refused it, a proxy that does not pass streams)
 * is replaced by polling: listeners are asked to read again every POLL_MS, and a new stream is tried
 * every RETRY_STREAM_MS. A new stream starts without `Last-Event-ID`, so listeners read again then too.
 */
import { useEffect, useRef } from 'react';
import { liveEventKinds, type Message, type ReadEvent } from '@furniture-mart/shared';

export type LiveEvent = { kind: 'message'; data: Message } | { kind: 'read'; data: ReadEvent };

export interface LiveListener {
  /** An event as the stream carries it. */
  onEvent?(event: LiveEvent): void;
  /** Something may have been missed (polling, or a new stream after a failed one): read again. */
  onResync?(): void;
}

export const POLL_MS = 15_000;
export const RETRY_STREAM_MS = 60_000;
const EVENTS_PATH = '/api/my/events';

type Timer = ReturnType<typeof setTimeout>;

export class LiveEventsClient {
  private readonly listeners = new Set<LiveListener>();
  private source: EventSource | null = null;
  private pollTimer: Timer | null = null;
  private retryTimer: Timer | null = null;
  /** The stream failed since it last opened: the next one that opens afresh asks listeners to resync. */
  private missedSome = false;

  constructor(private readonly makeSource: ((url: string) => EventSource) | null) {}

  get listening(): number {
    return this.listeners.size;
  }

  /** Whether events arrive through a stream right now (false: polling, or nothing to listen for). */
  get streaming(): boolean {
    return this.source !== null && this.pollTimer === null;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      if (!this.listeners.delete(listener)) return;
      if (this.listeners.size === 0) this.stop();
    };
  }

  private start(): void {
    if (this.makeSource) this.open();
    else this.startPolling();
  }

  private stop(): void {
    this.source?.close();
    this.source = null;
    this.stopPolling();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.missedSome = false;
  }

  private open(): void {
    this.retryTimer = null;
    const source = this.makeSource!(EVENTS_PATH);
    this.source = source;
    const fresh = this.missedSome;
    for (const kind of liveEventKinds) {
      source.addEventListener(kind, (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        this.emit({ kind, data } as LiveEvent);
      });
    }
    let opened = false;
    source.onopen = () => {
      this.stopPolling();
      // The browser's own reconnection sends Last-Event-ID; a stream made anew does not.
      if (!opened && fresh) this.resync();
      opened = true;
      this.missedSome = false;
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.missedSome = true;
      // Until events flow again, nothing waits longer than a poll.
      this.startPolling();
      if (source.readyState === 2 /* CLOSED: the browser will not try again */) {
        source.close();
        this.source = null;
        this.retryTimer = setTimeout(() => this.open(), RETRY_STREAM_MS);
      }
    };
  }

  private startPolling(): void {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => this.resync(), POLL_MS);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private emit(event: LiveEvent): void {
    for (const listener of [...this.listeners]) listener.onEvent?.(event);
  }

  private resync(): void {
    for (const listener of [...this.listeners]) listener.onResync?.();
  }
}

/** This tab's one client; polling only where the browser has no EventSource. */
export const liveEvents = new LiveEventsClient(
  typeof EventSource === 'undefined' ? null : (url) => new EventSource(url),
);

/**
 * Listens to the live events while `enabled` (only for a signed-in buyer or seller: the stream is
 * theirs); the latest listener is called, so it may close over the component's state.
 */
export function useLiveEvents(listener: LiveListener, enabled: boolean): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return;
    return liveEvents.subscribe({
      onEvent: (event) => latest.current.onEvent?.(event),
      onResync: () => latest.current.onResync?.(),
    });
  }, [enabled]);
}
