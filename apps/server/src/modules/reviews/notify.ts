/**
 * The mails of reviews, queued in the caller's transaction: "How did it go?" to both sides the day after
 * a handoff, and "Your review is published" to each author once the order's reviews are visible.
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, eq, inArray } from 'drizzle-orm';
import { mailCopy } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { bookings, products, reviews, users } from '../../platform/db/schema.js';
import { enqueueMail, linkTo, type QueuedMail } from '../mail/index.js';

const sellers = alias(users, 'sellers');

export async function orderParties(tx: DbOrTx, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return tx
    .select({
      id: bookings.id,
      title: products.title,
      buyerId: users.id,
      buyerName: users.name,
      buyerEmail: users.email,
      sellerId: sellers.id,
      sellerName: sellers.name,
      sellerEmail: sellers.email,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(inArray(bookings.id, bookingIds));
}

const orderUrl = (publicUrl: string, id: string) => linkTo(publicUrl, `/dashboard/orders/${id}`);

/** Asks each side that has not reviewed yet; one message per order and side, ever. */
export async function notifyReviewAsk(tx: DbOrTx, publicUrl: string, bookingIds: string[]) {
  const parties = await orderParties(tx, bookingIds);
  if (parties.length === 0) return;
  const written = await tx
    .select({ bookingId: reviews.bookingId, authorId: reviews.authorId })
    .from(reviews)
    .where(inArray(reviews.bookingId, bookingIds));
  const wrote = new Set(written.map((row) => `${row.bookingId}:${row.authorId}`));
  const mails: QueuedMail[] = parties.flatMap((p) => [
    ...(wrote.has(`${p.id}:${p.buyerId}`)
      ? []
      : [
          {
            key: `booking:${p.id}:review-ask:buyer`,
            to: p.buyerEmail,
            copy: mailCopy.reviewAsk({
              name: p.buyerName,
              other: p.sellerName,
              title: p.title,
              url: orderUrl(publicUrl, p.id),
            }),
          },
        ]),
    ...(wrote.has(`${p.id}:${p.sellerId}`)
      ? []
      : [
          {
            key: `booking:${p.id}:review-ask:seller`,
            to: p.sellerEmail,
            copy: mailCopy.reviewAsk({
              name: p.sellerName,
              other: p.buyerName,
              title: p.title,
              url: orderUrl(publicUrl, p.id),
            }),
          },
        ]),
  ]);
  await enqueueMail(tx, mails);
}

/** Tells each author of the orders' reviews that theirs is published. */
export async function notifyReviewsPublished(tx: DbOrTx, publicUrl: string, bookingIds: string[]) {
  const parties = await orderParties(tx, bookingIds);
  if (parties.length === 0) return;
  const authors = await tx
    .select({ bookingId: reviews.bookingId, authorId: reviews.authorId })
    .from(reviews)
    .where(and(inArray(reviews.bookingId, bookingIds)));
  const byId = new Map(parties.map((p) => [p.id, p]));
  const mails: QueuedMail[] = authors.flatMap(({ bookingId, authorId }) => {
    const p = byId.get(bookingId);
    if (!p) return [];
    const isBuyer = authorId === p.buyerId;
    return [
      {
        key: `booking:${p.id}:review-published:${isBuyer ? 'buyer' : 'seller'}`,
        to: isBuyer ? p.buyerEmail : p.sellerEmail,
        copy: mailCopy.reviewPublished({
          name: isBuyer ? p.buyerName : p.sellerName,
          other: isBuyer ? p.sellerName : p.buyerName,
          title: p.title,
          url: orderUrl(publicUrl, p.id),
        }),
      },
    ];
  });
  await enqueueMail(tx, mails);
}
