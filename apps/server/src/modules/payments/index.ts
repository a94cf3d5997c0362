/**
 * What other modules may use of payments: the one settlement transaction (run inside a caller's
 * transaction), the release of a product's losing booking intents after a sale, and the retry of a
 * transaction PostgreSQL rolled back to resolve a lock conflict.
 */
export { settleIn, type SettlementOutcome } from './settlement.js';
export { refOf, releaseOtherIntents } from './intents.js';
export { withTransactionRetry } from './transactions.js';
