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
  cashMessages,
  walletMessages,
  reviewMessages,
  type BookingStatus,
  type Checkout,
  type PaymentMethod,
  type PaymentResult,
  type WalletOutcome,
  type WalletSandboxPayment,
} from '@furniture-mart/shared';
import type { WalletSandboxProvider } from '../../platform/card-providers/wallet-sandbox.js';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import { bookings, paymentIntents, payments, products, webhookEvents } from '../../platform/db/schema.js';
import { BadRequest, Conflict, NotFound } from '../../platform/errors.js';
import {
  CardDeclined,
  PaymentProviderFailed,
  WalletRefused,
  WalletUnavailable,
} from '../../platform/card-providers/errors.js';
import type {
  CardInput,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
} from '../../platform/card-providers/provider.js';
import { claimCashReservation, lapseDue } from './cash.js';
import { claimHold, releaseHold } from './hold.js';
import { ensureIntent, findIntent, refOf, releaseOtherIntents, type IntentRow } from './intents.js';
import { IntentMismatch, settle, settleIn, toResult, type SettlementOutcome } from './settlement.js';
import { withTransactionRetry } from './transactions.js';

/** The provider events that mean money is authorized (or already captured) for an intent. */
const SETTLING_EVENTS = new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);

interface PayableBooking {
  id: string;
  status: BookingStatus;
  cancelReason: string | null;
  productId: string;
  productStatus: 'available' | 'sold';
  productDeletedAt: Date | null;
  productAcceptsCash: boolean;
  amountCents: number;
  currency: string;
  handoffCode: string | null;
  reservedUntil: Date | null;
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

  constructor(
    private readonly deps: Pick<
      ServiceDeps,
      'db' | 'cardProvider' | 'walletProvider' | 'listings' | 'config'
    >,
  ) {}

  /** Set once by the composition root (services.ts). */
  routeOtherIntents(handler: OtherIntents): void {
    this.otherIntents = handler;
  }

  /**
   * Starts (or resumes) paying for a booking the way the buyer chose (decision 0090), when the shop
   * (PAYMENT_METHODS) and, for cash, the listing allow it:
   *  - card: holds the product for this booking and answers the intent to confirm. Calling it again
   *    keeps the hold (never past 15 minutes from the first checkout) and reuses the same intent;
   *  - wallet: the same hold, and a payment at the wallet for the booking's amount; answers the
   *    wallet's page to send the buyer to;
   *  - cash: reserves the piece for CASH_HOLD_HOURS and answers the handoff code at once.
   */
  async checkout(viewer: Viewer, bookingId: string, method: PaymentMethod = 'card'): Promise<Checkout> {
    const booking = await this.findOwnBooking(viewer, bookingId);
    if (booking.status === 'reserved' && method === 'cash') return this.cashAnswer(booking);
    if (booking.status === 'paid' || booking.status === 'completed')
      throw new Conflict(paymentMessages.alreadyPaid, 'ALREADY_PAID');
    assertPayable(booking);
    if (!this.deps.config.PAYMENT_METHODS.includes(method)) {
      throw new Conflict(paymentMessages.methodNotOffered, 'PAYMENT_METHOD_NOT_OFFERED');
    }
    if (method === 'cash') return this.reserveForCash(viewer, booking);
    const provider = method === 'wallet' ? this.deps.walletProvider : this.deps.cardProvider;
    if (method === 'wallet') await this.settleCompletedWalletPayment(booking);
    const holdExpiresAt = await this.holdFor(viewer, booking);
    const intent = await this.intentWithinHold(await this.priceWhileHeld(viewer, booking), provider);
    return {
      bookingId: booking.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      provider: provider.name,
      clientSecret: method === 'wallet' ? null : intent.clientSecret,
      holdExpiresAt: holdExpiresAt.toISOString(),
      method,
      redirectUrl: method === 'wallet' ? intent.clientSecret : null,
      reservedUntil: null,
      handoffCode: null,
    };
  }

  /**
   * A wallet payment of this booking that was never settled (the buyer closed the tab before the
   * callback) is looked up first: completed at the wallet, it settles now instead of asking for the
   * money again; cancelled or expired there, a fresh one is made.
   */
  private async settleCompletedWalletPayment(booking: PayableBooking): Promise<void> {
    const provider = this.deps.walletProvider;
    const existing = await findIntent(this.deps.db, provider, booking.id, booking.amountCents);
    if (!existing || existing.status === 'cancelled') return;
    let remote: ProviderIntent;
    try {
      remote = await provider.retrieveIntent(refOf(existing));
    } catch (error) {
      if (!(error instanceof PaymentProviderFailed)) throw error;
      // The wallet no longer knows it (expired, or refused our query): it took nothing; start afresh.
      remote = { ...this.emptyIntent(existing), status: 'cancelled', lastError: error.detail };
    }
    if (remote.status === 'cancelled') {
      await this.deps.db
        .update(paymentIntents)
        .set({ status: 'cancelled', lastError: remote.lastError })
        .where(eq(paymentIntents.id, existing.id));
      return;
    }
    if (remote.status !== 'captured') return;
    const outcome = await settle(this.deps.db, provider, {
      providerIntentId: existing.providerIntentId,
      publicUrl: this.deps.config.PUBLIC_URL,
    });
    if (outcome.kind === 'paid') {
      if (outcome.changed) this.deps.listings.changed();
      throw new Conflict(paymentMessages.alreadyPaid, 'ALREADY_PAID');
    }
  }

  private emptyIntent(row: IntentRow): ProviderIntent {
    return {
      id: row.providerIntentId,
      status: 'requires_payment',
      amountCents: row.amountCents,
      currency: row.currency,
      clientSecret: null,
      card: null,
      lastError: null,
      metadata: {},
    };
  }

  private async reserveForCash(viewer: Viewer, booking: PayableBooking): Promise<Checkout> {
    if (!booking.productAcceptsCash) throw new Conflict(cashMessages.notOffered, 'CASH_NOT_OFFERED');
    const claim = await claimCashReservation(this.deps.db, {
      bookingId: booking.id,
      productId: booking.productId,
      buyerId: viewer.id,
      holdHours: this.deps.config.CASH_HOLD_HOURS,
      publicUrl: this.deps.config.PUBLIC_URL,
    });
    if (!claim.reserved) {
      if (claim.reason === 'has_reservation')
        throw new Conflict(cashMessages.oneAtATime, 'CASH_RESERVATION_EXISTS');
      if (claim.reason === 'blocked') throw new Conflict(cashMessages.blocked, 'CASH_BLOCKED');
      const current = await this.findOwnBooking(viewer, booking.id);
      if (current.status === 'reserved') return this.cashAnswer(current);
      assertPayable(current);
      if (!current.productAcceptsCash) throw new Conflict(cashMessages.notOffered, 'CASH_NOT_OFFERED');
      throw new Conflict(messages.someoneElsePaying, 'SOMEONE_ELSE_PAYING');
    }
    this.deps.listings.changed();
    return this.cashAnswer({ ...booking, reservedUntil: claim.until, handoffCode: claim.handoffCode });
  }

  private cashAnswer(booking: PayableBooking): Checkout {
    const until = (booking.reservedUntil ?? new Date()).toISOString();
    return {
      bookingId: booking.id,
      amountCents: booking.amountCents,
      currency: booking.currency,
      provider: 'cash',
      clientSecret: null,
      holdExpiresAt: until,
      method: 'cash',
      redirectUrl: null,
      reservedUntil: until,
      handoffCode: booking.handoffCode,
    };
  }

  /** Lapses cash reservations past their time (the `cash-lapse` job); answers how many. */
  async lapseCashReservationsOnce(): Promise<number> {
    const lapsed = await lapseDue(this.deps.db, this.deps.config.PUBLIC_URL);
    if (lapsed.length > 0) this.deps.listings.changed();
    return lapsed.length;
  }

  /**
   * The wallet sent the buyer back (GET /api/payments/wallet/callback). Nothing in the request is
   * believed: the payment must be this buyer's (else 404, whatever booking it names), it is executed at
   * the wallet only when the wallet said success, and settlement then queries the wallet and records the
   * sale only for a payment the wallet reports completed for exactly the booking's amount. A replayed or
   * concurrent callback finds the booking paid and changes nothing. Answers the booking and the outcome
   * to show on its page.
   */
  async walletCallback(
    viewer: Viewer,
    paymentId: string,
    status: string | undefined,
    log?: FastifyBaseLogger,
  ): Promise<{ bookingId: string; outcome: WalletOutcome }> {
    const provider = this.deps.walletProvider;
    const [intent] = await this.deps.db
      .select({ intent: paymentIntents, bookingId: bookings.id })
      .from(paymentIntents)
      .innerJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
      .where(
        and(
          eq(paymentIntents.providerIntentId, paymentId),
          eq(paymentIntents.provider, provider.name),
          eq(bookings.buyerId, viewer.id),
        ),
      );
    if (!intent) throw new NotFound(walletMessages.unknownPayment, 'UNKNOWN_WALLET_PAYMENT');
    const result = (outcome: WalletOutcome) => ({ bookingId: intent.bookingId, outcome });

    let refusal: WalletRefused | null = null;
    if (status === 'success' && provider.execute) {
      try {
        await provider.execute(refOf(intent.intent));
      } catch (error) {
        if (error instanceof WalletRefused) refusal = error;
        else if (error instanceof WalletUnavailable) return result('pending');
        else throw error;
      }
    }
    let outcome: SettlementOutcome;
    try {
      outcome = await settle(this.deps.db, provider, {
        providerIntentId: paymentId,
        publicUrl: this.deps.config.PUBLIC_URL,
      });
    } catch (error) {
      if (error instanceof WalletUnavailable) return result('pending');
      if (!(error instanceof PaymentProviderFailed)) throw error;
      // The amount at the wallet is not the booking's, or the wallet refused our query: never paid.
      log?.error({ paymentId, detail: error.detail }, 'wallet payment not settled');
      return result('failed');
    }
    switch (outcome.kind) {
      case 'paid':
        if (outcome.changed) {
          this.deps.listings.changed();
          await releaseOtherIntents(this.deps.db, provider, outcome.productId, outcome.bookingId, log);
          await releaseOtherIntents(
            this.deps.db,
            this.deps.cardProvider,
            outcome.productId,
            outcome.bookingId,
            log,
          );
        }
        // Paid, but by another payment (a card, meanwhile): settlement gave this one back.
        return result(outcome.result.transactionId === paymentId ? 'paid' : 'returned');
      case 'released':
        return result('returned');
      case 'not_authorized':
        if (refusal) {
          await this.deps.db
            .update(paymentIntents)
            .set({ status: 'failed', lastError: refusal.message })
            .where(eq(paymentIntents.id, intent.intent.id));
          return result('failed');
        }
        if (status === 'cancel') return result('cancelled');
        return result(status === 'failure' || outcome.lastError ? 'failed' : 'pending');
      default:
        return result('failed');
    }
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

  /** The wallet sandbox's payment for its page, when it is this buyer's; anyone else's is "not found". */
  async sandboxWalletPayment(viewer: Viewer, paymentId: string): Promise<WalletSandboxPayment> {
    const sandbox = await this.ownSandboxPayment(viewer, paymentId);
    const payment = sandbox.find(paymentId);
    if (!payment) throw new NotFound(walletMessages.notFound);
    return {
      paymentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
    };
  }

  /** The buyer's answer on the sandbox's page; answers the callback the buyer's browser goes to next. */
  async approveSandboxWallet(
    viewer: Viewer,
    paymentId: string,
    answer: { decision: 'approve' | 'cancel'; pin?: string | undefined },
  ): Promise<{ redirectUrl: string }> {
    const sandbox = await this.ownSandboxPayment(viewer, paymentId);
    if (!sandbox.find(paymentId)) throw new NotFound(walletMessages.notFound);
    try {
      return { redirectUrl: sandbox.approve(paymentId, answer) };
    } catch (error) {
      if (error instanceof WalletRefused) {
        throw new BadRequest(error.message, { pin: error.message }, 'WRONG_WALLET_PIN');
      }
      throw error;
    }
  }

  private async ownSandboxPayment(viewer: Viewer, paymentId: string): Promise<WalletSandboxProvider> {
    const provider = this.deps.walletProvider;
    if (provider.name !== 'wallet_sandbox') throw new NotFound(walletMessages.notFound);
    const [row] = await this.deps.db
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .innerJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
      .where(
        and(
          eq(paymentIntents.providerIntentId, paymentId),
          eq(paymentIntents.provider, provider.name),
          eq(bookings.buyerId, viewer.id),
        ),
      );
    if (!row) throw new NotFound(walletMessages.notFound);
    return provider as WalletSandboxProvider;
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
        productAcceptsCash: products.acceptsCash,
        amountCents: bookings.priceCents,
        currency: bookings.currency,
        handoffCode: bookings.handoffCode,
        reservedUntil: bookings.reservedUntil,
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
  private async intentWithinHold(
    booking: PayableBooking,
    provider: PaymentProvider = this.deps.cardProvider,
  ): Promise<IntentRow> {
    try {
      return await this.intentFor(booking, provider);
    } catch (error) {
      await releaseHold(this.deps.db, booking.id, booking.productId);
      throw error;
    }
  }

  private intentFor(booking: PayableBooking, provider: PaymentProvider): Promise<IntentRow> {
    return ensureIntent(this.deps.db, provider, {
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
  // Reserved for cash: paying online instead is for after the reservation is given up.
  if (booking.status === 'reserved')
    throw new Conflict(cashMessages.reservedNotice, 'CASH_RESERVATION_EXISTS');
  if (booking.status === 'refunded') throw new Conflict(orderMessages.alreadyRefunded, 'ALREADY_REFUNDED');
  if (booking.status === 'refused') throw new Conflict(reviewMessages.alreadyRefused, 'ALREADY_REFUSED');
  if (booking.status === 'cancelled') {
    throw new Conflict(orderCancelledMessage(booking.cancelReason), 'BOOKING_CANCELLED');
  }
  if (booking.productDeletedAt) throw new Conflict(buyerMessages.productUnavailable, 'PRODUCT_UNAVAILABLE');
  if (booking.productStatus === 'sold') throw new Conflict(messages.productSold, 'PRODUCT_SOLD');
}
