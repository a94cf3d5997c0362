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
};
