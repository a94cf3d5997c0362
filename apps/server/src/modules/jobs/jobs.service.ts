/**
 * The background jobs' queues as an operator sees them (the mail outbox and refunds): how much waits
 * and since when, which jobs failed for good or are stuck, and a retry for each. Read by the admin
 * overview, `npm run jobs`, /api/ready and /metrics.
 *
 * A retry puts a failed or stuck job back in its queue, due now, with its attempts counted from zero
 * and its last error kept until the next try. A job a worker holds right now (its lease running) is
 * left alone. A refund keeps its row and so its idempotency key: the provider refunds a payment at most
 * once, however often it is retried.
 */
import { jobMessages, type JobBacklog, type JobKind, type JobRow } from '@furniture-mart/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/queue.js';
import { auditLog, mailOutbox, refunds } from '../../platform/db/schema.js';
import { Conflict, NotFound } from '../../platform/errors.js';

const tables = { mail: mailOutbox, refund: refunds } as const;

/** What a job is, in a line: a message's subject and recipient, a refund's amount and reason. */
const summaries: Record<JobKind, SQL> = {
  mail: sql`${mailOutbox.subject} || ' (to ' || ${mailOutbox.toAddress} || ')'`,
  refund: sql`${refunds.currency} || ' ' || (${refunds.amountCents}::numeric / 100)::text || ': ' || ${refunds.reason}`,
};

export class JobsService {
  constructor(private readonly deps: { db: Db; config: Pick<Config, 'JOB_STUCK_MINUTES'> }) {}

  private get stuckAfter(): SQL {
    return sql`make_interval(mins => ${this.deps.config.JOB_STUCK_MINUTES})`;
  }

  /** Due for longer than JOB_STUCK_MINUTES, and no worker holds it now. */
  private stuck(kind: JobKind): SQL {
    const table = tables[kind];
    return sql`${table.status} = 'pending' and ${table.nextAttemptAt} < now() - ${this.stuckAfter}
      and (${table.lockedUntil} is null or ${table.lockedUntil} < now())`;
  }

  /** Per kind: pending, the oldest pending one's age, failed and stuck. Each count reads a partial index. */
  async backlog(): Promise<JobBacklog[]> {
    return Promise.all(
      (Object.keys(tables) as JobKind[]).map(async (kind) => {
        const table = tables[kind];
        const [row] = rowsOf<{ pending: number; oldest: number | null; failed: number; stuck: number }>(
          await this.deps.db.execute(sql`select
            (select count(*) from ${table} where ${table.status} = 'pending')::int as pending,
            (select extract(epoch from now() - min(${table.createdAt})) from ${table}
              where ${table.status} = 'pending')::float8 as oldest,
            (select count(*) from ${table} where ${table.status} = 'failed')::int as failed,
            (select count(*) from ${table} where ${this.stuck(kind)})::int as stuck`),
        );
        return {
          kind,
          pending: Number(row?.pending ?? 0),
          oldestPendingSeconds: Math.max(0, Math.floor(Number(row?.oldest ?? 0))),
          failed: Number(row?.failed ?? 0),
          stuck: Number(row?.stuck ?? 0),
        };
      }),
    );
  }

  /** Failed and stuck jobs of every kind, oldest first. */
  async listTrouble(limit = 50): Promise<JobRow[]> {
    const perKind = await Promise.all(
      (Object.keys(tables) as JobKind[]).map(async (kind) => {
        const table = tables[kind];
        const rows = rowsOf<{
          id: string;
          state: 'failed' | 'stuck';
          summary: string;
          attempts: number;
          last_error: string | null;
          created_at: string | Date;
          failed_at: string | Date | null;
        }>(
          await this.deps.db.execute(sql`
            select ${table.id} as id, case when ${table.status} = 'failed' then 'failed' else 'stuck' end as state,
              ${summaries[kind]} as summary, ${table.attempts} as attempts, ${table.lastError} as last_error,
              ${table.createdAt} as created_at, ${table.failedAt} as failed_at
            from ${table}
            where ${table.status} = 'failed' or (${this.stuck(kind)})
            order by ${table.createdAt}, ${table.id}
            limit ${limit}`),
        );
        return rows.map((row): JobRow => ({
          id: row.id,
          kind,
          state: row.state,
          summary: row.summary,
          attempts: Number(row.attempts),
          lastError: row.last_error,
          createdAt: new Date(row.created_at).toISOString(),
          failedAt: row.failed_at ? new Date(row.failed_at).toISOString() : null,
        }));
      }),
    );
    return perKind
      .flat()
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .slice(0, limit);
  }

  /**
   * Puts a failed or stuck job (or any pending one no worker holds) back in its queue, due now. An
   * administrator's retry is written to the audit log in the same transaction.
   */
  async retry(id: string, actor?: { id: string }): Promise<{ id: string; kind: JobKind; status: 'pending' }> {
    return this.deps.db.transaction(async (tx) => {
      for (const kind of Object.keys(tables) as JobKind[]) {
        const table = tables[kind];
        const retried = rowsOf<{ summary: string }>(
          await tx.execute(sql`
            update ${table}
            set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, failed_at = null
            where ${table.id} = ${id}
              and (${table.status} = 'failed'
                or (${table.status} = 'pending' and (${table.lockedUntil} is null or ${table.lockedUntil} < now())))
            returning ${summaries[kind]} as summary`),
        );
        if (retried.length > 0) {
          if (actor) {
            await tx.insert(auditLog).values({
              actorId: actor.id,
              action: 'job.retry',
              targetType: 'job',
              targetId: id,
              targetLabel: retried[0]!.summary.slice(0, 200),
              details: { kind },
            });
          }
          return { id, kind, status: 'pending' as const };
        }
        const exists = rowsOf(await tx.execute(sql`select 1 from ${table} where ${table.id} = ${id}`));
        if (exists.length > 0) throw new Conflict(jobMessages.notRetryable);
      }
      throw new NotFound(jobMessages.notFound);
    });
  }
}
