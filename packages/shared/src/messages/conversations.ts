/** Conversations between a buyer and a seller. */
import { currentLocale, messageGroup, translate } from './runtime.js';

export const conversationMessages = messageGroup('conversations', {
  tooManyMessages: (seconds: number) =>
    translate(currentLocale(), 'conversations.tooManyMessages', { seconds }),
  tooManyConversations: (hours: number) =>
    translate(currentLocale(), 'conversations.tooManyConversations', { hours }),
});
