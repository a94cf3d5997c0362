/** Administration: answers when a moderation action cannot happen, and display labels. */
import { auditActions } from '../enums.js';
import { messageGroup, messageRecord, t } from './runtime.js';

export const adminMessages = messageGroup('admin');

export const auditActionLabels = messageRecord('auditAction', auditActions);

/** Background jobs in the admin overview. */
export const jobMessages = messageGroup('jobs', {
  backlog: (pending: number, oldestMinutes: number) => t('jobs.backlog', { pending, oldestMinutes }),
  attempts: (n: number) => t('jobs.attempts', { n }),
});
export const jobKindLabels = messageRecord('jobs.kind', ['mail', 'refund'] as const);
export const jobStateLabels = messageRecord('jobs.state', ['failed', 'stuck'] as const);
