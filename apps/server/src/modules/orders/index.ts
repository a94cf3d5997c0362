/**
 * What other modules may use of orders: the messages of an order's life, refunds, exactly once per
 * payment, and putting a refused sale's listing back on sale.
 */
export {
  notifyBookingCreated,
  notifyBookingsLost,
  notifyCashLapsed,
  notifyCashReserved,
  notifyPaid,
} from './notify.js';
export { refundPaidBookings } from './refunds.js';
export { awaitsListingConfirmation, confirmRefusedListing } from './refusal.js';
