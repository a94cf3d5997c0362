/**
 * Where the server's log lines go (standard output), written without ever blocking the process. A
 * synchronous write to a pipe that nobody reads blocks as soon as the pipe is full: every request, the
 * shutdown and its deadline would then wait for a reader that may never come. Here lines wait in memory,
 * up to a limit past which new lines are counted and dropped, and are written in the background.
 *
 * Not pino's own asynchronous destination (`pino.destination({ sync: false })`, sonic-boom): it bounds
 * its buffer too, but it ends by writing what is left synchronously when the process exits (and its
 * `flushSync()` waits out a full pipe), so a reader that stopped reading would hold the exit; here the
 * last lines get a bounded time (`flush(ms)`) and are dropped after it.
 *
 * Lines are gathered for a few milliseconds and written together: a write of its own for each line
 * (one per request at the default level) cost a trip through libuv's threads each, about a fifth of a
 * small answer's time.
 */
import { write } from 'node:fs';

/** How long a line may wait for others to be written with, and how many bytes are written at once. */
const GATHER_MS = 20;
const GATHER_BYTES = 64 * 1024;

export class LogDestination {
  private queue: string[] = [];
  private queuedBytes = 0;
  private writing = false;
  private gathering: NodeJS.Timeout | null = null;
  private idle: (() => void)[] = [];
  /** Lines dropped because the reader fell behind by more than the limit. */
  dropped = 0;

  constructor(
    private readonly fd = 1,
    private readonly maxQueuedBytes = 8 * 1024 * 1024,
  ) {}

  /** Called by the logger with one line. */
  write(line: string): boolean {
    if (this.queuedBytes + line.length > this.maxQueuedBytes) {
      this.dropped += 1;
      return true;
    }
    this.queue.push(line);
    this.queuedBytes += line.length;
    if (this.writing) return true;
    if (this.queuedBytes >= GATHER_BYTES) this.pump();
    else if (!this.gathering) {
      this.gathering = setTimeout(() => this.pump(), GATHER_MS);
      this.gathering.unref();
    }
    return true;
  }

  /** Resolves once everything queued is written, or after `ms`, whichever comes first. */
  flush(ms: number): Promise<void> {
    if (this.gathering) this.pump();
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private pump(): void {
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    if (this.queue.length === 0) {
      this.writing = false;
      for (const done of this.idle.splice(0)) done();
      return;
    }
    this.writing = true;
    const chunk = Buffer.from(this.queue.join(''));
    this.queue = [];
    this.queuedBytes = 0;
    this.send(chunk);
  }

  private send(chunk: Buffer): void {
    write(this.fd, chunk, 0, chunk.length, null, (error, written) => {
      if (error) {
        // A full non-blocking pipe: try again shortly. Anything else: the lines are lost.
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.send(chunk), 50).unref();
          return;
        }
        this.pump();
        return;
      }
      if (written < chunk.length) this.send(chunk.subarray(written));
      else this.pump();
    });
  }
}
