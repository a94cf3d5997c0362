/** Booking and report rules and answers that only the buyer flows need. */
import type { Booking } from './types.js';
import type { ReportReason, ReportStatus } from './enums.js';

/** How many products one person may report within a rolling hour. */
export const reportLimits = { perHour: 10, detailsMaxLength: 1000 } as const;

export const buyerMessages = {
  productUnavailable: 'This item is no longer available.',
  productNotFound: 'This product does not exist.',
  bookingNotFound: 'This order does not exist.',
  ownProduct: 'You cannot book your own product.',
  onlyBuyers: 'Only buyers can book or report',
  orderDeleted: 'Your order was deleted.',
  tooManyOpenBookings: (max: number) =>
    `You already have ${max} unpaid orders. Pay for one or delete one in My Orders before booking another.`,
  reportLimitReached: (minutes: number) =>
    `You can report at most ${reportLimits.perHour} products an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/**
 * GET /api/bookings/:id. The buyer's phone and meeting location are null unless the viewer is that buyer:
 * the seller and admins read them from the product's bookings list instead.
 */
export type BookingDetail = Omit<Booking, 'phone' | 'meetingLocation'> & {
  phone: string | null;
  meetingLocation: string | null;
};

/** The answer to POST /api/reports. */
export interface CreatedReport {
  id: string;
  productId: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  createdAt: string;
}
