/** Card payments: Stripe's own wording for card problems and the payment answers. */
import { cancelReasonLabel } from './common.js';
import { messageGroup, t } from './runtime.js';

/** Stripe's own wording for card problems, so the sandbox answers exactly as Stripe would. */
export const cardMessages = messageGroup('card');

export const paymentMessages = messageGroup('payments');

/** The mobile wallet (bKash) and its sandbox. */
export const walletMessages = messageGroup('wallet');

/** Cash at pickup. */
export const cashMessages = messageGroup('cash');

/** Why a booking can no longer be paid, e.g. "This order was cancelled: sold to another buyer." */
export function orderCancelledMessage(reason: string | null): string {
  return reason
    ? t('payments.orderCancelledBecause', { reason: cancelReasonLabel(reason) })
    : paymentMessages.orderCancelled;
}
