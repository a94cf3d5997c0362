export * from './enums.js';
export * from './messages.js';
export * from './money.js';
export * from './dates.js';
export * from './schemas.js';
export * from './types.js';
