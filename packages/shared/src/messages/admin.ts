/** Administration: answers when a moderation action cannot happen, and display labels. */
import type { AuditAction } from '../enums.js';

export const adminMessages = {
  alreadyVerified: 'This seller is already verified.',
  cannotRemoveSelf: 'You cannot remove your own account.',
  cannotRemoveAdmin: 'Administrator accounts cannot be removed.',
  userNotFound: 'This user does not exist or has already been removed.',
  sellerNotFound: 'This seller does not exist or has been removed.',
  reportNotFound: 'This report does not exist or has already been handled.',
  searchPlaceholder: 'Search by name or email',
} as const;

export const auditActionLabels: Record<AuditAction, string> = {
  'seller.verify': 'Verified a seller',
  'user.remove': 'Removed a user',
  'report.remove': 'Deleted a report',
  'reported_item.remove': 'Deleted a reported item',
  'job.retry': 'Retried a background job',
};

/** Background jobs in the admin overview. */
export const jobMessages = {
  title: 'Background jobs',
  nothingFailed: 'No job has failed or is stuck.',
  backlog: (pending: number, oldestMinutes: number) =>
    pending === 0 ? 'Nothing waiting.' : `${pending} waiting, the oldest for ${oldestMinutes} min.`,
  kindLabels: { mail: 'Mail', refund: 'Refunds' } as const,
  stateLabels: { failed: 'Failed', stuck: 'Stuck' } as const,
  attempts: (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`,
  retry: 'Retry',
  retried: 'Queued again: it is tried within a few seconds.',
  notFound: 'This job does not exist.',
  notRetryable: 'This job is done or already being worked on.',
} as const;
