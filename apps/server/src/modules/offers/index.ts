/** What other modules may use of offers: nothing yet; the service is built in services.ts. */
export { OffersService, type OffersJobResult } from './offers.service.js';
