/** The card payment provider behind checkout: the built-in sandbox or Stripe. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Given to the browser for the provider's card form; null for the sandbox. */
  readonly publishableKey: string | null;
}
