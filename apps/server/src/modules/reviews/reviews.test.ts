/**
 * Reviews after a handoff and the reputation they build (issue 41), through the API on a real database:
 * the double-blind rule from both sides, a third party and a visitor, the window, every bad review, the
 * seller's one answer, reports and hiding, the rating on cards and pages from three reviews on, the
 * seller's counts, the mails, and both sides reviewing at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  TestClient,
  createTestApp,
  signUp,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { insertBooking, insertPhoto, insertProduct, markPaid } from '../../../test/helpers/fixtures.js';
import {
  auditLog,
  bookings,
  conversationMessages,
  conversations,
  mailOutbox,
  users,
} from '../../platform/db/schema.js';

let ctx: TestContext;
let buyer: TestUser;
let rival: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;
let visitor: TestClient;

const CODE = '135790';
const good = { rating: 5, text: 'Exactly as described, friendly and on time.' };
const fair = { rating: 3, text: 'The buyer came an hour late but paid in full.' };

async function paidOrder(owner = seller, customer = buyer) {
  const product = await insertProduct(ctx.app.database.db, owner.id);
  const bookingId = await insertBooking(ctx.app.database.db, product.id, customer.id);
  await markPaid(ctx.app.database.db, bookingId, CODE);
  return { productId: product.id, bookingId };
}

/** An order handed over with its code, through the API. */
async function handedOver(owner = seller, customer = buyer) {
  const order = await paidOrder(owner, customer);
  const done = await owner.client.post(`/api/bookings/${order.bookingId}/handoff`, { code: CODE });
  expect(done.statusCode).toBe(200);
  return order;
}

async function reviewsSeenBy(user: TestUser, bookingId: string) {
  const res = await user.client.get(`/api/bookings/${bookingId}`);
  expect(res.statusCode).toBe(200);
  return res.json().review;
}

async function completedDaysAgo(bookingId: string, days: number) {
  await ctx.app.database.db
    .update(bookings)
    .set({ completedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(bookings.id, bookingId));
}

async function sums(userId: string) {
  const [row] = await ctx.app.database.db
    .select({ reviewCount: users.reviewCount, ratingSum: users.ratingSum })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, rival, seller, otherSeller, admin] = await Promise.all([
    signUp(ctx.app, 'buyer', { name: 'Bea Buyer' }),
    signUp(ctx.app, 'buyer', { name: 'Rita Rival' }),
    signUp(ctx.app, 'seller', { name: 'Sam Seller' }),
    signUp(ctx.app, 'seller', { name: 'Otto Other' }),
    signUp(ctx.app, 'admin'),
  ]);
  visitor = new TestClient(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

describe('double-blind reviews', () => {
  it('hides each review from the other side until both wrote, then publishes both together', async () => {
    const { bookingId } = await handedOver();
    expect(await reviewsSeenBy(buyer, bookingId)).toMatchObject({
      mine: null,
      theirs: null,
      canReview: true,
    });
    expect((await reviewsSeenBy(buyer, bookingId)).windowEndsAt).toMatch(/Z$/);

    const written = await buyer.client.post(`/api/bookings/${bookingId}/review`, good);
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({
      mine: { rating: 5, publishedAt: null },
      theirs: null,
      canReview: false,
    });

    // The seller cannot read it yet; a third party, an admin and a visitor neither.
    expect(await reviewsSeenBy(seller, bookingId)).toMatchObject({
      mine: null,
      theirs: null,
      canReview: true,
    });
    expect((await rival.client.get(`/api/bookings/${bookingId}`)).statusCode).toBe(404);
    expect(await reviewsSeenBy(admin, bookingId)).toBeNull();
    expect((await visitor.get(`/api/bookings/${bookingId}`)).statusCode).toBe(401);
    expect((await visitor.get(`/api/sellers/${seller.id}/reviews`)).json().total).toBe(0);
    expect((await visitor.get(`/api/sellers/${seller.id}`)).json().seller.reputation.reviews).toBe(0);

    const answered = await seller.client.post(`/api/bookings/${bookingId}/review`, fair);
    expect(answered.statusCode).toBe(201);
    // Both appear together, to both sides.
    const forSeller = answered.json();
    expect(forSeller.mine.publishedAt).not.toBeNull();
    expect(forSeller.theirs).toMatchObject({ authorRole: 'buyer', rating: 5, text: good.text });
    const forBuyer = await reviewsSeenBy(buyer, bookingId);
    expect(forBuyer.theirs).toMatchObject({
      authorRole: 'seller',
      rating: 3,
      author: { name: 'Sam Seller' },
    });
    expect(forBuyer.mine.publishedAt).toBe(forSeller.mine.publishedAt);

    // The public sees the buyer's review of the seller, not the seller's of the buyer.
    const page = (await visitor.get(`/api/sellers/${seller.id}/reviews`)).json();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ rating: 5, author: { name: 'Bea Buyer' }, reply: null });
    expect((await rival.client.get(`/api/bookings/${bookingId}`)).statusCode).toBe(404);
    expect(await reviewsSeenBy(admin, bookingId)).toBeNull();

    // The sums on both people's rows, and the seller sees what sellers say about the buyer.
    expect(await sums(seller.id)).toEqual({ reviewCount: 1, ratingSum: 5 });
    expect(await sums(buyer.id)).toMatchObject({ reviewCount: 1, ratingSum: 3 });
    expect((await seller.client.get(`/api/bookings/${bookingId}`)).json().buyerRating).toEqual({
      rating: null,
      reviews: 1,
    });
    expect((await buyer.client.get(`/api/bookings/${bookingId}`)).json().buyerRating).toBeNull();
    // The words too: what sellers wrote about the buyer, for the seller only.
    const sellerView = (await seller.client.get(`/api/bookings/${bookingId}`)).json();
    expect(sellerView.buyerReviews).toHaveLength(1);
    expect(sellerView.buyerReviews[0]).toMatchObject({ authorRole: 'seller', text: fair.text });
    expect((await buyer.client.get(`/api/bookings/${bookingId}`)).json().buyerReviews).toBeNull();
    expect((await admin.client.get(`/api/bookings/${bookingId}`)).json().buyerReviews).toBeNull();

    // "Your review is published", once to each side.
    const mails = await ctx.app.database.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, `booking:${bookingId}:review-published:%`));
    expect(mails.map((mail) => mail.to).sort()).toEqual([buyer.email, seller.email].sort());
    expect(mails[0]!.subject).toMatch(/^Your review is published/);
  });

  it('shows a lone review to the other side once the 14 days are over, and the job publishes it', async () => {
    const { bookingId } = await handedOver(otherSeller);
    expect((await buyer.client.post(`/api/bookings/${bookingId}/review`, good)).statusCode).toBe(201);
    expect((await reviewsSeenBy(otherSeller, bookingId)).theirs).toBeNull();
    await completedDaysAgo(bookingId, 15);

    const late = await otherSeller.client.post(`/api/bookings/${bookingId}/review`, fair);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('REVIEW_WINDOW_OVER');
    expect(await reviewsSeenBy(otherSeller, bookingId)).toMatchObject({
      mine: null,
      theirs: { rating: 5 },
      canReview: false,
    });
    // A third party still sees nothing of the order.
    expect((await rival.client.get(`/api/bookings/${bookingId}`)).statusCode).toBe(404);

    expect((await visitor.get(`/api/sellers/${otherSeller.id}/reviews`)).json().total).toBe(0);
    expect(await ctx.app.services.reviews.publishDueOnce()).toBe(1);
    expect(await ctx.app.services.reviews.publishDueOnce()).toBe(0);
    expect((await visitor.get(`/api/sellers/${otherSeller.id}/reviews`)).json().total).toBe(1);
    expect(await sums(otherSeller.id)).toEqual({ reviewCount: 1, ratingSum: 5 });
  });
});

describe('bad reviews', () => {
  it('answers each with its 4xx and writes nothing', async () => {
    const { bookingId } = await handedOver();
    const review = (body: unknown, who: TestUser = buyer, id = bookingId) =>
      who.client.post(`/api/bookings/${id}/review`, body);
    const fields = async (body: unknown) => (await review(body)).json().error?.fields;

    expect((await fields({ ...good, rating: 0 })).rating).toBe('Choose from 1 to 5 stars.');
    expect((await fields({ ...good, rating: 6 })).rating).toBe('Choose from 1 to 5 stars.');
    expect((await fields({ ...good, rating: 3.5 })).rating).toBe('Choose from 1 to 5 stars.');
    expect((await fields({ ...good, rating: '5' })).rating).toBe('Choose from 1 to 5 stars.');
    expect((await fields({ ...good, text: 'Fine.     ' })).text).toBe('Write at least 10 characters.');
    expect((await fields({ ...good, text: 'x'.repeat(1001) })).text).toMatch(/at most 1000/);
    expect((await review({ ...good, authorId: rival.id, publishedAt: '2020-01-01' })).statusCode).toBe(400);
    expect((await review(good, rival)).statusCode).toBe(404);
    expect((await review(good, otherSeller)).statusCode).toBe(404);
    expect((await review(good, admin)).statusCode).toBe(403);
    expect((await visitor.post(`/api/bookings/${bookingId}/review`, good)).statusCode).toBe(401);
    expect((await review(good, buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reviewsSeenBy(buyer, bookingId)).mine).toBeNull();

    expect((await review(good)).statusCode).toBe(201);
    const twice = await review({ ...good, rating: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_REVIEWED');
    expect((await reviewsSeenBy(buyer, bookingId)).mine.rating).toBe(5);

    // Before completion, after an automatic completion, after a refund: not open.
    const paid = await paidOrder();
    const before = await review(good, buyer, paid.bookingId);
    expect(before.statusCode).toBe(409);
    expect(before.json().error.code).toBe('REVIEW_NOT_OPEN');
    const auto = await paidOrder();
    await ctx.app.database.db
      .update(bookings)
      .set({ status: 'completed', completedAt: new Date(), completedBy: 'auto' })
      .where(eq(bookings.id, auto.bookingId));
    expect((await review(good, buyer, auto.bookingId)).json().error.code).toBe('REVIEW_NOT_OPEN');
    expect((await reviewsSeenBy(buyer, auto.bookingId)).canReview).toBe(false);
    const cancelled = await paidOrder();
    expect(
      (
        await seller.client.post(`/api/bookings/${cancelled.bookingId}/cancel-sale`, {
          reason: 'Broke a leg',
        })
      ).statusCode,
    ).toBe(200);
    expect((await review(good, buyer, cancelled.bookingId)).json().error.code).toBe('REVIEW_NOT_OPEN');
  });
});

describe('answers, reports and hiding', () => {
  it('lets the reviewed seller answer once, anyone report, and an admin hide with an audit entry', async () => {
    const { bookingId } = await handedOver();
    await buyer.client.post(`/api/bookings/${bookingId}/review`, {
      rating: 1,
      text: 'Rude and the chair wobbles.',
    });
    const unpublished = (await reviewsSeenBy(buyer, bookingId)).mine.id as string;
    // Not published yet: nobody can answer or report it.
    expect(
      (await seller.client.post(`/api/reviews/${unpublished}/reply`, { text: 'Sorry' })).statusCode,
    ).toBe(404);
    expect(
      (await rival.client.post(`/api/reviews/${unpublished}/report`, { reason: 'spam' })).statusCode,
    ).toBe(404);
    await seller.client.post(`/api/bookings/${bookingId}/review`, good);
    const before = await sums(seller.id);

    expect(
      (await otherSeller.client.post(`/api/reviews/${unpublished}/reply`, { text: 'No' })).statusCode,
    ).toBe(404);
    expect((await buyer.client.post(`/api/reviews/${unpublished}/reply`, { text: 'No' })).statusCode).toBe(
      403,
    );
    expect((await seller.client.post(`/api/reviews/${unpublished}/reply`, { text: '' })).statusCode).toBe(
      400,
    );
    const reply = await seller.client.post(`/api/reviews/${unpublished}/reply`, {
      text: 'The chair was checked together at pickup.',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().reply.text).toBe('The chair was checked together at pickup.');
    const again = await seller.client.post(`/api/reviews/${unpublished}/reply`, { text: 'And again.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_REPLIED');
    // Nor answer the review they wrote themselves.
    const theirs = (await reviewsSeenBy(buyer, bookingId)).theirs.id as string;
    expect((await seller.client.post(`/api/reviews/${theirs}/reply`, { text: 'Hm' })).statusCode).toBe(404);

    const listed = (await visitor.get(`/api/sellers/${seller.id}/reviews`)).json();
    expect(listed.items[0]).toMatchObject({
      id: unpublished,
      reply: { text: 'The chair was checked together at pickup.' },
    });

    expect((await visitor.post(`/api/reviews/${unpublished}/report`, { reason: 'spam' })).statusCode).toBe(
      401,
    );
    expect(
      (await rival.client.post(`/api/reviews/${unpublished}/report`, { reason: 'nonsense' })).statusCode,
    ).toBe(400);
    const report = await seller.client.post(`/api/reviews/${unpublished}/report`, { reason: 'harassment' });
    expect(report.statusCode).toBe(201);
    expect(report.json().reviewId).toBe(unpublished);
    const dup = await seller.client.post(`/api/reviews/${unpublished}/report`, { reason: 'harassment' });
    expect(dup.statusCode).toBe(409);

    // The administrators' queue shows it with its reasons; nobody else reads the queue.
    expect((await seller.client.get('/api/admin/reviews/reported')).statusCode).toBe(403);
    const queue = (await admin.client.get('/api/admin/reviews/reported')).json();
    const queued = queue.items.find((item: { review: { id: string } }) => item.review.id === unpublished);
    expect(queued).toMatchObject({ openReports: 1, reasons: ['harassment'], subject: { id: seller.id } });

    expect((await seller.client.post(`/api/admin/reviews/${unpublished}/hide`)).statusCode).toBe(403);
    const hidden = await admin.client.post(`/api/admin/reviews/${unpublished}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(await sums(seller.id)).toEqual({
      reviewCount: before.reviewCount - 1,
      ratingSum: before.ratingSum - 1,
    });
    // Hiding twice changes nothing more.
    expect((await admin.client.post(`/api/admin/reviews/${unpublished}/hide`)).statusCode).toBe(200);
    expect((await sums(seller.id)).reviewCount).toBe(before.reviewCount - 1);
    const audit = await ctx.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.targetId, unpublished)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);
    const page = (await visitor.get(`/api/sellers/${seller.id}/reviews`)).json();
    expect(page.items.map((item: { id: string }) => item.id)).not.toContain(unpublished);
    // Hiding closes its reports: it leaves the queue.
    const after = (await admin.client.get('/api/admin/reviews/reported')).json();
    expect(after.items.map((item: { review: { id: string } }) => item.review.id)).not.toContain(unpublished);
    expect((await reviewsSeenBy(seller, bookingId)).theirs).toBeNull();
    expect(
      (await admin.client.post('/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide')).statusCode,
    ).toBe(404);
  });
});

describe('reputation', () => {
  it('shows the rating from three reviews on, on the seller page, the product page and the cards', async () => {
    const fresh = await signUp(ctx.app, 'seller', { name: 'Nina New' });
    const listed = await insertProduct(ctx.app.database.db, fresh.id);
    const cardOf = async () => {
      // The seller page's cards come from the same card reader as every listing.
      const cards = (await visitor.get(`/api/sellers/${fresh.id}`)).json().products.items as {
        id: string;
        seller: { rating: number | null; reviews: number };
      }[];
      return cards.find((card) => card.id === listed.id)!.seller;
    };
    for (const rating of [5, 4]) {
      const { bookingId } = await handedOver(fresh);
      await buyer.client.post(`/api/bookings/${bookingId}/review`, { ...good, rating });
      await fresh.client.post(`/api/bookings/${bookingId}/review`, fair);
    }
    expect(await cardOf()).toMatchObject({ rating: null, reviews: 2 });
    expect((await visitor.get(`/api/sellers/${fresh.id}`)).json().seller).toMatchObject({
      rating: null,
      reviews: 2,
    });

    const { bookingId } = await handedOver(fresh);
    await buyer.client.post(`/api/bookings/${bookingId}/review`, { ...good, rating: 4 });
    await fresh.client.post(`/api/bookings/${bookingId}/review`, fair);
    expect(await cardOf()).toMatchObject({ rating: 4.3, reviews: 3 });
    expect((await visitor.get(`/api/products/${listed.id}`)).json().seller).toMatchObject({
      rating: 4.3,
      reviews: 3,
    });
    const head = (await visitor.get(`/api/sellers/${fresh.id}`)).json().seller;
    expect(head).toMatchObject({ rating: 4.3, reviews: 3 });
    expect(head.reputation).toMatchObject({
      rating: 4.3,
      reviews: 3,
      completedSales: 3,
      refusedAtPickup: 0,
      cancelledBySeller: 0,
      medianFirstAnswerMinutes: null,
    });
    expect(head.reputation.memberSince).toMatch(/Z$/);
  });

  it('counts refusals and cancellations of the last 12 months and the median first answer', async () => {
    const counted = await signUp(ctx.app, 'seller', { name: 'Carl Counted' });
    const { db } = ctx.app.database;
    // One refusal at pickup, two sales cancelled by the seller (one of them 13 months ago).
    const refused = await paidOrder(counted);
    const refusal = await buyer.client.post(`/api/bookings/${refused.bookingId}/refuse`, {
      reason: 'size_differs',
      details: 'It is 20 cm narrower than the listing says.',
      photoIds: [await insertPhoto(db, buyer.id)],
    });
    expect(refusal.statusCode).toBe(200);
    for (const ago of [0, 13]) {
      const order = await paidOrder(counted);
      await counted.client.post(`/api/bookings/${order.bookingId}/cancel-sale`, {
        reason: 'Changed my mind',
      });
      await db
        .update(bookings)
        .set({ refundedAt: sql`now() - make_interval(months => ${ago})` })
        .where(eq(bookings.id, order.bookingId));
    }
    // Conversations: answered after 10, 30 and 50 minutes, and one never answered.
    for (const [i, minutes] of [10, 30, 50, null].entries()) {
      const product = await insertProduct(db, counted.id);
      const customer = i === 0 ? buyer : await signUp(ctx.app, 'buyer');
      const [conversation] = await db
        .insert(conversations)
        .values({ productId: product.id, buyerId: customer.id, sellerId: counted.id })
        .returning();
      await db.insert(conversationMessages).values({
        conversationId: conversation!.id,
        senderId: customer.id,
        body: 'Is it still there?',
        createdAt: new Date(Date.now() - 3 * 60 * 60_000),
      });
      if (minutes !== null) {
        await db.insert(conversationMessages).values({
          conversationId: conversation!.id,
          senderId: counted.id,
          body: 'Yes.',
          createdAt: new Date(Date.now() - 3 * 60 * 60_000 + minutes * 60_000),
        });
      }
    }
    const reputation = (await visitor.get(`/api/sellers/${counted.id}`)).json().seller.reputation;
    expect(reputation).toMatchObject({
      refusedAtPickup: 1,
      cancelledBySeller: 1,
      completedSales: 0,
      medianFirstAnswerMinutes: 30,
      rating: null,
      reviews: 0,
    });
    expect((await visitor.get('/api/sellers/00000000-0000-4000-8000-000000000000/reviews')).statusCode).toBe(
      404,
    );
    expect((await visitor.get(`/api/sellers/${buyer.id}/reviews`)).statusCode).toBe(404);
  });
});

describe('mails and races', () => {
  it('asks both sides the day after a handoff, once', async () => {
    const { bookingId } = await handedOver();
    const { reviews } = ctx.app.services;
    const asks = () =>
      ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.idempotencyKey, `booking:${bookingId}:review-ask:%`));
    await reviews.askOnce();
    expect(await asks()).toHaveLength(0);
    await completedDaysAgo(bookingId, 2);
    await reviews.askOnce();
    const sent = await asks();
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([buyer.email, seller.email].sort());
    expect(sent[0]!.subject).toMatch(/^How did it go\?/);
    await reviews.askOnce();
    expect(await asks()).toHaveLength(2);
  });

  it('publishes once and counts each review once when both sides write at the same moment', async () => {
    const pairSeller = await signUp(ctx.app, 'seller');
    const orders = await Promise.all(Array.from({ length: 10 }, () => handedOver(pairSeller)));
    const answers = await Promise.all(
      orders.flatMap(({ bookingId }) => [
        buyer.client.post(`/api/bookings/${bookingId}/review`, good),
        pairSeller.client.post(`/api/bookings/${bookingId}/review`, fair),
        buyer.client.post(`/api/bookings/${bookingId}/review`, good),
      ]),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(await sums(pairSeller.id)).toEqual({ reviewCount: 10, ratingSum: 50 });
    for (const { bookingId } of orders) {
      const seen = await reviewsSeenBy(pairSeller, bookingId);
      expect(seen.theirs).toMatchObject({ rating: 5 });
      expect(seen.mine.publishedAt).toBe(seen.theirs.publishedAt);
    }
  });
});
