/** Administration: answers when a moderation action cannot happen, and display labels. */
import { auditActions } from '../enums.js';
import { messageGroup, messageRecord } from './runtime.js';

export const adminMessages = messageGroup('admin');

export const auditActionLabels = messageRecord('auditAction', auditActions);
