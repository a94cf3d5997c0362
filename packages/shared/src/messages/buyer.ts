/** Booking and report answers of the buyer flows. */
import { reportLimits, type ReportReason } from '../enums.js';

export const buyerMessages = {
  productUnavailable: 'This item is no longer available.',
  productNotFound: 'This product does not exist.',
  bookingNotFound: 'This order does not exist.',
  ownProduct: 'You cannot book your own product.',
  onlyBuyers: 'Only buyers can book or report',
  orderDeleted: 'Your order was deleted.',
  paidOrderCannotBeDeleted:
    'This order is paid and waiting for its handoff, so it stays until you collect the item. If you no longer want it, ask the seller to cancel the sale: you get the full amount back.',
  goToMyOrders: 'Go to My Orders',
  hiddenOrder: (date: string) =>
    `You deleted this order from My Orders on ${date}. Its records are kept, but it is no longer shown to you.`,
  tooManyOpenBookings: (max: number) =>
    `You already have ${max} unpaid orders. Pay for one or delete one in My Orders before booking another.`,
  reportLimitReached: (minutes: number) =>
    `You can report at most ${reportLimits.perHour} products an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** Report reasons as a person reads them. */
export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Scam or fake listing',
  wrong_condition: 'Wrong condition or photos',
  prohibited: 'Prohibited item',
  duplicate: 'Duplicate',
  offensive: 'Offensive',
  other: 'Other',
};
