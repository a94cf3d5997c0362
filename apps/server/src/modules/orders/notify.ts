/**
 * The messages of an order's life, queued in the caller's transaction (see mail/outbox.ts). Each event
 * has one key per recipient, so running the same change twice never queues a second message.
 */
import { alias } from 'drizzle-orm/pg-core';
import { eq, inArray } from 'drizzle-orm';
import { mailCopy } from '@furniture-mart/shared';
import { formatPhone } from '@furniture-mart/shared/phones';
import type { DbOrTx } from '../../platform/db/client.js';
import { bookings, payments, products, refunds, users } from '../../platform/db/schema.js';
import { enqueueMail, linkTo, type QueuedMail } from '../mail/index.js';

const sellers = alias(users, 'sellers');

async function parties(tx: DbOrTx, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return tx
    .select({
      id: bookings.id,
      title: products.title,
      productPhone: products.phone,
      priceCents: bookings.priceCents,
      currency: bookings.currency,
      meeting: bookings.meetingLocation,
      buyerPhone: bookings.phone,
      code: bookings.handoffCode,
      method: bookings.paymentMethod,
      buyerName: users.name,
      buyerEmail: users.email,
      sellerName: sellers.name,
      sellerEmail: sellers.email,
      transactionId: payments.transactionId,
      // What was charged and what is given back, as the payment and the refund recorded them.
      paidCents: payments.amountCents,
      paidCurrency: payments.currency,
      refundCents: refunds.amountCents,
      refundCurrency: refunds.currency,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(inArray(bookings.id, bookingIds));
}

const orderUrl = (publicUrl: string, id: string) => linkTo(publicUrl, `/dashboard/orders/${id}`);

export async function notifyBookingCreated(tx: DbOrTx, publicUrl: string, bookingId: string) {
  const mails: QueuedMail[] = (await parties(tx, [bookingId])).map((p) => ({
    key: `booking:${p.id}:created:seller`,
    to: p.sellerEmail,
    copy: mailCopy.bookingCreated({
      seller: p.sellerName,
      title: p.title,
      buyer: { name: p.buyerName, email: p.buyerEmail, phone: formatPhone(p.buyerPhone) },
      meeting: p.meeting,
      url: orderUrl(publicUrl, p.id),
    }),
  }));
  await enqueueMail(tx, mails);
}

export async function notifyBookingsLost(tx: DbOrTx, publicUrl: string, bookingIds: string[]) {
  const mails: QueuedMail[] = (await parties(tx, bookingIds)).map((p) => ({
    key: `booking:${p.id}:lost:buyer`,
    to: p.buyerEmail,
    copy: mailCopy.bookingLost({ buyer: p.buyerName, title: p.title, url: linkTo(publicUrl, '/') }),
  }));
  await enqueueMail(tx, mails);
}

/** The amount a payment or refund recorded; a message about money never falls back to a price. */
function recorded(amountCents: number | null, currency: string | null, what: string, bookingId: string) {
  if (amountCents === null || currency === null) throw new Error(`booking ${bookingId} has no ${what} row`);
  return { amountCents, currency };
}

export async function notifyPaid(tx: DbOrTx, publicUrl: string, bookingId: string) {
  const mails: QueuedMail[] = (await parties(tx, [bookingId])).flatMap((p) => [
    {
      key: `booking:${p.id}:paid:buyer`,
      to: p.buyerEmail,
      copy: mailCopy.paymentReceipt({
        buyer: p.buyerName,
        title: p.title,
        ...recorded(p.paidCents, p.paidCurrency, 'payment', p.id),
        transactionId: p.transactionId ?? '',
        seller: { name: p.sellerName, email: p.sellerEmail, phone: formatPhone(p.productPhone) },
        meeting: p.meeting,
        code: p.code ?? '',
        url: orderUrl(publicUrl, p.id),
        method: p.method,
      }),
    },
    {
      key: `booking:${p.id}:paid:seller`,
      to: p.sellerEmail,
      copy: mailCopy.sold({
        seller: p.sellerName,
        title: p.title,
        ...recorded(p.paidCents, p.paidCurrency, 'payment', p.id),
        buyer: { name: p.buyerName, email: p.buyerEmail, phone: formatPhone(p.buyerPhone) },
        meeting: p.meeting,
        url: orderUrl(publicUrl, p.id),
        method: p.method,
      }),
    },
  ]);
  await enqueueMail(tx, mails);
}

/** A buyer reserved with cash: the seller learns who comes, with how much cash, and when at the latest. */
export async function notifyCashReserved(tx: DbOrTx, publicUrl: string, bookingId: string, hours: number) {
  const mails: QueuedMail[] = (await parties(tx, [bookingId])).map((p) => ({
    key: `booking:${p.id}:reserved:seller`,
    to: p.sellerEmail,
    copy: mailCopy.cashReserved({
      seller: p.sellerName,
      title: p.title,
      amountCents: p.priceCents,
      currency: p.currency,
      hours,
      buyer: { name: p.buyerName, email: p.buyerEmail, phone: formatPhone(p.buyerPhone) },
      meeting: p.meeting,
      url: orderUrl(publicUrl, p.id),
    }),
  }));
  await enqueueMail(tx, mails);
}

/** A cash reservation ran out of time: its buyer and its seller are told the piece is for sale again. */
export async function notifyCashLapsed(tx: DbOrTx, publicUrl: string, bookingIds: string[]) {
  const mails: QueuedMail[] = (await parties(tx, bookingIds)).flatMap((p) =>
    (['buyer', 'seller'] as const).map((to) => ({
      key: `booking:${p.id}:lapsed:${to}`,
      to: to === 'buyer' ? p.buyerEmail : p.sellerEmail,
      copy: mailCopy.cashLapsed({
        name: to === 'buyer' ? p.buyerName : p.sellerName,
        title: p.title,
        buyer: p.buyerName,
        to,
        url: orderUrl(publicUrl, p.id),
      }),
    })),
  );
  await enqueueMail(tx, mails);
}

export async function notifyCompleted(tx: DbOrTx, publicUrl: string, bookingIds: string[]) {
  const mails: QueuedMail[] = (await parties(tx, bookingIds)).flatMap((p) => [
    {
      key: `booking:${p.id}:completed:buyer`,
      to: p.buyerEmail,
      copy: mailCopy.completed({
        name: p.buyerName,
        title: p.title,
        url: orderUrl(publicUrl, p.id),
        method: p.method,
      }),
    },
    {
      key: `booking:${p.id}:completed:seller`,
      to: p.sellerEmail,
      copy: mailCopy.completed({
        name: p.sellerName,
        title: p.title,
        url: orderUrl(publicUrl, p.id),
        method: p.method,
      }),
    },
  ]);
  await enqueueMail(tx, mails);
}

export async function notifyRefunded(tx: DbOrTx, publicUrl: string, bookingIds: string[], reason: string) {
  const mails: QueuedMail[] = (await parties(tx, bookingIds)).flatMap((p) => [
    {
      key: `booking:${p.id}:refunded:buyer`,
      to: p.buyerEmail,
      copy: mailCopy.refundBuyer({
        buyer: p.buyerName,
        title: p.title,
        ...recorded(p.refundCents, p.refundCurrency, 'refund', p.id),
        reason,
        url: orderUrl(publicUrl, p.id),
      }),
    },
    {
      key: `booking:${p.id}:refunded:seller`,
      to: p.sellerEmail,
      copy: mailCopy.refundSeller({
        seller: p.sellerName,
        title: p.title,
        reason,
        url: orderUrl(publicUrl, p.id),
      }),
    },
  ]);
  await enqueueMail(tx, mails);
}
