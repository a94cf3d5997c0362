/**
 * The mail of an offer's life, queued in the caller's transaction through the outbox: one key per
 * offer, step and recipient, so running a step twice never queues a second message. An acceptance is
 * told by the sale's own messages (the receipt and the seller's order mail, with the order's link).
 */
import { alias } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { mailCopy } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { offers, products, users } from '../../platform/db/schema.js';
import { enqueueMail, linkTo, type QueuedMail } from '../mail/index.js';

const sellers = alias(users, 'sellers');

export type OfferMailStep = 'made' | 'countered' | 'declined' | 'expired' | 'released';

export async function notifyOffer(
  tx: DbOrTx,
  publicUrl: string,
  offerId: string,
  step: OfferMailStep,
  /** The amount a release gives back (the intent's), when it is not the offer's own. */
  releasedCents?: number,
): Promise<void> {
  const [p] = await tx
    .select({
      title: products.title,
      amountCents: offers.amountCents,
      counterCents: offers.counterAmountCents,
      currency: offers.currency,
      buyerName: users.name,
      buyerEmail: users.email,
      sellerName: sellers.name,
      sellerEmail: sellers.email,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(users, eq(users.id, offers.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(offers.id, offerId));
  if (!p) return;
  const url = linkTo(publicUrl, `/dashboard/offers/${offerId}`);
  const to = (
    who: 'buyer' | 'seller',
    copyStep: Parameters<typeof mailCopy.offerStep>[0]['step'],
    cents: number,
  ): QueuedMail => ({
    key: `offer:${offerId}:${step}${releasedCents !== undefined ? `:${releasedCents}` : ''}:${who}`,
    to: who === 'buyer' ? p.buyerEmail : p.sellerEmail,
    copy: mailCopy.offerStep({
      name: who === 'buyer' ? p.buyerName : p.sellerName,
      title: p.title,
      step: copyStep,
      amountCents: cents,
      currency: p.currency,
      url,
    }),
  });
  const mails: QueuedMail[] =
    step === 'made'
      ? [to('seller', 'received', p.amountCents)]
      : step === 'countered'
        ? [to('buyer', 'countered', p.counterCents ?? p.amountCents)]
        : step === 'declined'
          ? [to('buyer', 'declined', p.amountCents)]
          : step === 'expired'
            ? [to('buyer', 'expiredBuyer', p.amountCents), to('seller', 'expiredSeller', p.amountCents)]
            : [to('buyer', 'released', releasedCents ?? p.amountCents)];
  await enqueueMail(tx, mails);
}
