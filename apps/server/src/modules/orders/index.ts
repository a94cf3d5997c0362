/**
 * What other modules may use of orders: the messages of an order's life, refunds, exactly once per
 * payment.
 */
export { notifyBookingCreated, notifyBookingsLost, notifyPaid } from './notify.js';
export { refundPaidBookings } from './refunds.js';
