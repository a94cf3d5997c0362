/**
 * A background job run every few seconds (mail, refund retries, handoff auto-completion). One run at a
 * time per process; several processes are safe because each job claims its rows in the database (FOR
 * UPDATE SKIP LOCKED, or a conditional UPDATE). stop() waits for the run in progress.
 */
import type { FastifyBaseLogger } from 'fastify';

export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly task: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    /** Told of every run and whether it threw (metrics). */
    private readonly onRun: (name: string, failed: boolean) => void = () => {},
    /** The first run, after start. */
    private readonly firstDelayMs = 0,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.firstDelayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.task()
        .then(
          () => this.onRun(this.name, false),
          (error: unknown) => {
            this.onRun(this.name, true);
            this.log.error({ err: error, job: this.name }, 'background job failed');
          },
        )
        .finally(() => {
          this.running = null;
          this.schedule(this.intervalMs);
        });
    }, delay);
    this.timer.unref();
  }
}

/** Wait before the next try: 30 s, 1 min, 2 min, ... up to one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}
