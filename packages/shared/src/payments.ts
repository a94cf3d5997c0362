/**
 * Card payment rules shared by the payment page and the server: the sandbox's card form (with the
 * expiry checked against today), the test cards it honours, and the payment sentences the catalogue
 * in messages.ts does not have.
 */
import type { z } from 'zod';
import { sandboxCardBody } from './schemas.js';

/** Stripe's own wording for card problems, so the sandbox answers exactly as Stripe would. */
export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  pastExpiry: "Your card's expiration date is in the past.",
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
} as const;

/** Why a booking can no longer be paid, e.g. "This order was cancelled: sold to another buyer." */
export function orderCancelledMessage(reason: string | null): string {
  return reason ? `This order was cancelled: ${reason}.` : paymentMessages.orderCancelled;
}

export type TestCardOutcome =
  | { kind: 'success' }
  | {
      kind: 'declined';
      code: 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';
      message: string;
    };

export interface TestCard {
  /** Grouped in fours, as printed on a card. */
  number: string;
  brand: string;
  outcome: TestCardOutcome;
}

/** Stripe's test card numbers, followed by the sandbox exactly as Stripe's test mode behaves. */
export const sandboxTestCards: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', brand: 'visa', outcome: { kind: 'success' } },
  {
    number: '4000 0000 0000 0002',
    brand: 'visa',
    outcome: { kind: 'declined', code: 'card_declined', message: cardMessages.declined },
  },
  {
    number: '4000 0000 0000 9995',
    brand: 'visa',
    outcome: { kind: 'declined', code: 'insufficient_funds', message: cardMessages.insufficientFunds },
  },
  {
    number: '4000 0000 0000 0069',
    brand: 'visa',
    outcome: { kind: 'declined', code: 'expired_card', message: cardMessages.expired },
  },
  {
    number: '4000 0000 0000 0127',
    brand: 'visa',
    outcome: { kind: 'declined', code: 'incorrect_cvc', message: cardMessages.incorrectCvc },
  },
];

/** "MM/YY" or "MM/YYYY" as month and four-digit year; null when it is not in that form. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryInFuture(expiry: string, now: Date = new Date()): boolean {
  const parsed = parseExpiry(expiry);
  if (!parsed) return false;
  return parsed.year * 12 + parsed.month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** The sandbox card form as the server accepts it: the format rules plus an expiry that has not passed. */
export const sandboxCardForm = sandboxCardBody.superRefine((card, ctx) => {
  if (parseExpiry(card.expiry) && !expiryInFuture(card.expiry)) {
    ctx.addIssue({ code: 'custom', path: ['expiry'], message: cardMessages.pastExpiry });
  }
});
export type SandboxCardForm = z.input<typeof sandboxCardForm>;
