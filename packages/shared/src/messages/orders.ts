/** The last mile of a sale: the handoff, cancelling a paid sale, the order page and the overview. */
import type { BookingStatus } from '../enums.js';

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
