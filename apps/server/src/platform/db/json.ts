import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `json_build_object('key', value, ...)` of these fields (keys are ours, never a request's): rows the
 * database builds as JSON, so a page's parts come back in one statement and one piece.
 */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
}
