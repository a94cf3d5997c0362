/**
 * What other modules may use of the catalogue: pages of product cards (a seller's page lists through
 * them) and the cache that keeps listing answers.
 */
export { CardReader } from './cards.js';
export { ListingCache } from './listing-cache.js';
export type { CardPage, CardPageRequest } from './listing-sql.js';
