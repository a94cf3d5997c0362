/**
 * Booking rules: who may book what, one open booking per buyer and product (a database constraint, so
 * it also holds under concurrency), who may read a booking, and what deleting an order means.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  buyerMessages,
  cancelReasons,
  messages,
  postDateLabel,
  type Booking,
  type BookingDetail,
  type Page,
  type PageQuery,
  type ProductBooking,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { bookings, products } from '../../platform/db/schema.js';
import { AppError, Conflict, Forbidden, NotFound, isUniqueViolation } from '../../platform/errors.js';
import { notifyBookingCreated } from '../orders/index.js';
import { takeListingSnapshot, toListingSnapshot } from '../products/index.js';
import { bookingReviews, ratingOfPerson, reviewsOfBuyer } from '../reviews/index.js';
import {
  findBookingRow,
  findRefusal,
  listBuyerBookingRows,
  listProductBookings,
  toBooking,
} from './bookings.queries.js';

export interface NewBooking {
  productId: string;
  phone: string;
  meetingLocation: string;
}

export class BookingsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'images' | 'config'>) {}

  /** Price and currency are copied from the product; the request only says which product and how to meet. */
  async create(viewer: Viewer, input: NewBooking): Promise<Booking> {
    let bookingId: string;
    try {
      bookingId = await this.deps.db.transaction(async (tx) => {
        // The buyer first (locks go user, product, booking everywhere, so transactions cannot deadlock).
        await assertBookingAllowance(tx, viewer.id, this.deps.config.MAX_OPEN_BOOKINGS);
        // A share lock keeps the product from being sold or removed until this booking is written.
        const [product] = await tx
          .select({
            sellerId: products.sellerId,
            status: products.status,
            deletedAt: products.deletedAt,
            sellingPriceCents: products.sellingPriceCents,
            currency: products.currency,
          })
          .from(products)
          .where(eq(products.id, input.productId))
          .for('share');
        if (!product) throw new NotFound(buyerMessages.productNotFound);
        if (product.deletedAt) throw new Conflict(buyerMessages.productUnavailable, 'PRODUCT_UNAVAILABLE');
        if (product.status === 'sold') throw new Conflict(messages.productSold, 'PRODUCT_SOLD');
        if (product.sellerId === viewer.id) throw new Forbidden(buyerMessages.ownProduct, 'OWN_PRODUCT');

        const [created] = await tx
          .insert(bookings)
          .values({
            productId: input.productId,
            buyerId: viewer.id,
            phone: input.phone,
            meetingLocation: input.meetingLocation,
            priceCents: product.sellingPriceCents,
            currency: product.currency,
            // What the buyer agreed to, under the same share lock: an edit waits for this booking.
            listingAtBooking: await takeListingSnapshot(tx, input.productId),
          })
          .returning({ id: bookings.id });
        await notifyBookingCreated(tx, this.deps.config.PUBLIC_URL, created!.id);
        return created!.id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'bookings_one_open_per_buyer_idx')) {
        throw new Conflict(messages.alreadyBooked, 'ALREADY_BOOKED');
      }
      throw error;
    }
    const row = await findBookingRow(this.deps.db, bookingId);
    return toBooking(this.deps.images, row!);
  }

  async listMine(viewer: Viewer, page: PageQuery): Promise<Page<Booking>> {
    const { rows, total } = await listBuyerBookingRows(this.deps.db, viewer.id, page);
    return {
      items: rows.map((row) => toBooking(this.deps.images, row)),
      page: page.page,
      pageSize: page.pageSize,
      total,
    };
  }

  /**
   * The buyer (until they delete it), the product's seller and admins may read a booking; everyone else
   * gets the answer an unknown id gets. The buyer and the seller see the phone and meeting place they
   * arrange the pickup with; only the buyer sees the seller's phone and the handoff code.
   */
  async get(viewer: Viewer, bookingId: string): Promise<BookingDetail> {
    const row = await findBookingRow(this.deps.db, bookingId);
    if (!row) throw new NotFound(buyerMessages.bookingNotFound);
    if (row.buyerId === viewer.id && row.hiddenByBuyerAt) {
      // Its own buyer deleted it: say so, rather than claim it never existed.
      throw new AppError(
        'ORDER_DELETED',
        buyerMessages.hiddenOrder(postDateLabel(row.hiddenByBuyerAt, 'UTC')),
      );
    }
    const isBuyer = row.buyerId === viewer.id && row.hiddenByBuyerAt === null;
    const isSeller = row.sellerId === viewer.id;
    if (!isBuyer && !isSeller && viewer.role !== 'admin') throw new NotFound(buyerMessages.bookingNotFound);
    const [kept] = await this.deps.db
      .select({ listingAtBooking: bookings.listingAtBooking })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const stored = kept?.listingAtBooking ?? null;
    const listingAtBooking = stored ? toListingSnapshot(this.deps.images, stored) : null;
    const [refusal, review, buyerRating, buyerReviews] = await Promise.all([
      row.status === 'refused' ? findRefusal(this.deps.db, this.deps.images, row.id) : null,
      bookingReviews(this.deps.db, row.id, viewer.id, { buyerId: row.buyerId, sellerId: row.sellerId }),
      isSeller ? ratingOfPerson(this.deps.db, row.buyerId) : null,
      isSeller ? reviewsOfBuyer(this.deps.db, row.buyerId) : null,
    ]);
    const trust = { refusal, review, buyerRating, buyerReviews, listingAtBooking };
    if (isBuyer) return { ...toBooking(this.deps.images, row, 'buyer'), ...trust };
    const booking = { ...toBooking(this.deps.images, row, 'other'), ...trust };
    return isSeller ? booking : { ...booking, phone: null, meetingLocation: null };
  }

  /**
   * Deleting an order hides it from the buyer. An open booking is cancelled too (and releases a checkout
   * hold it has on the product); a finished one keeps its records for the seller and admins. A paid order
   * waiting for its handoff cannot be deleted: its code is how the buyer collects the item.
   */
  async removeForBuyer(viewer: Viewer, bookingId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const mine = and(
        eq(bookings.id, bookingId),
        eq(bookings.buyerId, viewer.id),
        isNull(bookings.hiddenByBuyerAt),
      );
      const [target] = await tx.select({ productId: bookings.productId }).from(bookings).where(mine);
      if (!target) throw new NotFound(buyerMessages.bookingNotFound);
      // Product first, then booking: the same order as payment settlement, so the two cannot deadlock.
      await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, target.productId))
        .for('no key update');
      const [booking] = await tx
        .select({ id: bookings.id, status: bookings.status, productId: bookings.productId })
        .from(bookings)
        .where(mine)
        .for('update');
      // Gone if it was deleted by a parallel request while this one waited for the locks.
      if (!booking) throw new NotFound(buyerMessages.bookingNotFound);
      // Money is in it and the item is not collected yet: the code must stay reachable.
      if (booking.status === 'paid') {
        throw new Conflict(buyerMessages.paidOrderCannotBeDeleted, 'ORDER_AWAITING_HANDOFF');
      }

      // A cash reservation given up is cancelled like an open booking: its piece returns to sale now.
      if (booking.status === 'booked' || booking.status === 'reserved') {
        await tx
          .update(bookings)
          .set({
            status: 'cancelled',
            cancelReason: cancelReasons.deletedByBuyer,
            cancelledAt: sql`now()`,
            hiddenByBuyerAt: sql`now()`,
          })
          .where(eq(bookings.id, booking.id));
      } else {
        await tx
          .update(bookings)
          .set({ hiddenByBuyerAt: sql`now()` })
          .where(eq(bookings.id, booking.id));
      }
      await tx
        .update(products)
        .set({ holdBookingId: null, holdExpiresAt: null })
        .where(and(eq(products.id, booking.productId), eq(products.holdBookingId, booking.id)));
    });
  }

  /** One product's bookings, for its seller and admins; another seller gets the unknown-product answer. */
  async listForProduct(viewer: Viewer, productId: string, page: PageQuery): Promise<Page<ProductBooking>> {
    const [product] = await this.deps.db
      .select({ sellerId: products.sellerId })
      .from(products)
      .where(eq(products.id, productId));
    if (!product || (viewer.role !== 'admin' && product.sellerId !== viewer.id)) {
      throw new NotFound(buyerMessages.productNotFound);
    }
    const { items, total } = await listProductBookings(this.deps.db, productId, page);
    return { items, page: page.page, pageSize: page.pageSize, total };
  }
}

/**
 * A buyer may have at most `max` open (unpaid) bookings, so one account cannot queue up on every piece.
 * The buyer's row is locked first, so the buyer's concurrent bookings are counted one after another.
 */
async function assertBookingAllowance(tx: Tx, buyerId: string, max: number): Promise<void> {
  await lockPerson(tx, buyerId);
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.buyerId, buyerId), eq(bookings.status, 'booked')));
  if ((open?.count ?? 0) >= max) {
    throw new Conflict(buyerMessages.tooManyOpenBookings(max), 'TOO_MANY_OPEN_BOOKINGS');
  }
}
