/**
 * Tables worked through by background jobs (the mail outbox, refunds): `pending` rows are due at
 * `next_attempt_at`, and a worker leases the ones it takes through `locked_until`. FOR UPDATE SKIP LOCKED
 * plus the lease: several instances never take the same row, and a crashed worker's claim runs out.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import type { mailOutbox, refunds } from './schema.js';

/** How long a claimed row stays with the worker that took it. */
export const LEASE_SECONDS = 120;

/** node-postgres answers { rows }, PGlite answers { rows } too; drizzle's execute type differs by driver. */
export function rowsOf<T>(result: unknown): T[] {
  const value = result as { rows?: T[] } | T[];
  return Array.isArray(value) ? value : (value.rows ?? []);
}

/**
 * Claims up to `batch` due rows, oldest first, and answers their ids. `countAttempt` adds one to the
 * row's `attempts` as it is claimed (the outbox counts claims; refunds count provider answers).
 */
export async function claimDue(
  db: Db,
  table: typeof mailOutbox | typeof refunds,
  batch: number,
  {
    countAttempt = false,
    leaseSeconds = LEASE_SECONDS,
  }: { countAttempt?: boolean; leaseSeconds?: number } = {},
): Promise<string[]> {
  const claimed = await db.execute(sql`
    update ${table}
    set locked_until = now() + make_interval(secs => ${leaseSeconds})${countAttempt ? sql`, attempts = attempts + 1` : sql``}
    where id in (
      select id from ${table}
      where status = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by next_attempt_at, created_at
      limit ${batch}
      for update skip locked
    )
    returning id`);
  return rowsOf<{ id: string }>(claimed).map((row) => row.id);
}

/**
 * Keeps a claimed row's lease while `work` runs, however long it takes (a slow mail relay), renewing it
 * every third of the lease, so no other worker takes the row while this one still holds it. A worker
 * that dies stops renewing, and its lease runs out as before.
 */
export async function whileLeased<T>(
  db: Db,
  table: typeof mailOutbox | typeof refunds,
  id: string,
  work: () => Promise<T>,
  leaseSeconds = LEASE_SECONDS,
): Promise<T> {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = db
        .execute(
          sql`update ${table} set locked_until = now() + make_interval(secs => ${leaseSeconds}) where id = ${id} and status = 'pending'`,
        )
        .catch(() => {
          // The next renewal tries again; the lease has two more thirds to run.
        });
    },
    (leaseSeconds * 1000) / 3,
  );
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}
