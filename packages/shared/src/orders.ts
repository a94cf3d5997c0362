/**
 * The last mile of a sale: the handoff code at pickup, the seller cancelling a paid sale (a refund), the
 * order page's words and the dashboard overview of what needs doing.
 */
import { z } from 'zod';
import type { BookingStatus } from './enums.js';

/** Wrong handoff codes allowed before the order's handoff locks. */
export const handoffLimits = { maxAttempts: 5, codeLength: 6 } as const;

export const orderMessages = {
  handoffCodeFormat: 'Enter the 6-digit code the buyer shows you.',
  handoffWrongCode: (left: number) =>
    `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left before the handoff locks.`,
  handoffLocked:
    'Too many wrong codes: the handoff of this order is locked. It completes by itself after the waiting period, or you can cancel the sale.',
  handoffDone: 'Handoff confirmed: the order is completed.',
  notPaid: 'This order is not waiting for its handoff.',
  alreadyCompleted: 'This order is already completed.',
  alreadyRefunded: 'This order was already refunded.',
  cancelReasonRequired: 'Tell the buyer why you cancel the sale (at least 5 characters).',
  saleCancelled: 'The sale is cancelled and the buyer is being refunded.',
  refundNotFound: 'This refund does not exist.',
  orderTitle: 'Order',
  contactSeller: 'Seller',
  contactBuyer: 'Buyer',
  meetingPlace: 'Meeting place',
  handoffCodeLabel: 'Handoff code',
  handoffCodeHelp: 'Show this code to the seller when you collect the item. Never share it before.',
  enterCodeLabel: 'Code from the buyer',
  confirmHandoff: 'Confirm handoff',
  cancelSale: 'Cancel sale and refund',
  cancelSaleReasonLabel: 'Reason the buyer will read',
  cancelSaleConfirm:
    'The buyer gets the full amount back and the item returns to sale. This cannot be undone.',
  emailVerifiedMark: 'email verified',
  emailNotVerifiedMark: 'email not verified',
  timeline: 'Status',
  viewOrder: 'View order',
} as const;

/** Statuses as a person reads them. */
export const bookingStatusLabels: Record<BookingStatus, string> = {
  booked: 'booked',
  paid: 'paid',
  completed: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export const cancelSaleReason = (reason: string) => `sale cancelled by the seller: ${reason}`;

export const handoffBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, orderMessages.handoffCodeFormat),
  })
  .strict();
export type HandoffBody = z.infer<typeof handoffBody>;

export const cancelSaleBody = z
  .object({
    reason: z.string().trim().min(5, orderMessages.cancelReasonRequired).max(300),
  })
  .strict();
export type CancelSaleBody = z.infer<typeof cancelSaleBody>;

/** One line of the dashboard overview. */
export interface OverviewOrder {
  id: string;
  productTitle: string;
  priceCents: number;
  currency: string;
  status: BookingStatus;
  createdAt: string;
  /** The buyer's own code, only in the buyer's overview. */
  handoffCode: string | null;
}

export type Overview =
  | {
      role: 'buyer';
      toPay: { total: number; items: OverviewOrder[] };
      awaitingHandoff: { total: number; items: OverviewOrder[] };
    }
  | {
      role: 'seller';
      newBookings: { total: number; items: OverviewOrder[] };
      awaitingHandoff: { total: number; items: OverviewOrder[] };
      earnings: { completedCents: number; pendingCents: number; currency: string };
    }
  | {
      role: 'admin';
      openReports: number;
      sellersAwaitingVerification: number;
      refundsNeedingAttention: number;
    };

/** A refund the provider has not accepted yet, for the admin's "needs attention" list. */
export interface RefundAttentionRow {
  id: string;
  bookingId: string;
  amountCents: number;
  currency: string;
  reason: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

export const overviewMessages = {
  title: 'Overview',
  toPay: 'Orders to pay',
  awaitingHandoff: 'Paid, waiting for handoff',
  newBookings: 'New bookings',
  soldAwaitingHandoff: 'Sold, waiting for handoff',
  earnings: 'Earnings',
  earningsCompleted: 'Completed sales',
  earningsPending: 'Paid, not yet handed over',
  openReports: 'Open reports',
  sellersAwaitingVerification: 'Sellers waiting for verification',
  refundsNeedingAttention: 'Refunds needing attention',
  nothingToDo: 'Nothing needs doing right now.',
  refundsRetried: 'The payment provider refused these refunds so far; they are retried automatically.',
  pay: 'Pay',
} as const;
