/**
 * Live events: what happens for a person (a message to them or from them, a message read) reaches
 * every event stream they hold, on whichever instance holds it.
 *
 * An event is a row of `user_events`, numbered per person, written in the transaction of what it tells.
 * Its number goes out through the change feed (`<userId>:<seq>`, LISTEN/NOTIFY) as that transaction
 * commits; each instance that holds a stream of that person reads the events after the last number the
 * stream sent and writes them, in order. A stream that reconnects with `Last-Event-ID` is sent
 * everything after that number first. Nothing is kept in memory but the streams: an instance that
 * stops hearing the feed asks the database every few seconds until it hears it again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { LiveEventKind } from '@furniture-mart/shared';
import type { Db, Tx } from '../../platform/db/client.js';
import { announce, channels, type ChangeFeed } from '../../platform/db/change-feed.js';
import { rowsOf } from '../../platform/db/queue.js';
import { eventCounters, userEvents } from '../../platform/db/schema.js';
import { messagesByIds } from './conversations.queries.js';

/** Writes one event for each person, numbered after their last, announced when the transaction commits. */
export async function recordEvent(
  tx: Tx,
  userIds: string[],
  event: { kind: LiveEventKind; actorId: string; conversationId: string; messageId: string },
): Promise<void> {
  // One person's counter row stays locked to the end of the transaction, so their events commit in
  // the order of their numbers; people in a fixed order, so two transactions never wait on each other.
  for (const userId of [...new Set(userIds)].sort()) {
    const [counter] = await tx
      .insert(eventCounters)
      .values({ userId, lastSeq: 1 })
      .onConflictDoUpdate({
        target: eventCounters.userId,
        set: { lastSeq: sql`${eventCounters.lastSeq} + 1` },
      })
      .returning({ seq: eventCounters.lastSeq });
    await tx.insert(userEvents).values({ userId, seq: counter!.seq, ...event });
    await announce(tx, channels.events, `${userId}:${counter!.seq}`);
  }
}

/** One event as a stream writes it. */
export interface LiveEvent {
  id: string;
  event: LiveEventKind;
  data: unknown;
}

/** Where a stream's events go, and how it is ended. */
export interface EventSink {
  /** Resolves once written (or buffered); rejects when the connection is gone. */
  send(event: LiveEvent): Promise<void>;
  /** A comment line that keeps proxies from closing an idle connection. */
  ping(): void;
  close(): void;
  /** Whether the person behind it is still signed in (session not ended, account not removed). */
  stillSignedIn(): Promise<boolean>;
}

interface Stream {
  userId: string;
  /** The number of the last event sent; null until it is known (pulls wait for it). */
  cursor: number | null;
  sink: EventSink;
  pulling: boolean;
  again: boolean;
  closed: boolean;
}

const BATCH = 200;

export interface LiveEventsOptions {
  /** Comment line and session check on every stream this often (at most 25 s apart). */
  pingMs?: number;
  /** Asking the database for every stream's events this often while the feed is not heard. */
  pollMs?: number;
}

export class LiveEvents {
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly reading = new Map<string, Promise<{ seq: number; event: LiveEvent | null }[]>>();
  private readonly stops: (() => void)[] = [];
  private readonly pingTimer: NodeJS.Timeout;
  private pollTimer: NodeJS.Timeout | null = null;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
    options: LiveEventsOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 3000;
    this.stops.push(
      feed.subscribe(channels.events, (payload) => {
        const userId = payload.slice(0, payload.indexOf(':'));
        for (const stream of this.streams.get(userId) ?? []) this.pull(stream);
      }),
      // A session ended or an account changed: streams whose session is gone end now.
      feed.subscribe(channels.sessions, (userId) => this.checkSessions(userId)),
      feed.onListening((up) => this.listening(up)),
    );
    if (!feed.listening()) this.listening(false);
    this.pingTimer = setInterval(() => this.pingAll(), options.pingMs ?? 20_000);
    this.pingTimer.unref();
  }

  /** Streams held by this instance now. */
  get size(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  /** Streams this instance holds for one person. */
  heldBy(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  /**
   * Holds a stream for the person: after `lastEventId` (a reconnect) it is first sent every event
   * after that number; without one, only what happens from now on.
   */
  async open(userId: string, lastEventId: number | null, sink: EventSink): Promise<() => void> {
    const stream: Stream = { userId, cursor: null, sink, pulling: false, again: false, closed: false };
    // Held before the cursor is read, so an event that commits in between is pulled, not missed.
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    const [counter] = rowsOf<{ seq: number | string }>(
      await this.db.execute(sql`select last_seq as seq from event_counters where user_id = ${userId}`),
    );
    const last = Number(counter?.seq ?? 0);
    stream.cursor = lastEventId === null ? last : Math.min(lastEventId, last);
    stream.again = false;
    this.pull(stream);
    return () => this.drop(stream);
  }

  async close(): Promise<void> {
    clearInterval(this.pingTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const stop of this.stops) stop();
    for (const set of this.streams.values()) for (const stream of set) this.end(stream);
    this.streams.clear();
  }

  private drop(stream: Stream): void {
    stream.closed = true;
    const set = this.streams.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.streams.delete(stream.userId);
  }

  private end(stream: Stream): void {
    this.drop(stream);
    stream.sink.close();
  }

  /** Sends the stream every event after its cursor; asked again while it runs, it runs once more. */
  private pull(stream: Stream): void {
    if (stream.closed) return;
    if (stream.pulling || stream.cursor === null) {
      stream.again = true;
      return;
    }
    stream.pulling = true;
    void this.drain(stream)
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'live events: a stream could not be sent its events; it ends');
        this.end(stream);
      })
      .finally(() => {
        stream.pulling = false;
      });
  }

  private async drain(stream: Stream): Promise<void> {
    do {
      stream.again = false;
      let batch: { seq: number; event: LiveEvent | null }[];
      do {
        batch = await this.readShared(stream.userId, stream.cursor!);
        for (const { seq, event } of batch) {
          if (stream.closed) return;
          if (event) await stream.sink.send(event);
          stream.cursor = seq;
        }
      } while (batch.length === BATCH);
    } while (stream.again && !stream.closed);
  }

  /** One read for every stream of a person at the same place (tabs of one person), while it runs. */
  private readShared(userId: string, cursor: number): ReturnType<LiveEvents['eventsAfter']> {
    const key = `${userId}:${cursor}`;
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.eventsAfter(userId, cursor).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  /**
   * The person's events after `cursor`, oldest first, with what they carry. Messages from someone
   * the person has blocked are left out (null: their number still passes).
   */
  private async eventsAfter(
    userId: string,
    cursor: number,
  ): Promise<{ seq: number; event: LiveEvent | null }[]> {
    const rows = rowsOf<{
      seq: number | string;
      kind: LiveEventKind;
      actor_id: string;
      conversation_id: string;
      message_id: string;
      blocked: boolean;
    }>(
      await this.db.execute(sql`
        select e.seq, e.kind, e.actor_id, e.conversation_id, e.message_id,
          exists (select 1 from user_blocks b where b.blocker_id = e.user_id and b.blocked_id = e.actor_id)
            as blocked
        from ${userEvents} e
        where e.user_id = ${userId} and e.seq > ${cursor}
        order by e.seq
        limit ${BATCH}`),
    );
    const messages = await messagesByIds(
      this.db,
      rows.filter((row) => row.kind === 'message' && !row.blocked).map((row) => row.message_id),
    );
    return rows.map((row) => {
      const seq = Number(row.seq);
      const id = String(seq);
      if (row.kind === 'read') {
        const data = { conversationId: row.conversation_id, readerId: row.actor_id, upTo: row.message_id };
        return { seq, event: { id, event: 'read', data } };
      }
      const message = row.blocked ? undefined : messages.get(row.message_id);
      return { seq, event: message ? { id, event: 'message', data: message } : null };
    });
  }

  private checkSessions(userId: string): void {
    for (const stream of this.streams.get(userId) ?? []) {
      void stream.sink
        .stillSignedIn()
        .then((signedIn) => {
          if (!signedIn) this.end(stream);
        })
        .catch(() => {});
    }
  }

  private pingAll(): void {
    for (const set of this.streams.values()) {
      for (const stream of set) {
        stream.sink.ping();
        // Also catches a session that simply ran out.
        void stream.sink
          .stillSignedIn()
          .then((signedIn) => {
            if (!signedIn) this.end(stream);
          })
          .catch(() => {});
      }
    }
  }

  private listening(up: boolean): void {
    if (up) {
      if (this.pollTimer) clearInterval(this.pollTimer);
      this.pollTimer = null;
      this.pullAll();
    } else if (!this.pollTimer) {
      this.pollTimer = setInterval(() => this.pullAll(), this.pollMs);
      this.pollTimer.unref();
    }
  }

  private pullAll(): void {
    for (const set of this.streams.values()) for (const stream of set) this.pull(stream);
  }
}
