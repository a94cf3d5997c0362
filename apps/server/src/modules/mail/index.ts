/**
 * What other modules may use of mail: queueing a message in the transaction of the change that causes
 * it (the outbox), and building its links.
 */
export { enqueueMail, keyOf, linkTo, type QueuedMail } from './outbox.js';
