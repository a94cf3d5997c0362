/**
 * Card payment rules: who may pay for a booking, the checkout hold, one intent per booking and amount,
 * and settlement (settlement.ts) as the only way a booking becomes paid. The amount is the booking's own
 * price, recorded when it was booked (a later drop lowers it, a raise never reaches it: decision 0036),
 * never the product's current price and never a request's.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  buyerMessages,
  cancelReasons,
  messages,
  orderCancelledMessage,
  orderMessages,
  paymentMessages,
  type Checkout,
  type PaymentResult,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import { bookings, paymentIntents, payments, products, webhookEvents } from '../../platform/db/schema.js';
import { BadRequest, Conflict, NotFound } from '../../platform/errors.js';
import { CardDeclined } from '../../platform/card-providers/errors.js';
import type { CardInput, ProviderEvent } from '../../platform/card-providers/provider.js';
import { claimHold, releaseHold } from './hold.js';
import { ensureIntent, findIntent, refOf, releaseOtherIntents, type IntentRow } from './intents.js';
import { IntentMismatch, settle, settleIn, toResult, type SettlementOutcome } from './settlement.js';
import { withTransactionRetry } from './transactions.js';

/** The provider events that mean money is authorized (or already captured) for an intent. */
const SETTLING_EVENTS = new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);

interface PayableBooking {
  id: string;
  status: 'booked' | 'paid' | 'completed' | 'cancelled' | 'refunded';
  cancelReason: string | null;
  productId: string;
  productStatus: 'available' | 'sold';
  productDeletedAt: Date | null;
  amountCents: number;
  currency: string;
}

export interface WebhookAnswer {
  received: true;
  duplicate: boolean;
}

/**
 * Provider intents that belong to another module (an offer's card hold, issue 40): their events go
 * there instead of to booking settlement. `handle` must be safe to run again for the same event.
 */
export interface OtherIntents {
  owns(providerIntentId: string): Promise<boolean>;
  handle(event: ProviderEvent, log?: FastifyBaseLogger): Promise<void>;
}

export class PaymentsService {
  private otherIntents: OtherIntents | null = null;

  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'cardProvider' | 'listings' | 'config'>) {}

  /** Set once by the composition root (services.ts). */
  routeOtherIntents(handler: OtherIntents): void {
    this.otherIntents = handler;
  }

  /**
   * Starts (or resumes) paying for a booking: holds the product for this booking and answers the
   * intent to confirm. Calling it again keeps the hold (never past 15 minutes from the first checkout)
   * and reuses the same intent.
   */
  async checkout(viewer: Viewer, bookingId: string): Promise<Checkout> {
    const booking = await this.findOwnBooking(viewer, bookingId);
    if (booking.status === 'paid' || booking.status === 'completed')
      throw new Conflict(paymentMessages.alreadyPaid, 'ALREADY_PAID');
    assertPayable(booking);
    const holdExpiresAt = await this.holdFor(viewer, booking);
    const intent = await this.intentWithinHold(await this.priceWhileHeld(viewer, booking));
    return {
      bookingId: booking.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      provider: this.deps.cardProvider.name,
      clientSecret: intent.clientSecret,
      holdExpiresAt: holdExpiresAt.toISOString(),
    };
  }

  /**
   * Finishes a payment. The sandbox authorizes the card from our own form here; with Stripe the browser
   * has confirmed the card in Elements and the server asks Stripe what happened. Either way settlement
   * decides. Paying an already paid booking answers its receipt again instead of charging twice.
   */
  async confirm(
    viewer: Viewer,
    bookingId: string,
    card: CardInput | null,
    log?: FastifyBaseLogger,
  ): Promise<PaymentResult> {
    const booking = await this.findOwnBooking(viewer, bookingId);
    if (booking.status === 'paid' || booking.status === 'completed') return this.receipt(booking.id);

    const provider = this.deps.cardProvider;
    let intent: IntentRow;
    if (provider.authorizeCard) {
      if (!card) throw new BadRequest(paymentMessages.enterCardDetails, { cardNumber: messages.required });
      assertPayable(booking);
      try {
        await this.holdFor(viewer, booking);
      } catch (error) {
        // A concurrent confirmation of this booking paid it meanwhile: answer its receipt.
        if (error instanceof Conflict && error.code === 'ALREADY_PAID') return this.receipt(booking.id);
        throw error;
      }
      intent = await this.intentWithinHold(await this.priceWhileHeld(viewer, booking));
      try {
        await provider.authorizeCard(refOf(intent), card);
      } catch (error) {
        if (error instanceof CardDeclined) {
          // Only the provider's words are kept, never the card.
          await this.deps.db
            .update(paymentIntents)
            .set({ status: 'failed', lastError: error.message })
            .where(eq(paymentIntents.id, intent.id));
        }
        throw error;
      }
    } else {
      // The card was confirmed in the browser, so money may be authorized even if the booking has
      // meanwhile lost the product: settlement then releases it, so it runs whatever the booking's state.
      const existing = await findIntent(this.deps.db, provider, booking.id, booking.amountCents);
      if (!existing) {
        assertPayable(booking);
        throw new Conflict(paymentMessages.notAuthorized, 'NOT_AUTHORIZED');
      }
      intent = existing;
    }

    const outcome = await settle(this.deps.db, provider, {
      providerIntentId: intent.providerIntentId,
      publicUrl: this.deps.config.PUBLIC_URL,
    });
    if (outcome.kind === 'paid' && outcome.changed) this.deps.listings.changed();
    return this.answer(outcome, log);
  }

  /**
   * A Stripe event, verified on its raw body before anything is read or written. Its id is recorded in
   * the same transaction as the settlement it causes, so a redelivery changes nothing and a failed
   * settlement leaves the event unrecorded for Stripe to deliver again.
   */
  async handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    log?: FastifyBaseLogger,
  ): Promise<WebhookAnswer> {
    const provider = this.deps.cardProvider;
    if (!provider.verifyWebhook)
      throw new NotFound(paymentMessages.webhookNotConfigured, 'WEBHOOK_NOT_CONFIGURED');
    const event = provider.verifyWebhook(rawBody, signature);

    if (event.intent && this.otherIntents && (await this.otherIntents.owns(event.intent.id))) {
      // Handled first, recorded after: a failure leaves the event for the provider to deliver again.
      const [seen] = await this.deps.db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, event.id));
      if (seen) return { received: true, duplicate: true };
      await this.otherIntents.handle(event, log);
      const recorded = await this.deps.db
        .insert(webhookEvents)
        .values({ id: event.id, provider: provider.name, type: event.type })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return { received: true, duplicate: recorded.length === 0 };
    }

    const handled = await this.settleEvent(event, log);
    if (handled.outcome?.kind === 'paid' && handled.outcome.changed) {
      // Sold: it leaves every listing.
      this.deps.listings.changed();
      await releaseOtherIntents(
        this.deps.db,
        provider,
        handled.outcome.productId,
        handled.outcome.bookingId,
        log,
      );
    }
    return { received: true, duplicate: handled.duplicate };
  }

  /**
   * Records the event and settles what it reports, in one transaction. An event that can never apply
   * (an intent for another amount than the booking's) is recorded on its own and acknowledged, so the
   * provider does not deliver it again forever; it is logged for a person to look at.
   */
  private async settleEvent(event: ProviderEvent, log?: FastifyBaseLogger) {
    const provider = this.deps.cardProvider;
    try {
      return await withTransactionRetry(() =>
        this.deps.db.transaction(async (tx) => {
          const recorded = await tx
            .insert(webhookEvents)
            .values({ id: event.id, provider: provider.name, type: event.type })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id });
          if (recorded.length === 0) return { duplicate: true, outcome: null };
          if (!event.intent) return { duplicate: false, outcome: null };
          if (SETTLING_EVENTS.has(event.type)) {
            const outcome = await settleIn(tx, provider, {
              providerIntentId: event.intent.id,
              reported: event.intent,
              publicUrl: this.deps.config.PUBLIC_URL,
            });
            return { duplicate: false, outcome };
          }
          if (event.type === 'payment_intent.payment_failed') {
            await tx
              .update(paymentIntents)
              .set({ status: 'failed', lastError: event.intent.lastError })
              .where(
                and(
                  eq(paymentIntents.providerIntentId, event.intent.id),
                  eq(paymentIntents.status, 'requires_payment'),
                ),
              );
          }
          return { duplicate: false, outcome: null };
        }),
      );
    } catch (error) {
      if (!(error instanceof IntentMismatch)) throw error;
      log?.error(
        { eventId: event.id, type: event.type, detail: error.detail },
        'payment event refused: amount mismatch',
      );
      const recorded = await this.deps.db
        .insert(webhookEvents)
        .values({ id: event.id, provider: provider.name, type: event.type })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return { duplicate: recorded.length === 0, outcome: null };
    }
  }

  private async answer(outcome: SettlementOutcome, log?: FastifyBaseLogger): Promise<PaymentResult> {
    switch (outcome.kind) {
      case 'paid':
        if (outcome.changed) {
          await releaseOtherIntents(
            this.deps.db,
            this.deps.cardProvider,
            outcome.productId,
            outcome.bookingId,
            log,
          );
        }
        return outcome.result;
      case 'released':
        throw new Conflict(
          outcome.reason === cancelReasons.soldToAnother
            ? paymentMessages.authorizationReleased
            : `${orderCancelledMessage(outcome.reason)} Your card was not charged.`,
          outcome.reason === cancelReasons.soldToAnother ? 'PRODUCT_SOLD' : 'BOOKING_CANCELLED',
        );
      case 'stale':
        throw new Conflict(paymentMessages.priceChanged, 'PRICE_CHANGED');
      case 'not_authorized':
        if (outcome.lastError) throw new CardDeclined(outcome.lastError);
        throw new Conflict(paymentMessages.notAuthorized, 'NOT_AUTHORIZED');
      case 'unknown':
        throw new NotFound(buyerMessages.bookingNotFound);
    }
  }

  /** The buyer's own booking with the price it was booked at; anyone else's is "not found". */
  private async findOwnBooking(viewer: Viewer, bookingId: string): Promise<PayableBooking> {
    const [row] = await this.deps.db
      .select({
        id: bookings.id,
        status: bookings.status,
        cancelReason: bookings.cancelReason,
        productId: bookings.productId,
        productStatus: products.status,
        productDeletedAt: products.deletedAt,
        amountCents: bookings.priceCents,
        currency: bookings.currency,
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.buyerId, viewer.id), isNull(bookings.hiddenByBuyerAt)),
      );
    if (!row) throw new NotFound(buyerMessages.bookingNotFound);
    return row;
  }

  /**
   * Claims the hold, or explains why not: the state that changed, this booking's time to pay run out,
   * the buyer already paying for another item, or someone else paying right now.
   */
  private async holdFor(viewer: Viewer, booking: PayableBooking): Promise<Date> {
    const claim = await claimHold(this.deps.db, {
      bookingId: booking.id,
      productId: booking.productId,
      buyerId: viewer.id,
      maxHolds: this.deps.config.MAX_CHECKOUT_HOLDS,
    });
    if (claim.held) return claim.until;
    const current = await this.findOwnBooking(viewer, booking.id);
    if (current.status === 'paid' || current.status === 'completed')
      throw new Conflict(paymentMessages.alreadyPaid, 'ALREADY_PAID');
    assertPayable(current);
    if (claim.reason === 'window') throw new Conflict(paymentMessages.holdWindowOver, 'HOLD_WINDOW_OVER');
    if (claim.reason === 'limit') throw new Conflict(paymentMessages.payingForAnother, 'PAYING_FOR_ANOTHER');
    throw new Conflict(messages.someoneElsePaying, 'SOMEONE_ELSE_PAYING');
  }

  /**
   * The booking's price read again once the hold is ours: a price drop may have lowered it between the
   * first read and the hold, and no edit can while it is held (products.service edit), so the intent asks
   * for what it says now.
   */
  private async priceWhileHeld(viewer: Viewer, booking: PayableBooking): Promise<PayableBooking> {
    const current = await this.findOwnBooking(viewer, booking.id);
    return { ...booking, amountCents: current.amountCents, currency: current.currency };
  }

  /** The intent for a held booking; if the provider cannot make one, the product is released at once. */
  private async intentWithinHold(booking: PayableBooking): Promise<IntentRow> {
    try {
      return await this.intentFor(booking);
    } catch (error) {
      await releaseHold(this.deps.db, booking.id, booking.productId);
      throw error;
    }
  }

  private intentFor(booking: PayableBooking): Promise<IntentRow> {
    return ensureIntent(this.deps.db, this.deps.cardProvider, {
      bookingId: booking.id,
      productId: booking.productId,
      amountCents: booking.amountCents,
      currency: booking.currency,
    });
  }

  private async receipt(bookingId: string): Promise<PaymentResult> {
    const [payment] = await this.deps.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    if (!payment) throw new Error(`booking ${bookingId} is paid but has no payment row`);
    return toResult(payment);
  }
}

function assertPayable(booking: PayableBooking): void {
  if (booking.status === 'refunded') throw new Conflict(orderMessages.alreadyRefunded, 'ALREADY_REFUNDED');
  if (booking.status === 'cancelled') {
    throw new Conflict(orderCancelledMessage(booking.cancelReason), 'BOOKING_CANCELLED');
  }
  if (booking.productDeletedAt) throw new Conflict(buyerMessages.productUnavailable, 'PRODUCT_UNAVAILABLE');
  if (booking.productStatus === 'sold') throw new Conflict(messages.productSold, 'PRODUCT_SOLD');
}
