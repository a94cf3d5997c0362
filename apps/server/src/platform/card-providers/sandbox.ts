/**
 * The built-in provider for development, demos and tests: a complete checkout with no network. It
 * follows Stripe's test cards (4242 4242 4242 4242 succeeds, the listed decline numbers fail in Stripe's
 * words) and behaves like Stripe's PaymentIntents: create is idempotent per key, authorize then capture,
 * release cancels or refunds.
 *
 * Its ledger lives in memory, like a provider's own records: after a restart an intent it no longer
 * knows is simply waiting for a card again, so the buyer pays once more and nothing is lost or doubled
 * (no real money moves here).
 */
import { createHash } from 'node:crypto';
import { cardMessages, sandboxTestCards, type TestCardOutcome } from '@furniture-mart/shared';
import { CardDeclined } from './errors.js';
import type {
  CardInput,
  CardSummary,
  CreateIntentInput,
  IntentRef,
  RefundInput,
  PaymentProvider,
  ProviderIntent,
  ProviderIntentStatus,
} from './provider.js';

interface SandboxIntent {
  id: string;
  status: ProviderIntentStatus;
  amountCents: number;
  currency: string;
  card: CardSummary | null;
  lastError: string | null;
  metadata: { bookingId?: string; productId?: string };
}

const testCards = new Map(sandboxTestCards.map((card) => [card.number.replace(/\s/g, ''), card]));

/** Successful test cards of other brands, as Stripe's test mode accepts them. */
const brandSuccesses = new Map([
  ['5555555555554444', 'mastercard'],
  ['378282246310005', 'amex'],
]);

/** What the sandbox does with a card number that passed the form's checks. */
export function sandboxOutcome(number: string): { brand: string; outcome: TestCardOutcome } {
  const known = testCards.get(number);
  if (known) return { brand: known.brand, outcome: known.outcome };
  const brand = brandSuccesses.get(number);
  if (brand) return { brand, outcome: { kind: 'success' } };
  // Stripe's test mode refuses real card numbers; so does the sandbox.
  return {
    brand: brandOf(number),
    outcome: { kind: 'declined', code: 'card_declined', message: cardMessages.notATestCard },
  };
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  private readonly intents = new Map<string, SandboxIntent>();

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    // The id follows from the idempotency key, as Stripe answers a repeated key with the same intent.
    const id = `pi_sandbox_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    const intent = this.lookup({ id, amountCents: input.amountCents, currency: input.currency });
    intent.metadata = { bookingId: input.bookingId, productId: input.productId };
    return view(intent);
  }

  async retrieveIntent(ref: IntentRef): Promise<ProviderIntent> {
    return view(this.lookup(ref));
  }

  async authorizeCard(ref: IntentRef, card: CardInput): Promise<ProviderIntent> {
    const intent = this.lookup(ref);
    // A repeated confirmation (double click, retry) finds the money already authorized.
    if (intent.status === 'authorized' || intent.status === 'captured') return view(intent);
    if (intent.status === 'cancelled') throw new CardDeclined(cardMessages.declined);
    const { brand, outcome } = sandboxOutcome(card.number);
    if (outcome.kind === 'declined') {
      intent.lastError = outcome.message;
      throw new CardDeclined(outcome.message, outcome.code);
    }
    intent.status = 'authorized';
    intent.lastError = null;
    intent.card = { brand, last4: card.number.slice(-4) };
    return view(intent);
  }

  async capture(ref: IntentRef): Promise<ProviderIntent> {
    const intent = this.lookup(ref);
    if (intent.status === 'authorized') intent.status = 'captured';
    if (intent.status !== 'captured')
      throw new Error(`sandbox intent ${ref.id} cannot be captured from ${intent.status}`);
    return view(intent);
  }

  async release(ref: IntentRef): Promise<ProviderIntent> {
    const intent = this.lookup(ref);
    // Cancelling an authorization and refunding a capture both leave the buyer's money untouched.
    intent.status = 'cancelled';
    return view(intent);
  }

  /** Refunds given so far, by idempotency key (a repeated key answers the same refund). */
  readonly refunds = new Map<string, { id: string; intentId: string; amountCents: number }>();

  async refund(input: RefundInput): Promise<{ id: string }> {
    const known = this.refunds.get(input.idempotencyKey);
    if (known) return { id: known.id };
    const intent = this.lookup({
      id: input.intentId,
      amountCents: input.amountCents,
      currency: input.currency,
    });
    intent.status = 'cancelled';
    const id = `re_sandbox_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    this.refunds.set(input.idempotencyKey, { id, intentId: input.intentId, amountCents: input.amountCents });
    return { id };
  }

  private lookup(ref: IntentRef): SandboxIntent {
    let intent = this.intents.get(ref.id);
    if (!intent) {
      intent = {
        id: ref.id,
        status: 'requires_payment',
        amountCents: ref.amountCents,
        currency: ref.currency,
        card: null,
        lastError: null,
        metadata: {},
      };
      this.intents.set(ref.id, intent);
    }
    return intent;
  }
}

function view(intent: SandboxIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amountCents,
    currency: intent.currency,
    clientSecret: null,
    card: intent.card ? { ...intent.card } : null,
    lastError: intent.lastError,
    metadata: { ...intent.metadata },
  };
}
