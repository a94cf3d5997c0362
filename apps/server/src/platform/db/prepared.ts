import type { DbOrTx } from './client.js';

/**
 * Statements prepared once per database handle and key, on first use: PostgreSQL then parses each once
 * per connection and can keep its plan. The function returned, called as `(db, key, prepare)`, answers
 * the one already made for that handle and key, or keeps what `prepare` makes.
 */
export function preparedStatements<K, S>(): (db: DbOrTx, key: K, prepare: () => S) => S {
  const byDb = new WeakMap<DbOrTx, Map<K, S>>();
  return (db, key, prepare) => {
    let byKey = byDb.get(db);
    if (!byKey) byDb.set(db, (byKey = new Map()));
    let statement = byKey.get(key);
    if (statement === undefined) byKey.set(key, (statement = prepare()));
    return statement;
  };
}
