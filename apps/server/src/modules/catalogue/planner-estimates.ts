/**
 * The planner's estimate of the rows a condition keeps, for choosing how a search reads its page.
 * An estimate comes from the table's statistics, which change when the table is analysed, and it only
 * steers the way a page is read, never what the page holds: every way checks what it read (readSearch).
 * So one is kept for a minute per condition. Planning the same words again cost 0.5 to 0.8 ms, and a
 * search asks for two or three estimates (decision 0034).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.js';
import { products } from '../../platform/db/schema.js';

const ESTIMATE_SECONDS = 60;
/** Conditions kept at most per database: a few hundred distinct searches a minute is a busy site. */
const MOST_KEPT = 2_000;

const dialect = new PgDialect();
const kept = new WeakMap<DbOrTx, Map<string, { at: number; rows: Promise<number> }>>();

/** The planner's estimate of the visible products `where` keeps: it plans, nothing is read. */
export function estimatedRows(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const statement = sql`explain (format json) select 1 from ${products} where ${where}`;
  // The statement's text and values name the condition exactly, whatever built it; their digest keeps
  // a key small however many words the starts of a search stand for.
  const query = dialect.sqlToQuery(statement);
  const key = createHash('sha256')
    .update(query.sql)
    .update('\u0000')
    .update(JSON.stringify(query.params))
    .digest('base64');
  let byCondition = kept.get(db);
  if (!byCondition) kept.set(db, (byCondition = new Map()));
  const now = Date.now();
  const known = byCondition.get(key);
  // The last asked for last: the first one kept is then the one asked for longest ago, dropped first.
  byCondition.delete(key);
  if (known && now - known.at < ESTIMATE_SECONDS * 1000) {
    byCondition.set(key, known);
    return known.rows;
  }
  const rows = plannedRows(db, statement);
  byCondition.set(key, { at: now, rows });
  if (byCondition.size > MOST_KEPT) byCondition.delete(byCondition.keys().next().value!);
  // A failed estimate is not kept: the next search asks again.
  rows.catch(() => {
    if (byCondition.get(key)?.rows === rows) byCondition.delete(key);
  });
  return rows;
}

/** Forgets the kept estimates (tests that gather statistics anew). */
export function forgetEstimates(db: DbOrTx): void {
  kept.delete(db);
}

async function plannedRows(db: DbOrTx, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
  const plan = Object.values(result.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0].Plan['Plan Rows'];
}
