/** The message catalogue: every sentence a person reads, by area, in every language we speak. */
export * from './locales.js';
export * from './runtime.js';
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
export * from './formats.js';
export * from './labels.js';
