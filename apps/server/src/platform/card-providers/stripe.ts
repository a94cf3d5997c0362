/**
 * Stripe through its official SDK: PaymentIntents with manual capture (authorize now, capture when
 * settlement knows the product is this buyer's), booking and product ids in the metadata, and an
 * idempotency key on every state-changing call so retries never create or move money twice.
 * The card itself is entered in Stripe Elements in the browser and never reaches this server.
 */
import Stripe from 'stripe';
import { paymentMessages } from '@furniture-mart/shared';
import { AppError, BadRequest } from '../errors.js';
import { PaymentProviderFailed, PaymentProviderUnavailable } from './errors.js';
import type {
  CreateIntentInput,
  IntentRef,
  PaymentProvider,
  RefundInput,
  ProviderEvent,
  ProviderIntent,
  ProviderIntentStatus,
} from './provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string | undefined;
  /** Another API endpoint (a local fake in tests). */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
}

/** Stripe's own limit: a signed webhook older than five minutes is refused (replay protection). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    return call(async () =>
      toIntent(
        await this.stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            capture_method: 'manual',
            allowed_payment_method_types: ['card'],
            metadata: { bookingId: input.bookingId, productId: input.productId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  retrieveIntent(ref: IntentRef): Promise<ProviderIntent> {
    return call(async () =>
      toIntent(await this.stripe.paymentIntents.retrieve(ref.id, { expand: ['latest_charge'] })),
    );
  }

  capture(ref: IntentRef): Promise<ProviderIntent> {
    return call(async () => {
      const current = await this.stripe.paymentIntents.retrieve(ref.id, { expand: ['latest_charge'] });
      if (current.status === 'succeeded') return toIntent(current);
      return toIntent(
        await this.stripe.paymentIntents.capture(
          ref.id,
          { expand: ['latest_charge'] },
          { idempotencyKey: `capture-${ref.id}` },
        ),
      );
    });
  }

  release(ref: IntentRef): Promise<ProviderIntent> {
    return call(async () => {
      const current = await this.stripe.paymentIntents.retrieve(ref.id, { expand: ['latest_charge'] });
      if (current.status === 'canceled') return toIntent(current);
      if (current.status === 'succeeded') {
        const charge = typeof current.latest_charge === 'object' ? current.latest_charge : null;
        if (charge?.refunded) return { ...toIntent(current), status: 'cancelled' };
        // Captured already (a settlement that lost its database commit): give the money back.
        await this.stripe.refunds.create({ payment_intent: ref.id }, { idempotencyKey: `refund-${ref.id}` });
        return { ...toIntent(current), status: 'cancelled' };
      }
      return toIntent(
        await this.stripe.paymentIntents.cancel(ref.id, {}, { idempotencyKey: `cancel-${ref.id}` }),
      );
    });
  }

  refund(input: RefundInput): Promise<{ id: string }> {
    return call(async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentProviderFailed(`refund ${refund.id} is ${refund.status}`);
      }
      return { id: refund.id };
    });
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    // Without a secret no event can be verified: the endpoint is not set up here (404, as on the sandbox).
    if (!this.webhookSecret) throw new AppError('WEBHOOK_NOT_CONFIGURED');
    if (!signature) throw new BadRequest(paymentMessages.invalidSignature, undefined, 'INVALID_SIGNATURE');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch {
      throw new BadRequest(paymentMessages.invalidSignature, undefined, 'INVALID_SIGNATURE');
    }
    // Signed is not the same as well formed: a payload without the fields we read is refused (400),
    // so Stripe does not retry a 500 forever.
    const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !isRecord(object)) {
      throw new BadRequest(paymentMessages.malformedEvent, undefined, 'MALFORMED_EVENT');
    }
    if (object.object !== 'payment_intent') return { id: event.id, type: event.type, intent: null };
    if (!isPaymentIntentShape(object)) {
      throw new BadRequest(paymentMessages.malformedEvent, undefined, 'MALFORMED_EVENT');
    }
    return { id: event.id, type: event.type, intent: toIntent(object as unknown as Stripe.PaymentIntent) };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPaymentIntentShape(value: Record<string, unknown>): boolean {
  return (
    typeof value.id === 'string' &&
    typeof value.status === 'string' &&
    typeof value.amount === 'number' &&
    typeof value.currency === 'string'
  );
}

function toStatus(status: Stripe.PaymentIntent.Status): ProviderIntentStatus {
  switch (status) {
    case 'requires_capture':
      return 'authorized';
    case 'succeeded':
      return 'captured';
    case 'canceled':
      return 'cancelled';
    default:
      // requires_payment_method, requires_confirmation, requires_action, processing
      return 'requires_payment';
  }
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: intent.id,
    status: toStatus(intent.status),
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret,
    card: card?.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : null,
    lastError: intent.last_payment_error?.message ?? null,
    metadata: {
      ...(intent.metadata?.bookingId ? { bookingId: intent.metadata.bookingId } : {}),
      ...(intent.metadata?.productId ? { productId: intent.metadata.productId } : {}),
    },
  };
}

/** Stripe's failures as our typed errors: unreachable or overloaded is 503, anything else 502. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new PaymentProviderUnavailable();
    }
    if (error instanceof Stripe.errors.StripeAPIError) throw new PaymentProviderUnavailable();
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentProviderFailed(`${error.type}: ${error.code ?? ''} ${error.message}`.trim());
    }
    throw error;
  }
}
