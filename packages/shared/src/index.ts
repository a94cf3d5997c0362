/**
 * The contract between the web app and the server: every request and answer shape once, as Zod (the
 * TypeScript types are inferred from them), the error codes and every sentence a person reads.
 */
export * from './enums.js';
export * from './messages/index.js';
export * from './errors.js';
export * from './money.js';
export * from './dates.js';
export * from './common.js';
export * from './accounts.js';
export * from './catalogue.js';
export * from './listings.js';
export * from './products.js';
export * from './favourites.js';
export * from './bookings.js';
export * from './orders.js';
export * from './payments.js';
export * from './admin.js';
export * from './jobs.js';
export * from './newsletter.js';
export * from './digits.js';
export * from './contact-mask.js';
export * from './conversations.js';
export * from './length.js';
export * from './home.js';
export * from './fit.js';
export * from './condition.js';
export * from './reviews.js';
export * from './offers.js';
