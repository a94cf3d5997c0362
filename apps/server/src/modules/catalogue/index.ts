/** What other modules may use of the catalogue: pages of product cards (a seller's page lists through them). */
export { CardReader } from './cards.js';
export type { CardPage, CardPageRequest } from './listing-sql.js';
