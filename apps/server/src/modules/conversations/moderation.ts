/**
 * What an administrator does to a reported message: it stays in the conversation as "removed by an
 * administrator", its words and photos no longer shown to anyone; both people's streams hear of it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { conversationMessages, conversations, users } from '../../platform/db/schema.js';
import { recordEvent } from './live-events.js';

/** Removes the message (once); answers its sender, or null when it was removed already or is unknown. */
export async function removeMessage(
  tx: Tx,
  messageId: string,
): Promise<{ senderId: string; senderName: string } | null> {
  const [removed] = await tx
    .update(conversationMessages)
    .set({ removedAt: new Date() })
    .where(and(eq(conversationMessages.id, messageId), isNull(conversationMessages.removedAt)))
    .returning({
      senderId: conversationMessages.senderId,
      conversationId: conversationMessages.conversationId,
    });
  if (!removed) return null;
  const [conversation] = await tx
    .select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(eq(conversations.id, removed.conversationId));
  // Streams are sent the message again, now removed, so an open thread shows it as such.
  await recordEvent(tx, [conversation!.buyerId, conversation!.sellerId], {
    kind: 'message',
    actorId: removed.senderId,
    conversationId: removed.conversationId,
    messageId,
  });
  const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, removed.senderId));
  return { senderId: removed.senderId, senderName: sender?.name ?? '' };
}
