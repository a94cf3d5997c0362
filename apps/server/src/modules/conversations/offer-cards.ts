/**
 * Offer cards (issue 40): each step of an offer's life is a message of the conversation between its
 * buyer and the product's seller, written in the transaction that made the step, so the thread, the
 * unread counts and the live events show it like any message. The conversation is started if the two
 * have none yet. The card's words and buttons come from the offer itself (the web reads it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { conversationMessages, conversations } from '../../platform/db/schema.js';
import { recordEvent } from './live-events.js';

export type OfferCardEvent = 'made' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired';

export async function recordOfferCard(
  tx: Tx,
  card: {
    productId: string;
    buyerId: string;
    sellerId: string;
    /** Who did it: the buyer or the seller (the buyer for an expiry, which nobody did). */
    senderId: string;
    offerId: string;
    event: OfferCardEvent;
  },
): Promise<void> {
  await tx
    .insert(conversations)
    .values({ productId: card.productId, buyerId: card.buyerId, sellerId: card.sellerId })
    .onConflictDoNothing();
  const [conversation] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.productId, card.productId), eq(conversations.buyerId, card.buyerId)))
    .for('no key update');
  const [row] = await tx
    .insert(conversationMessages)
    .values({
      conversationId: conversation!.id,
      senderId: card.senderId,
      body: '',
      offerId: card.offerId,
      offerEvent: card.event,
    })
    .returning({ id: conversationMessages.id, seq: conversationMessages.seq });
  const readColumn = card.senderId === card.buyerId ? 'buyerReadSeq' : 'sellerReadSeq';
  await tx
    .update(conversations)
    .set({ lastMessageAt: sql`now()`, [readColumn]: row!.seq })
    .where(eq(conversations.id, conversation!.id));
  await recordEvent(tx, [card.buyerId, card.sellerId], {
    kind: 'message',
    actorId: card.senderId,
    conversationId: conversation!.id,
    messageId: row!.id,
  });
}
