/** Sentences only the web app shows: its own failures, loading and sign-in notes. */
import { messageGroup } from './runtime.js';

export const webMessages = messageGroup('web');
