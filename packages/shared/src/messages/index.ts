/** The message catalogue: every sentence a person reads, by area. */
export * from './common.js';
export * from './errors.js';
export * from './mail.js';
export * from './admin.js';
export * from './buyer.js';
export * from './catalogue.js';
export * from './seller.js';
export * from './orders.js';
export * from './payments.js';
export * from './web.js';
export * from './conversations.js';
export * from './home.js';
export * from './places.js';
export * from './phones.js';
