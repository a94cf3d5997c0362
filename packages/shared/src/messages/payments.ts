/** Card payments: Stripe's own wording for card problems and the payment answers. */
/** Stripe's own wording for card problems, so the sandbox answers exactly as Stripe would. */
export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  pastExpiry: "Your card's expiration date is in the past.",
  expiryFormat: 'Enter the expiry as MM/YY.',
  invalidNumber: 'Your card number is invalid.',
  invalidCvc: 'Your card’s security code is invalid.',
  notATestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, see the list on this page.',
} as const;

export const paymentMessages = {
  testMode: 'No real card is charged in test mode. Pay with one of these test card numbers:',
  alreadyPaid: 'This order is already paid.',
  holdWindowOver:
    'Your 15 minutes to pay for this order have run out, so the item is open to other buyers again. Delete this order and book the item again to pay for it.',
  payingForAnother:
    'You are already paying for another item. Finish that payment, or wait until its 15 minutes run out, before paying for this one.',
  orderCancelled: 'This order was cancelled.',
  authorizationReleased: 'This item was sold to another buyer, so your card was not charged.',
  notAuthorized: 'Your card has not been confirmed yet. Enter your card details and press Pay.',
  providerUnavailable:
    'The payment service could not be reached. Your card was not charged; please try again.',
  providerFailed: 'The payment service could not complete this payment. Please try again.',
  webhookNotConfigured: 'Stripe webhooks are not configured on this server.',
  invalidSignature: 'The webhook signature is not valid.',
  malformedEvent: 'The webhook event is not a payment event we can read.',
  sendEventAsJson: 'Send the event as the JSON body.',
  enterCardDetails: 'Enter your card details.',
  priceChanged:
    'The price of this order changed while you were paying, so your card was not charged. Press Pay again to pay the price shown.',
} as const;

/** Why a booking can no longer be paid, e.g. "This order was cancelled: sold to another buyer." */
export function orderCancelledMessage(reason: string | null): string {
  return reason ? `This order was cancelled: ${reason}.` : paymentMessages.orderCancelled;
}
