/**
 * Reviews after a real handoff (issue 41): each side of an order completed with its code may review the
 * other once within the window; neither reads the other's before both wrote or the window closed, then
 * both are published together. The reviewed seller may answer once; anyone signed in may report a
 * published review and an administrator may hide it. Published, not hidden reviews are summed on the
 * reviewed person's row (users.review_count, users.rating_sum) in the transaction that publishes or hides.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  buyerMessages,
  messages,
  reviewLimits,
  reviewMessages,
  type BookingReviews,
  type Page,
  type PageQuery,
  type Review,
  type ReviewBody,
  type ReviewReportBody,
  type ReportedReview,
  catalogueMessages,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { rowsOf } from '../../platform/db/queue.js';
import { auditLog, bookings, products, reviewReports, reviews, users } from '../../platform/db/schema.js';
import { Conflict, NotFound, isUniqueViolation } from '../../platform/errors.js';
import {
  bookingReviews,
  findReview,
  reportedReviewPage,
  sellerReviewPage,
  toReview,
} from './reviews.queries.js';
import { notifyReviewAsk, notifyReviewsPublished } from './notify.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export class ReviewsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'config' | 'db' | 'readDb' | 'listings'>) {}

  /** The order's two sides, or null when it does not exist. */
  private async partiesOf(tx: Tx, bookingId: string) {
    const [row] = await tx
      .select({
        buyerId: bookings.buyerId,
        sellerId: products.sellerId,
        hiddenByBuyerAt: bookings.hiddenByBuyerAt,
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(eq(bookings.id, bookingId));
    return row ?? null;
  }

  /** One side reviews the other. The second review publishes both. */
  async review(viewer: Viewer, bookingId: string, input: ReviewBody): Promise<BookingReviews> {
    let published: boolean;
    try {
      published = await this.deps.db.transaction(async (tx) => {
        const parties = await this.partiesOf(tx, bookingId);
        const isBuyer = parties?.buyerId === viewer.id && parties.hiddenByBuyerAt === null;
        const isSeller = parties?.sellerId === viewer.id;
        if (!parties || (!isBuyer && !isSeller)) throw new NotFound(buyerMessages.bookingNotFound);
        // Locks go user, product, booking: both people (their sums may change), then the order.
        for (const id of [parties.buyerId, parties.sellerId].sort()) await lockPerson(tx, id);
        const [order] = await tx
          .select({
            status: bookings.status,
            completedBy: bookings.completedBy,
            windowOpen: sql<boolean>`now() <= ${bookings.completedAt} + make_interval(days => ${reviewLimits.windowDays})`,
          })
          .from(bookings)
          .where(eq(bookings.id, bookingId))
          .for('update');
        if (!order || order.status !== 'completed' || order.completedBy !== 'handoff') {
          throw new Conflict(reviewMessages.notOpen, 'REVIEW_NOT_OPEN');
        }
        if (!order.windowOpen) throw new Conflict(reviewMessages.windowOver, 'REVIEW_WINDOW_OVER');
        const existing = await tx
          .select({ authorId: reviews.authorId })
          .from(reviews)
          .where(eq(reviews.bookingId, bookingId));
        if (existing.some((row) => row.authorId === viewer.id)) {
          throw new Conflict(reviewMessages.alreadyReviewed, 'ALREADY_REVIEWED');
        }
        await tx.insert(reviews).values({
          bookingId,
          authorId: viewer.id,
          subjectId: isBuyer ? parties.sellerId : parties.buyerId,
          authorRole: isBuyer ? 'buyer' : 'seller',
          rating: input.rating,
          text: input.text,
        });
        if (existing.length === 0) return false;
        await publish(tx, [bookingId]);
        await notifyReviewsPublished(tx, this.deps.config.PUBLIC_URL, [bookingId]);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'reviews_booking_author_idx')) {
        throw new Conflict(reviewMessages.alreadyReviewed, 'ALREADY_REVIEWED');
      }
      throw error;
    }
    if (published) this.deps.listings.changed();
    const parties = await this.deps.db.transaction((tx) => this.partiesOf(tx, bookingId));
    return (await bookingReviews(this.deps.db, bookingId, viewer.id, parties!))!;
  }

  /** The reviewed seller answers a published review of them, once. */
  async reply(viewer: Viewer, reviewId: string, text: string): Promise<Review> {
    const review = await findReview(this.deps.db, reviewId);
    if (
      !review ||
      review.subjectId !== viewer.id ||
      review.authorRole !== 'buyer' ||
      review.publishedAt === null ||
      review.hiddenAt !== null
    ) {
      throw new NotFound(reviewMessages.reviewNotFound);
    }
    const [answered] = await this.deps.db
      .update(reviews)
      .set({ replyText: text, repliedAt: sql`now()` })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.replyText)))
      .returning({ id: reviews.id });
    if (!answered) throw new Conflict(reviewMessages.alreadyReplied, 'ALREADY_REPLIED');
    this.deps.listings.changed();
    return toReview((await findReview(this.deps.db, reviewId))!);
  }

  /** A seller's published reviews, for anyone; an unknown seller answers 404. */
  async listForSeller(sellerId: string, page: PageQuery): Promise<Page<Review>> {
    const [seller] = await this.deps.readDb
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, sellerId), eq(users.role, 'seller'), isNull(users.deletedAt)));
    if (!seller) throw new NotFound(catalogueMessages.sellerNotFound);
    return sellerReviewPage(this.deps.readDb, sellerId, page);
  }

  /** Anyone signed in reports a published review; one open report per person and review. */
  async report(
    viewer: Viewer,
    reviewId: string,
    input: ReviewReportBody,
  ): Promise<{ id: string; reviewId: string }> {
    const review = await findReview(this.deps.db, reviewId);
    if (!review || review.publishedAt === null || review.hiddenAt !== null) {
      throw new NotFound(reviewMessages.reviewNotFound);
    }
    try {
      const [created] = await this.deps.db
        .insert(reviewReports)
        .values({
          reviewId,
          reporterId: viewer.id,
          reason: input.reason,
          details: input.details?.trim() ? input.details.trim() : null,
        })
        .returning({ id: reviewReports.id });
      return { id: created!.id, reviewId };
    } catch (error) {
      if (isUniqueViolation(error, 'review_reports_one_open_idx')) {
        throw new Conflict(messages.alreadyReported, 'ALREADY_REPORTED');
      }
      throw error;
    }
  }

  /** The administrators' queue of reported reviews. */
  async listReported(page: PageQuery): Promise<Page<ReportedReview>> {
    return reportedReviewPage(this.deps.db, page);
  }

  /**
   * An administrator hides a review: it leaves the seller's page and the order, its rating leaves the
   * sums, its open reports close, and the audit log records who did it.
   */
  async hide(actor: Viewer, reviewId: string): Promise<{ id: string; hiddenAt: string }> {
    const hiddenAt = await this.deps.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ subjectId: reviews.subjectId })
        .from(reviews)
        .where(eq(reviews.id, reviewId));
      if (!target) throw new NotFound(reviewMessages.reviewNotFound);
      await lockPerson(tx, target.subjectId);
      const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
      if (review!.hiddenAt) return review!.hiddenAt;
      const [hidden] = await tx
        .update(reviews)
        .set({ hiddenAt: sql`now()` })
        .where(eq(reviews.id, reviewId))
        .returning({ hiddenAt: reviews.hiddenAt });
      if (review!.publishedAt) {
        await tx
          .update(users)
          .set({
            reviewCount: sql`${users.reviewCount} - 1`,
            ratingSum: sql`${users.ratingSum} - ${review!.rating}`,
          })
          .where(eq(users.id, review!.subjectId));
      }
      await tx
        .update(reviewReports)
        .set({ status: 'closed' })
        .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, 'open')));
      await tx.insert(auditLog).values({
        actorId: actor.id,
        action: 'review.hide',
        targetType: 'review',
        targetId: reviewId,
        targetLabel: review!.text.slice(0, 80),
        details: { rating: review!.rating, bookingId: review!.bookingId },
      });
      return hidden!.hiddenAt!;
    });
    this.deps.listings.changed();
    return { id: reviewId, hiddenAt: hiddenAt.toISOString() };
  }

  /** Publishes the reviews of orders whose window closed; one order per transaction. */
  async publishDueOnce(limit = 100): Promise<number> {
    const due = await this.deps.db
      .selectDistinct({ bookingId: reviews.bookingId })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(
        and(
          isNull(reviews.publishedAt),
          lt(bookings.completedAt, sql`now() - make_interval(days => ${reviewLimits.windowDays})`),
        ),
      )
      .limit(limit);
    let done = 0;
    for (const { bookingId } of due) {
      const changed = await this.deps.db.transaction(async (tx) => {
        const parties = await this.partiesOf(tx, bookingId);
        for (const id of [parties!.buyerId, parties!.sellerId].sort()) await lockPerson(tx, id);
        const published = await publish(tx, [bookingId]);
        if (published > 0) await notifyReviewsPublished(tx, this.deps.config.PUBLIC_URL, [bookingId]);
        return published;
      });
      if (changed > 0) done += 1;
    }
    if (done > 0) this.deps.listings.changed();
    return done;
  }

  /** "How did it go?": the day after a handoff, to each side that has not reviewed yet (once). */
  async askOnce(now = new Date()): Promise<number> {
    const rows = await this.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'completed'),
          eq(bookings.completedBy, 'handoff'),
          lt(bookings.completedAt, new Date(now.getTime() - DAY_MS)),
          sql`${bookings.completedAt} > ${new Date(now.getTime() - reviewLimits.windowDays * DAY_MS)}`,
          sql`not exists (select 1 from mail_outbox where idempotency_key in
            ('booking:' || ${bookings.id} || ':review-ask:buyer', 'booking:' || ${bookings.id} || ':review-ask:seller'))`,
        ),
      )
      .limit(200);
    if (rows.length === 0) return 0;
    await this.deps.db.transaction((tx) =>
      notifyReviewAsk(
        tx,
        this.deps.config.PUBLIC_URL,
        rows.map((row) => row.id),
      ),
    );
    return rows.length;
  }
}

/**
 * Publishes the not yet published reviews of the orders and adds the not hidden ones to their subjects'
 * sums, in one statement; answers how many it published. The caller holds the subjects' row locks.
 */
async function publish(tx: Tx, bookingIds: string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const ids = sql.join(
    bookingIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with published as (
      update ${reviews} set published_at = now()
      where ${reviews.bookingId} in (${ids}) and ${reviews.publishedAt} is null
      returning subject_id, rating, hidden_at),
    sums as (
      select subject_id, count(*)::int as n, sum(rating)::int as s
      from published where hidden_at is null group by subject_id),
    bumped as (
      update ${users} set review_count = review_count + sums.n, rating_sum = rating_sum + sums.s
      from sums where ${users.id} = sums.subject_id returning 1)
    select (select count(*)::int from published) as n, (select count(*) from bumped) as bumped`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
