/** Row locks that several services take in the same way, so their order stays the same everywhere. */
import { eq } from 'drizzle-orm';
import type { Tx } from './client.js';
import { users } from './schema.js';

/**
 * Serializes one person's concurrent requests (bookings, checkouts, uploads) for the rest of the
 * transaction, so each counts what the others wrote. Taken first: locks go user, product, booking.
 * NO KEY UPDATE, not UPDATE: rows that refer to the person (a payment being recorded) take key-share
 * locks on it, which must not wait for this one, or settlement would deadlock with it.
 */
export async function lockPerson(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
