import { pgErrorOf } from '../../platform/errors.js';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the whole transaction back, so it is safe to run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs a transaction again when PostgreSQL aborted it to resolve a lock conflict with another one
 * (for example a seller removing the product while a buyer's payment settles).
 */
export async function withTransactionRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorOf(error)?.code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}
