/**
 * What other modules may use of conversations: the messages around a reported one (the administrator's
 * queue) and removing a reported message.
 */
export { messagesAround } from './conversations.queries.js';
export { removeMessage } from './moderation.js';
export { recordOfferCard, type OfferCardEvent } from './offer-cards.js';
