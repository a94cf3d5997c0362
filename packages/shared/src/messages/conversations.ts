/** Conversations between a buyer and a seller. */
import { messageGroup } from './runtime.js';

export const conversationMessages = messageGroup('conversations');
