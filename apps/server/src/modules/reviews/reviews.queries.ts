/**
 * Named reads of reviews: the two reviews of one order as its buyer or seller may see them (double
 * blind), a seller's published reviews, and the reputation a seller's page shows.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  cancelSaleReason,
  ratingOf,
  reviewLimits,
  type BookingReviews,
  type Page,
  type PageQuery,
  type Rating,
  type Reputation,
  type Review,
  type ReportedReview,
  type MessageReportReason,
} from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  bookings,
  conversationMessages,
  conversations,
  products,
  reviewReports,
  reviews,
  users,
} from '../../platform/db/schema.js';
import { rowsOf } from '../../platform/db/queue.js';
import { alias } from 'drizzle-orm/pg-core';

const reviewColumns = {
  id: reviews.id,
  bookingId: reviews.bookingId,
  authorId: reviews.authorId,
  authorName: users.name,
  authorRole: reviews.authorRole,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
  publishedAt: reviews.publishedAt,
  replyText: reviews.replyText,
  repliedAt: reviews.repliedAt,
  hiddenAt: reviews.hiddenAt,
};

function selectReviews(db: DbOrTx) {
  return db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.authorId));
}
type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    authorRole: row.authorRole,
    author: { id: row.authorId, name: row.authorName },
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    reply:
      row.replyText && row.repliedAt ? { text: row.replyText, createdAt: row.repliedAt.toISOString() } : null,
  };
}

export async function findReview(db: DbOrTx, reviewId: string) {
  const [row] = await db
    .select({ ...reviewColumns, subjectId: reviews.subjectId })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(eq(reviews.id, reviewId));
  return row ?? null;
}

/**
 * The reviews of one order for one of its two sides: their own always; the other's only once published
 * (both written, or the window over) and not hidden by an administrator. Null for anyone else.
 */
export async function bookingReviews(
  db: DbOrTx,
  bookingId: string,
  viewerId: string,
  parties: { buyerId: string; sellerId: string },
): Promise<BookingReviews | null> {
  if (viewerId !== parties.buyerId && viewerId !== parties.sellerId) return null;
  const [[order], rows] = await Promise.all([
    db
      .select({
        reviewable: sql<boolean>`${bookings.status} = 'completed' and ${bookings.completedBy} = 'handoff'`,
        windowEndsAt: sql<
          string | null
        >`to_char((${bookings.completedAt} + make_interval(days => ${reviewLimits.windowDays})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        windowOpen: sql<boolean>`now() <= ${bookings.completedAt} + make_interval(days => ${reviewLimits.windowDays})`,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId)),
    selectReviews(db).where(eq(reviews.bookingId, bookingId)),
  ]);
  if (!order?.reviewable) return { mine: null, theirs: null, canReview: false, windowEndsAt: null };
  const mine = rows.find((row) => row.authorId === viewerId) ?? null;
  const theirs = rows.find((row) => row.authorId !== viewerId) ?? null;
  const visible = theirs && !theirs.hiddenAt && (theirs.publishedAt !== null || !order.windowOpen);
  return {
    mine: mine ? toReview(mine) : null,
    theirs: visible ? toReview(theirs) : null,
    canReview: !mine && Boolean(order.windowOpen),
    windowEndsAt: order.windowEndsAt,
  };
}

/** A seller's published, not hidden reviews written by their buyers, newest first. */
export async function sellerReviewPage(db: DbOrTx, sellerId: string, page: PageQuery): Promise<Page<Review>> {
  const where = and(
    eq(reviews.subjectId, sellerId),
    eq(reviews.authorRole, 'buyer'),
    isNotNull(reviews.publishedAt),
    isNull(reviews.hiddenAt),
  );
  const [rows, [counted]] = await Promise.all([
    selectReviews(db)
      .where(where)
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { items: rows.map(toReview), page: page.page, pageSize: page.pageSize, total: counted?.n ?? 0 };
}

/** A person's rating, from the sums kept on their row. */
export async function ratingOfPerson(db: DbOrTx, userId: string): Promise<Rating> {
  const [row] = await db
    .select({ reviews: users.reviewCount, sum: users.ratingSum })
    .from(users)
    .where(eq(users.id, userId));
  return ratingOf(row?.reviews ?? 0, row?.sum ?? 0);
}

/** The stored reason of every sale its seller cancelled starts with this. */
const SALE_CANCELLED_PREFIX = cancelSaleReason('');

/** What a seller's page says about how their sales went; refusals and cancellations over 12 months. */
export async function reputationOf(db: DbOrTx, sellerId: string): Promise<Reputation> {
  const [[person], [sales], answers] = await Promise.all([
    db
      .select({ reviews: users.reviewCount, sum: users.ratingSum, since: users.createdAt })
      .from(users)
      .where(eq(users.id, sellerId)),
    db
      .select({
        completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')`.mapWith(Number),
        refused: sql<number>`count(*) filter (where ${bookings.status} = 'refused'
          and ${bookings.refundedAt} > now() - interval '12 months')`.mapWith(Number),
        cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'refunded'
          and ${bookings.cancelReason} like ${`${SALE_CANCELLED_PREFIX}%`}
          and ${bookings.refundedAt} > now() - interval '12 months')`.mapWith(Number),
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(
        and(eq(products.sellerId, sellerId), sql`${bookings.status} in ('completed', 'refused', 'refunded')`),
      ),
    db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from (answered - asked)) / 60) as minutes
      from (
        select
          (select min(m.created_at) from ${conversationMessages} m
            where m.conversation_id = c.id and m.sender_id = c.buyer_id) as asked,
          (select min(m.created_at) from ${conversationMessages} m
            where m.conversation_id = c.id and m.sender_id = c.seller_id) as answered
        from ${conversations} c
        where c.seller_id = ${sellerId}
      ) firsts
      where asked is not null and answered is not null and answered >= asked`),
  ]);
  const minutes = rowsOf<{ minutes: string | number | null }>(answers)[0]?.minutes;
  return {
    ...ratingOf(person?.reviews ?? 0, person?.sum ?? 0),
    completedSales: sales?.completed ?? 0,
    refusedAtPickup: sales?.refused ?? 0,
    cancelledBySeller: sales?.cancelled ?? 0,
    memberSince: (person?.since ?? new Date(0)).toISOString(),
    medianFirstAnswerMinutes: minutes === null || minutes === undefined ? null : Math.round(Number(minutes)),
  };
}

const subjects = alias(users, 'subjects');

/** Reviews with open reports, the most recently reported first, with their reasons. */
export async function reportedReviewPage(db: DbOrTx, page: PageQuery): Promise<Page<ReportedReview>> {
  const open = eq(reviewReports.status, 'open');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...reviewColumns,
        subjectId: subjects.id,
        subjectName: subjects.name,
        openReports: sql<number>`count(*)::int`.mapWith(Number),
        reasons: sql<MessageReportReason[]>`array_agg(distinct ${reviewReports.reason})`,
        lastReportedAt: sql<Date>`max(${reviewReports.createdAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .innerJoin(users, eq(users.id, reviews.authorId))
      .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
      .where(open)
      .groupBy(reviews.id, users.id, subjects.id)
      .orderBy(desc(sql`max(${reviewReports.createdAt})`), desc(reviews.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: sql<number>`count(distinct ${reviewReports.reviewId})::int`.mapWith(Number) })
      .from(reviewReports)
      .where(open),
  ]);
  return {
    items: rows.map((row) => ({
      review: toReview(row),
      subject: { id: row.subjectId, name: row.subjectName },
      openReports: row.openReports,
      reasons: row.reasons,
      lastReportedAt: row.lastReportedAt.toISOString(),
    })),
    page: page.page,
    pageSize: page.pageSize,
    total: counted?.n ?? 0,
  };
}

/** The newest published, not hidden reviews sellers wrote about a buyer. */
export async function reviewsOfBuyer(db: DbOrTx, buyerId: string, limit = 3): Promise<Review[]> {
  const rows = await selectReviews(db)
    .where(
      and(
        eq(reviews.subjectId, buyerId),
        eq(reviews.authorRole, 'seller'),
        isNotNull(reviews.publishedAt),
        isNull(reviews.hiddenAt),
      ),
    )
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(limit);
  return rows.map(toReview);
}
