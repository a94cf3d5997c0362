/**
 * Offer rules (issue 40). A buyer offers between OFFER_MIN_PERCENT of the price and just below it and
 * authorizes the amount on their card (a hold, nothing charged); only then does the seller see it. The
 * seller accepts, declines, or counters once; the buyer may take a counter (authorizing its amount) or
 * withdraw while nothing is accepted. After OFFER_HOURS a live offer expires (the offers job).
 *
 * Exactly one winner: an acceptance is a booking at the offer's amount settled by the one settlement
 * transaction (payments/settlement.ts) inside the acceptance's own transaction, with the product locked
 * first. Whatever else reaches the product or the offer at the same moment (another acceptance, another
 * buyer's checkout, a withdrawal, the expiry job, a price edit) waits for that lock or the offer's row
 * and then finds the state changed: a 409. Every hold that does not become the sale is released after
 * the commit, and the offers job releases any a crash left behind (decision 0080).
 */
import { and, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  buyerMessages,
  currencyDecimals,
  formatMoney,
  liveOfferStatuses,
  maskContactDetails,
  messages,
  offerMessages,
  parseAmount,
  paymentMessages,
  type Offer,
  type OfferAccepted,
  type OfferCheckout,
  type OfferConfirm,
  type OfferListQuery,
  type Page,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import { beingPaid, takeListingSnapshot } from '../products/index.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { rowsOf } from '../../platform/db/queue.js';
import { bookings, offerIntents, offers, paymentIntents, products } from '../../platform/db/schema.js';
import {
  AppError,
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  isUniqueViolation,
} from '../../platform/errors.js';
import { CardDeclined } from '../../platform/card-providers/errors.js';
import type { CardInput, ProviderEvent } from '../../platform/card-providers/provider.js';
import { refOf, releaseOtherIntents, settleIn, withTransactionRetry } from '../payments/index.js';
import { recordOfferCard, type OfferCardEvent } from '../conversations/index.js';
import { notifyOffer } from './notify.js';
import { findOfferRow, listOfferRows, ofBuyer, ofSeller, toOffer, type OfferRow } from './offers.queries.js';

/** Time a new offer has to be authorized on the card before it lapses. */
export const PAY_MINUTES = 30;
/** An acceptance still unfinished after this long is looked at again by the offers job. */
export const ACCEPT_RECOVERY_SECONDS = 60;

const live = [...liveOfferStatuses];
type IntentRow = typeof offerIntents.$inferSelect;
type Answering = 'open' | 'countered';

export interface OffersJobResult {
  expired: number;
  released: number;
  recovered: number;
}

export class OffersService {
  /** Offers hold money on a card: the card provider's name, as the offer tables store it. */
  private readonly cardName: OfferCheckout['provider'];

  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'cardProvider' | 'listings' | 'config'>) {
    const name = deps.cardProvider.name;
    if (name !== 'sandbox' && name !== 'stripe') throw new Error(`Offers need a card provider, not ${name}.`);
    this.cardName = name;
  }

  /** A new offer, waiting for the buyer's card; the request says only the product and the amount. */
  async create(viewer: Viewer, productId: string, amountText: string | number): Promise<Offer> {
    const { OFFER_MIN_PERCENT, MAX_OPEN_OFFERS } = this.deps.config;
    let offerId: string;
    try {
      offerId = await this.deps.db.transaction(async (tx) => {
        // The buyer first: their concurrent offers count each other (locks go user, product, offer).
        await lockPerson(tx, viewer.id);
        const [product] = await tx
          .select({
            sellerId: products.sellerId,
            status: products.status,
            deletedAt: products.deletedAt,
            firmPrice: products.firmPrice,
            priceCents: products.sellingPriceCents,
            currency: products.currency,
          })
          .from(products)
          .where(eq(products.id, productId))
          .for('share');
        if (!product || product.deletedAt) throw new NotFound(offerMessages.productNotFound);
        if (product.sellerId === viewer.id) throw new Forbidden(offerMessages.ownProduct, 'OWN_PRODUCT');
        if (product.status === 'sold') throw new Conflict(messages.productSold, 'PRODUCT_SOLD');
        if (product.firmPrice) throw new Conflict(offerMessages.firmPrice, 'FIRM_PRICE');

        const amountCents = readAmount(amountText, product.currency);
        const minimum = Math.ceil((product.priceCents * OFFER_MIN_PERCENT) / 100);
        if (amountCents < minimum) {
          const message = offerMessages.amountBelowMinimum(formatMoney(minimum, product.currency));
          throw new BadRequest(message, { amount: message });
        }
        if (amountCents >= product.priceCents) {
          const message = offerMessages.amountAtPrice(formatMoney(product.priceCents, product.currency));
          throw new BadRequest(message, { amount: message });
        }

        const [mine] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(offers)
          .where(and(eq(offers.buyerId, viewer.id), inArray(offers.status, live)));
        if ((mine?.count ?? 0) >= MAX_OPEN_OFFERS)
          throw new Conflict(offerMessages.tooManyOffers(MAX_OPEN_OFFERS), 'TOO_MANY_OFFERS');

        const [created] = await tx
          .insert(offers)
          .values({
            productId,
            buyerId: viewer.id,
            amountCents,
            currency: product.currency,
            expiresAt: sql`now() + make_interval(mins => ${PAY_MINUTES})`,
          })
          .returning({ id: offers.id });
        return created!.id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'offers_one_live_per_buyer_idx'))
        throw new Conflict(offerMessages.alreadyOffered, 'ALREADY_OFFERED');
      throw error;
    }
    return toOffer((await findOfferRow(this.deps.db, offerId))!);
  }

  /** Its buyer, its seller (once it reached them) and admins; anyone else gets the unknown id's 404. */
  async get(viewer: Viewer, offerId: string): Promise<Offer> {
    const row = await findOfferRow(this.deps.db, offerId);
    if (!row || !canSee(viewer, row)) throw new NotFound(offerMessages.notFound);
    return toOffer(row);
  }

  async listMine(viewer: Viewer, query: OfferListQuery): Promise<Page<Offer>> {
    const where = query.role === 'seller' ? ofSeller(viewer.id) : ofBuyer(viewer.id);
    const { rows, total } = await listOfferRows(this.deps.db, where, query);
    return { items: rows.map(toOffer), page: query.page, pageSize: query.pageSize, total };
  }

  /**
   * The amount to authorize now: the offer's own (awaiting payment) or the seller's counter (the buyer
   * takes it). Calling it again answers the same intent.
   */
  async checkout(viewer: Viewer, offerId: string): Promise<OfferCheckout> {
    const row = await this.ownOffer(viewer, offerId);
    const amountCents = payableAmount(row);
    const intent = await this.ensureIntent(row, amountCents);
    return {
      offerId: row.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      provider: this.cardName,
      clientSecret: intent.clientSecret,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /**
   * After the card step: an offer awaiting payment becomes open (the seller is told and has OFFER_HOURS
   * to answer); a countered offer is the buyer taking the counter, which settles the sale at once.
   */
  async confirm(
    viewer: Viewer,
    offerId: string,
    card: CardInput | null,
    log?: FastifyBaseLogger,
  ): Promise<OfferConfirm> {
    const row = await this.ownOffer(viewer, offerId, true);
    if (row.status === 'accepted') return this.acceptedAnswer(row.id);
    const amountCents = payableAmount(row);
    const provider = this.deps.cardProvider;
    let intent: IntentRow;
    if (provider.authorizeCard) {
      if (!card) throw new BadRequest(paymentMessages.enterCardDetails, { cardNumber: messages.required });
      intent = await this.ensureIntent(row, amountCents);
      try {
        await provider.authorizeCard(refOf(intent), card);
      } catch (error) {
        if (error instanceof CardDeclined) {
          await this.deps.db
            .update(offerIntents)
            .set({ status: 'failed', lastError: error.message })
            .where(eq(offerIntents.id, intent.id));
        }
        throw error;
      }
    } else {
      const existing = await this.findIntent(row.id, amountCents);
      if (!existing) throw new Conflict(paymentMessages.notAuthorized, 'NOT_AUTHORIZED');
      intent = existing;
    }
    const remote = await provider.retrieveIntent(refOf(intent));
    if (remote.status !== 'authorized') {
      if (remote.lastError) throw new CardDeclined(remote.lastError);
      throw new Conflict(paymentMessages.notAuthorized, 'NOT_AUTHORIZED');
    }

    if (row.status === 'countered') {
      const accepted = await this.settle(row.id, intent, 'countered', log);
      return { offer: accepted.offer, booking: accepted.booking };
    }
    return { offer: await this.open(row, intent), booking: null };
  }

  /** The seller takes the offer: the sale settles at the offer's amount. */
  async accept(viewer: Viewer, offerId: string, log?: FastifyBaseLogger): Promise<OfferAccepted> {
    const row = await this.sellersOffer(viewer, offerId);
    if (row.status !== 'open') throw notOpen(row);
    const intent = await this.findIntent(row.id, row.amountCents);
    if (!intent) throw new Conflict(offerMessages.notOpen, 'OFFER_NOT_OPEN');
    return this.settle(row.id, intent, 'open', log);
  }

  async decline(viewer: Viewer, offerId: string, reason: string | undefined): Promise<Offer> {
    const row = await this.sellersOffer(viewer, offerId);
    // The reason reaches the buyer: contact details are held back as in a conversation before a booking.
    const declineReason = reason ? maskContactDetails(reason).text : null;
    await this.end(row.id, ['open'], { status: 'declined', declineReason });
    return this.answerAfterEnd(row.id);
  }

  async withdraw(viewer: Viewer, offerId: string): Promise<Offer> {
    const row = await this.ownOffer(viewer, offerId, true);
    await this.end(row.id, live, { status: 'withdrawn' });
    return this.answerAfterEnd(row.id);
  }

  /** The seller's one counter, between the offer and the price; the buyer has the rest of the time. */
  async counter(viewer: Viewer, offerId: string, amountText: string | number): Promise<Offer> {
    const row = await this.sellersOffer(viewer, offerId);
    await withTransactionRetry(() =>
      this.deps.db.transaction(async (tx) => {
        const [product] = await tx
          .select({ priceCents: products.sellingPriceCents, currency: products.currency })
          .from(products)
          .where(eq(products.id, row.productId))
          .for('share');
        const offer = await lockOffer(tx, row.id);
        if (offer.status === 'countered' || offer.counterAmountCents !== null)
          throw new Conflict(offerMessages.alreadyCountered, 'ALREADY_COUNTERED');
        if (offer.status !== 'open') throw notOpen(offer);
        if (!offer.live) throw new Conflict(offerMessages.expired, 'OFFER_EXPIRED');
        const amountCents = readAmount(amountText, offer.currency);
        if (amountCents <= offer.amountCents) {
          const message = offerMessages.counterTooLow(formatMoney(offer.amountCents, offer.currency));
          throw new BadRequest(message, { amount: message });
        }
        if (amountCents >= product!.priceCents) {
          const message = offerMessages.counterAtPrice(formatMoney(product!.priceCents, offer.currency));
          throw new BadRequest(message, { amount: message });
        }
        await tx
          .update(offers)
          .set({ status: 'countered', counterAmountCents: amountCents })
          .where(eq(offers.id, offer.id));
        await card(tx, offer, 'countered', offer.sellerId);
        await notifyOffer(tx, this.deps.config.PUBLIC_URL, offer.id, 'countered');
      }),
    );
    return toOffer((await findOfferRow(this.deps.db, row.id))!);
  }

  /**
   * The offers job, every 30 seconds: expires live offers whose time is up (rows claimed with SKIP
   * LOCKED, so an acceptance holding one is never touched and several instances never take the same),
   * finishes or undoes acceptances a crash interrupted, and releases every hold of an offer that ended
   * without it (also one a crash or a provider outage left held).
   */
  async runOnce(log?: FastifyBaseLogger): Promise<OffersJobResult> {
    const expired = await this.expireDue();
    const recovered = await this.recoverAcceptances(log);
    const released = await this.releaseEnded(log);
    return { expired, released, recovered };
  }

  // ---------- the provider's events (Stripe's webhook, through payments) ----------

  async owns(providerIntentId: string): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: offerIntents.id })
      .from(offerIntents)
      .where(eq(offerIntents.providerIntentId, providerIntentId));
    return Boolean(row);
  }

  /**
   * Keeps an offer right when the browser closed mid-way: an authorization opens an offer waiting for
   * the card, or takes the counter it was made for; a cancellation by the provider (an authorization
   * that lapsed) ends the open offer whose hold it was; a refusal is recorded. Safe to run again.
   */
  async handle(event: ProviderEvent, log?: FastifyBaseLogger): Promise<void> {
    if (!event.intent) return;
    const [intent] = await this.deps.db
      .select()
      .from(offerIntents)
      .where(eq(offerIntents.providerIntentId, event.intent.id));
    if (!intent) return;
    const row = await findOfferRow(this.deps.db, intent.offerId);
    if (!row) return;
    const authorized =
      event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.succeeded';
    try {
      if (authorized && event.intent.amountCents === intent.amountCents) {
        if (row.status === 'awaiting_payment' && intent.amountCents === row.amountCents)
          await this.open(row, intent);
        else if (row.status === 'countered' && intent.amountCents === row.counterAmountCents)
          await this.settle(row.id, intent, 'countered', log);
        else if (row.status !== 'accepted' || row.bookingId === null)
          await this.releaseEnded(log, row.productId);
      } else if (event.type === 'payment_intent.canceled') {
        await this.deps.db
          .update(offerIntents)
          .set({ status: 'cancelled' })
          .where(and(eq(offerIntents.id, intent.id), ne(offerIntents.status, 'captured')));
        if (row.status === 'open' && intent.amountCents === row.amountCents)
          await this.end(row.id, ['open'], { status: 'expired' });
      } else if (event.type === 'payment_intent.payment_failed') {
        await this.deps.db
          .update(offerIntents)
          .set({ status: 'failed', lastError: event.intent.lastError })
          .where(and(eq(offerIntents.id, intent.id), eq(offerIntents.status, 'requires_payment')));
      }
    } catch (error) {
      // A step the offer's state no longer allows (it ended meanwhile): nothing to do, its hold is released.
      if (!(error instanceof AppError)) throw error;
      log?.info({ offer: row.id, type: event.type, code: error.code }, 'offer event changed nothing');
      await this.releaseEnded(log, row.productId);
    }
  }

  // ---------- the sale ----------

  /**
   * Settles the offer's sale: one transaction that locks the product, then the offer, checks both, makes
   * the booking at the agreed amount, ends the product's other offers and hands over to settlement,
   * whose last step before COMMIT is the capture. A refused capture rolls it all back.
   */
  private async settle(
    offerId: string,
    intent: IntentRow,
    expected: Answering,
    log?: FastifyBaseLogger,
    recovering = false,
  ): Promise<OfferAccepted> {
    // Committed before any money moves, so the offers job can find an acceptance a crash cut short.
    await this.deps.db
      .update(offers)
      .set({ acceptingSince: sql`coalesce(${offers.acceptingSince}, now())` })
      .where(and(eq(offers.id, offerId), eq(offers.status, expected)));
    const provider = this.deps.cardProvider;
    let sale: { bookingId: string; productId: string };
    try {
      sale = await withTransactionRetry(() =>
        this.deps.db.transaction((tx) => this.settleIn(tx, offerId, intent, expected, recovering)),
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The provider refused the capture (an authorization that lapsed): nothing was recorded.
      const remote = await provider.retrieveIntent(refOf(intent)).catch(() => null);
      if (remote && remote.status !== 'authorized' && remote.status !== 'captured') {
        await this.captureRefused(offerId, intent);
        throw new Conflict(offerMessages.captureRefused, 'CAPTURE_REFUSED');
      }
      throw error;
    }
    await releaseOtherIntents(this.deps.db, provider, sale.productId, sale.bookingId, log);
    await this.releaseEnded(log, sale.productId);
    this.deps.listings.changed();
    return this.acceptedAnswer(offerId);
  }

  private async settleIn(
    tx: Tx,
    offerId: string,
    intent: IntentRow,
    expected: Answering,
    recovering: boolean,
  ): Promise<{ bookingId: string; productId: string }> {
    const [head] = await tx
      .select({ productId: offers.productId })
      .from(offers)
      .where(eq(offers.id, offerId));
    const [product] = await tx
      .select({
        status: products.status,
        deletedAt: products.deletedAt,
        priceCents: products.sellingPriceCents,
        location: products.location,
        holdBookingId: products.holdBookingId,
        // Someone is paying (a card checkout) or holds it for cash; the same rule the product page shows.
        held: beingPaid,
      })
      .from(products)
      .where(eq(products.id, head!.productId))
      .for('update');
    const offer = await lockOffer(tx, offerId);
    if (offer.status !== expected) throw notOpen(offer);
    if (!offer.live && !recovering) throw new Conflict(offerMessages.expired, 'OFFER_EXPIRED');
    if (!product || product.deletedAt)
      throw new Conflict(buyerMessages.productUnavailable, 'PRODUCT_UNAVAILABLE');
    if (product.status === 'sold') throw new Conflict(messages.productSold, 'PRODUCT_SOLD');
    const amountCents = expected === 'countered' ? offer.counterAmountCents! : offer.amountCents;
    if (amountCents !== intent.amountCents) throw new Conflict(offerMessages.notOpen, 'OFFER_NOT_OPEN');
    if (amountCents >= product.priceCents) throw new Conflict(offerMessages.priceBelowOffer, 'PRICE_CHANGED');

    // The buyer's own open booking of the piece becomes the order; someone else paying right now wins.
    const [own] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.productId, offer.productId),
          eq(bookings.buyerId, offer.buyerId),
          eq(bookings.status, 'booked'),
        ),
      )
      .for('update');
    if (product.held && product.holdBookingId !== own?.id)
      throw new Conflict(offerMessages.someoneElsePaying, 'SOMEONE_ELSE_PAYING');
    let bookingId: string;
    if (own) {
      await tx
        .update(bookings)
        .set({ priceCents: amountCents, currency: offer.currency })
        .where(eq(bookings.id, own.id));
      bookingId = own.id;
    } else {
      const [created] = await tx
        .insert(bookings)
        .values({
          productId: offer.productId,
          buyerId: offer.buyerId,
          // Pickup is arranged in the conversation the offer was made in.
          phone: '',
          meetingLocation: product.location,
          priceCents: amountCents,
          currency: offer.currency,
          // What the buyer agreed to, kept with the order like a booking's (decision 0077).
          listingAtBooking: await takeListingSnapshot(tx, offer.productId),
        })
        .returning({ id: bookings.id });
      bookingId = created!.id;
    }
    // Settlement knows booking intents: the offer's hold becomes this booking's.
    await tx
      .insert(paymentIntents)
      .values({
        bookingId,
        provider: intent.provider,
        providerIntentId: intent.providerIntentId,
        clientSecret: intent.clientSecret,
        amountCents: intent.amountCents,
        currency: intent.currency,
        status: 'authorized',
      })
      .onConflictDoNothing();

    await tx
      .update(offers)
      .set({ status: 'accepted', bookingId, endedAt: sql`now()`, acceptingSince: null })
      .where(eq(offers.id, offerId));
    // Settlement ends the product's other live offers with its open bookings (products/removal.ts).
    await tx.update(offerIntents).set({ status: 'captured' }).where(eq(offerIntents.id, intent.id));
    await card(tx, offer, 'accepted', expected === 'countered' ? offer.buyerId : offer.sellerId);

    const outcome = await settleIn(tx, this.deps.cardProvider, {
      providerIntentId: intent.providerIntentId,
      publicUrl: this.deps.config.PUBLIC_URL,
    });
    if (outcome.kind === 'not_authorized') {
      // The hold lapsed at the provider: roll back, the product stays on sale.
      throw new CaptureRefused();
    }
    if (outcome.kind !== 'paid') throw new Conflict(offerMessages.notOpen, 'OFFER_NOT_OPEN');
    return { bookingId, productId: offer.productId };
  }

  /** The hold is gone at the provider: the offer can never be taken, so it ends now. */
  private async captureRefused(offerId: string, intent: IntentRow): Promise<void> {
    await this.deps.db
      .update(offers)
      .set({ status: 'expired', endedAt: sql`now()` })
      .where(and(eq(offers.id, offerId), inArray(offers.status, live)));
    await this.deps.db
      .update(offerIntents)
      .set({ status: 'cancelled' })
      .where(and(eq(offerIntents.id, intent.id), ne(offerIntents.status, 'captured')));
  }

  // ---------- the job ----------

  private async expireDue(): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        with due as (
          select id, status from ${offers}
          where status in ('awaiting_payment', 'open', 'countered') and expires_at <= now()
          order by expires_at
          limit 200
          for update skip locked
        )
        update ${offers} set status = 'expired', ended_at = now(), updated_at = now()
        from due where ${offers.id} = due.id
        returning ${offers.id} as id, ${offers.productId} as "productId", ${offers.buyerId} as "buyerId",
          due.status as was,
          (select ${products.sellerId} from ${products} where ${products.id} = ${offers.productId}) as "sellerId"`);
      const expired = rowsOf<{
        id: string;
        productId: string;
        buyerId: string;
        sellerId: string;
        was: string;
      }>(result);
      for (const offer of expired) {
        if (offer.was === 'awaiting_payment') continue;
        await card(tx, offer, 'expired', offer.buyerId);
        await notifyOffer(tx, this.deps.config.PUBLIC_URL, offer.id, 'expired');
      }
      return expired.length;
    });
  }

  /**
   * An acceptance that wrote its mark and never finished (the process stopped between the capture and
   * the COMMIT, or before either): if the provider captured the money, the sale is settled now (the
   * capture is not repeated) or, when it can no longer be, given back; if not, the mark is cleared.
   */
  private async recoverAcceptances(log?: FastifyBaseLogger): Promise<number> {
    const stuck = await this.deps.db
      .select({
        id: offers.id,
        status: offers.status,
        amountCents: offers.amountCents,
        counter: offers.counterAmountCents,
      })
      .from(offers)
      .where(
        and(
          inArray(offers.status, ['open', 'countered', 'expired', 'withdrawn', 'declined']),
          lt(offers.acceptingSince, sql`now() - make_interval(secs => ${ACCEPT_RECOVERY_SECONDS})`),
        ),
      )
      .limit(50);
    let recovered = 0;
    for (const offer of stuck) {
      const amountCents = offer.status === 'countered' ? offer.counter! : offer.amountCents;
      const intent = await this.findIntent(offer.id, amountCents);
      const remote = intent ? await this.deps.cardProvider.retrieveIntent(refOf(intent)) : null;
      if (
        intent &&
        remote?.status === 'captured' &&
        (offer.status === 'open' || offer.status === 'countered')
      ) {
        try {
          await this.settle(offer.id, intent, offer.status, log, true);
          recovered++;
          continue;
        } catch (error) {
          log?.warn({ err: error, offer: offer.id }, 'an interrupted acceptance could not settle; releasing');
          await this.end(offer.id, live, { status: 'expired' }).catch(() => undefined);
        }
      }
      await this.deps.db.update(offers).set({ acceptingSince: null }).where(eq(offers.id, offer.id));
      recovered++;
    }
    return recovered;
  }

  /**
   * Releases every hold of an ended offer that is not the sale's (cancelled, or refunded if a crash left
   * it captured): the offer's own earlier amount after a counter, the losers of a sale, expired,
   * declined and withdrawn offers. A provider call that fails is tried again on the next run.
   */
  private async releaseEnded(log?: FastifyBaseLogger, productId?: string): Promise<number> {
    const held = await this.deps.db
      .select({
        id: offerIntents.id,
        offerId: offerIntents.offerId,
        providerIntentId: offerIntents.providerIntentId,
        amountCents: offerIntents.amountCents,
        currency: offerIntents.currency,
        // Ended by the piece's sale or removal, not by anyone's answer: nobody has told the buyer yet.
        untold: sql<boolean>`${offers.status} = 'declined' and ${offers.declineReason} is null and exists (select 1 from ${products} where ${products.id} = ${offers.productId} and (${products.status} = 'sold' or ${products.deletedAt} is not null))`,
      })
      .from(offerIntents)
      .innerJoin(offers, eq(offers.id, offerIntents.offerId))
      .where(
        and(
          notInArray(offers.status, live),
          ne(offerIntents.status, 'cancelled'),
          ne(offerIntents.status, 'captured'),
          eq(offerIntents.provider, this.cardName),
          productId ? eq(offers.productId, productId) : undefined,
        ),
      )
      .limit(500);
    // A captured intent of an offer that did not become a sale (a crash after the capture) is refunded.
    const strays = productId
      ? []
      : await this.deps.db
          .select({
            id: offerIntents.id,
            offerId: offerIntents.offerId,
            providerIntentId: offerIntents.providerIntentId,
            amountCents: offerIntents.amountCents,
            currency: offerIntents.currency,
            untold: sql<boolean>`true`,
          })
          .from(offerIntents)
          .innerJoin(offers, eq(offers.id, offerIntents.offerId))
          .where(
            and(
              inArray(offers.status, ['declined', 'withdrawn', 'expired']),
              eq(offerIntents.status, 'captured'),
              eq(offerIntents.provider, this.cardName),
            ),
          )
          .limit(100);
    let released = 0;
    for (const intent of [...held, ...strays]) {
      try {
        await this.deps.cardProvider.release(refOf(intent));
        await this.deps.db.transaction(async (tx) => {
          await tx.update(offerIntents).set({ status: 'cancelled' }).where(eq(offerIntents.id, intent.id));
          if (intent.untold)
            await notifyOffer(
              tx,
              this.deps.config.PUBLIC_URL,
              intent.offerId,
              'released',
              intent.amountCents,
            );
        });
        released++;
      } catch (error) {
        log?.warn({ err: error, intent: intent.providerIntentId }, 'could not release an offer hold yet');
      }
    }
    return released;
  }

  // ---------- helpers ----------

  /** The offer awaiting payment turns open once its amount is held, if nothing ended it meanwhile. */
  private async open(row: OfferRow, intent: IntentRow): Promise<Offer> {
    const opened = await withTransactionRetry(() =>
      this.deps.db.transaction(async (tx) => {
        const [product] = await tx
          .select({ status: products.status, deletedAt: products.deletedAt })
          .from(products)
          .where(eq(products.id, row.productId))
          .for('share');
        const offer = await lockOffer(tx, row.id);
        if (offer.status === 'open') return true;
        if (
          offer.status !== 'awaiting_payment' ||
          !offer.live ||
          product?.status !== 'available' ||
          product.deletedAt
        )
          return false;
        await tx
          .update(offers)
          .set({
            status: 'open',
            expiresAt: sql`now() + make_interval(hours => ${this.deps.config.OFFER_HOURS})`,
          })
          .where(eq(offers.id, row.id));
        await tx
          .update(offerIntents)
          .set({ status: 'authorized', lastError: null })
          .where(eq(offerIntents.id, intent.id));
        await card(tx, offer, 'made', offer.buyerId);
        await notifyOffer(tx, this.deps.config.PUBLIC_URL, offer.id, 'made');
        return true;
      }),
    );
    if (!opened) {
      // It ended while the card was being asked (withdrawn, expired, the piece sold): give the money back.
      await this.end(row.id, live, { status: 'expired' }).catch(() => undefined);
      await this.releaseEnded(undefined, row.productId);
      const current = (await findOfferRow(this.deps.db, row.id))!;
      throw notOpen(current);
    }
    return toOffer((await findOfferRow(this.deps.db, row.id))!);
  }

  /** Ends an offer still in one of `from`, or answers why it cannot be; then releases its holds. */
  private async end(
    offerId: string,
    from: readonly string[],
    values: { status: 'declined' | 'withdrawn' | 'expired'; declineReason?: string | null },
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const offer = await lockOffer(tx, offerId);
      if (!from.includes(offer.status)) throw notOpen(offer);
      if (values.status === 'declined' && !offer.live)
        throw new Conflict(offerMessages.expired, 'OFFER_EXPIRED');
      await tx
        .update(offers)
        .set({ ...values, endedAt: sql`now()` })
        .where(eq(offers.id, offerId));
      // An offer still waiting for the card never reached the seller: nothing to show them.
      if (offer.status !== 'awaiting_payment') {
        await card(tx, offer, values.status, values.status === 'declined' ? offer.sellerId : offer.buyerId);
        const step = values.status === 'withdrawn' ? 'released' : values.status;
        await notifyOffer(tx, this.deps.config.PUBLIC_URL, offerId, step);
      }
    });
  }

  private async answerAfterEnd(offerId: string): Promise<Offer> {
    const row = (await findOfferRow(this.deps.db, offerId))!;
    await this.releaseEnded(undefined, row.productId);
    return toOffer(row);
  }

  private async acceptedAnswer(offerId: string): Promise<OfferAccepted> {
    const row = (await findOfferRow(this.deps.db, offerId))!;
    const [booking] = await this.deps.db
      .select({
        id: bookings.id,
        status: bookings.status,
        priceCents: bookings.priceCents,
        currency: bookings.currency,
      })
      .from(bookings)
      .where(eq(bookings.id, row.bookingId!));
    return {
      offer: toOffer(row),
      booking: {
        id: booking!.id,
        status: 'paid',
        priceCents: booking!.priceCents,
        currency: booking!.currency,
      },
    };
  }

  private async ownOffer(viewer: Viewer, offerId: string, anyStatus = false): Promise<OfferRow> {
    const row = await findOfferRow(this.deps.db, offerId);
    if (!row || row.buyerId !== viewer.id) throw new NotFound(offerMessages.notFound);
    if (!anyStatus && row.status !== 'awaiting_payment' && row.status !== 'countered') throw notOpen(row);
    return row;
  }

  private async sellersOffer(viewer: Viewer, offerId: string): Promise<OfferRow> {
    const row = await findOfferRow(this.deps.db, offerId);
    if (!row || row.sellerId !== viewer.id || row.status === 'awaiting_payment')
      throw new NotFound(offerMessages.notFound);
    return row;
  }

  private async findIntent(offerId: string, amountCents: number): Promise<IntentRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(offerIntents)
      .where(
        and(
          eq(offerIntents.offerId, offerId),
          eq(offerIntents.amountCents, amountCents),
          eq(offerIntents.provider, this.cardName),
        ),
      );
    return row;
  }

  /** One intent per offer and amount, created at the provider with a key per offer and amount. */
  private async ensureIntent(row: OfferRow, amountCents: number): Promise<IntentRow> {
    const existing = await this.findIntent(row.id, amountCents);
    if (existing && existing.status !== 'cancelled') return existing;
    const baseKey = `offer-intent-${row.id}-${amountCents}-${row.currency}`;
    const created = await this.deps.cardProvider.createIntent({
      // The provider's metadata names no booking of ours: a webhook about it settles nothing by itself.
      bookingId: row.id,
      productId: row.productId,
      amountCents,
      currency: row.currency,
      idempotencyKey: existing ? `${baseKey}-after-${existing.providerIntentId}` : baseKey,
    });
    const values = {
      providerIntentId: created.id,
      clientSecret: created.clientSecret,
      status: 'requires_payment' as const,
      lastError: null,
    };
    if (existing) {
      await this.deps.db.update(offerIntents).set(values).where(eq(offerIntents.id, existing.id));
    } else {
      await this.deps.db
        .insert(offerIntents)
        .values({
          ...values,
          offerId: row.id,
          provider: this.cardName,
          amountCents,
          currency: row.currency,
        })
        .onConflictDoNothing();
    }
    const stored = await this.findIntent(row.id, amountCents);
    if (!stored) throw new Error(`offer intent for ${row.id} vanished after it was written`);
    return stored;
  }
}

/** The offer's step as a card in the conversation of its buyer and seller. */
function card(
  tx: Tx,
  offer: { id: string; productId: string; buyerId: string; sellerId: string },
  event: OfferCardEvent,
  senderId: string,
): Promise<void> {
  return recordOfferCard(tx, {
    productId: offer.productId,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    senderId,
    offerId: offer.id,
    event,
  });
}

/** Thrown inside the sale's transaction when the provider holds no money for it any more. */
class CaptureRefused extends Error {}

function canSee(viewer: Viewer, row: OfferRow): boolean {
  if (viewer.role === 'admin' || row.buyerId === viewer.id) return true;
  return row.sellerId === viewer.id && row.status !== 'awaiting_payment';
}

function payableAmount(row: OfferRow): number {
  if (row.status === 'countered') return row.counterAmountCents!;
  if (row.status === 'awaiting_payment') return row.amountCents;
  throw notOpen(row);
}

function notOpen(row: { status: string; live?: boolean }): Conflict {
  if (row.status === 'expired') return new Conflict(offerMessages.expired, 'OFFER_EXPIRED');
  return new Conflict(offerMessages.notOpen, 'OFFER_NOT_OPEN');
}

/** An amount in minor units of the currency, or the 400 that says how to write it. */
function readAmount(text: string | number, currency: string): number {
  const minor = parseAmount(text, currency);
  if (minor === null || minor <= 0) {
    const message = offerMessages.amountTooPrecise(currencyDecimals(currency));
    throw new BadRequest(message, { amount: message });
  }
  return minor;
}

async function lockOffer(tx: Tx, offerId: string) {
  const [offer] = await tx
    .select({
      id: offers.id,
      productId: offers.productId,
      buyerId: offers.buyerId,
      status: offers.status,
      amountCents: offers.amountCents,
      counterAmountCents: offers.counterAmountCents,
      currency: offers.currency,
      sellerId: sql<string>`(select ${products.sellerId} from ${products} where ${products.id} = ${offers.productId})`,
      live: sql<boolean>`${offers.expiresAt} > now()`,
    })
    .from(offers)
    .where(eq(offers.id, offerId))
    .for('update');
  if (!offer) throw new NotFound(offerMessages.notFound);
  return offer;
}
