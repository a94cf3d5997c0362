/**
 * The card payment provider behind checkout: the built-in sandbox or Stripe. Both work the same way:
 * an intent per booking and amount, authorized first (manual capture), captured only by settlement once
 * the product is known to be the buyer's, and released (cancelled, or refunded if already captured)
 * when it is not. Every call is idempotent per intent, so a retried settlement converges.
 */
export type ProviderName = 'sandbox' | 'stripe' | WalletProviderName;

/** The mobile wallet behind the same interface (wallet.ts): bKash's tokenized checkout or its sandbox. */
export type WalletProviderName = 'wallet_sandbox' | 'bkash';

/** Our view of a provider intent's lifecycle, whatever the provider calls it. */
export type ProviderIntentStatus = 'requires_payment' | 'authorized' | 'captured' | 'cancelled';

export interface CardSummary {
  brand: string;
  last4: string;
}

export interface ProviderIntent {
  id: string;
  status: ProviderIntentStatus;
  amountCents: number;
  /** Upper-case ISO code, as the rest of the product stores it. */
  currency: string;
  /**
   * Handed to the browser for the provider's own card form; null for the sandbox. For a wallet: the
   * wallet's own page where the buyer approves this payment (bKash's bkashURL).
   */
  clientSecret: string | null;
  /** Known once a card has been authorized; never more than brand and last four digits. */
  card: CardSummary | null;
  /** The provider's message for the last failed attempt, in its own words. */
  lastError: string | null;
  metadata: { bookingId?: string; productId?: string };
}

/** What we stored about an intent; enough for any provider to find (or, for the sandbox, rebuild) it. */
export interface IntentRef {
  id: string;
  amountCents: number;
  currency: string;
}

export interface CreateIntentInput {
  bookingId: string;
  productId: string;
  amountCents: number;
  currency: string;
  /** Same key, same intent: a retried or concurrent checkout cannot create a second one. */
  idempotencyKey: string;
}

/** A card typed into our own form. Only the sandbox takes one; it is never stored or logged. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** Giving a captured payment back (an order refunded after payment). */
export interface RefundInput {
  /** The provider's intent id (our payments.transaction_id). */
  intentId: string;
  amountCents: number;
  currency: string;
  /** Same key, same refund: retries never refund twice. */
  idempotencyKey: string;
}

/** A verified provider notification. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The intent the event is about, when it is about one. */
  intent: ProviderIntent | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Given to the browser for the provider's card form; null for the sandbox. */
  readonly publishableKey: string | null;

  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(ref: IntentRef): Promise<ProviderIntent>;
  /**
   * Authorizes a card from our own form (sandbox). Throws CardDeclined in the provider's words.
   * Providers whose card form runs in the browser (Stripe Elements) do not have this.
   */
  authorizeCard?(ref: IntentRef, card: CardInput): Promise<ProviderIntent>;
  /** Takes the authorized money; calling it again for a captured intent changes nothing. */
  capture(ref: IntentRef): Promise<ProviderIntent>;
  /** Gives the money back: cancels an authorization, refunds a capture; idempotent. */
  release(ref: IntentRef): Promise<ProviderIntent>;
  /** Refunds a captured payment in full; idempotent per key. Throws when the provider refuses. */
  refund(input: RefundInput): Promise<{ id: string }>;
  /** Checks a webhook's signature on its raw body; throws BadRequest when it does not verify. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /**
   * A wallet only: asks the wallet to take the money the buyer approved on its page. Answers the
   * payment as the wallet reports it afterwards; throws WalletRefused in the wallet's words (not
   * approved, insufficient balance) and PaymentProviderUnavailable when the wallet cannot be reached.
   * Calling it again for a completed payment changes nothing.
   */
  execute?(ref: IntentRef): Promise<ProviderIntent>;
}
