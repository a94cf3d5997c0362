/**
 * Read models of conversations: a person's conversations as their list shows them, and the messages
 * of one, with their photos. Who may read is settled before these run (the service).
 */
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Conversation, Message, MessagePhoto } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/queue.js';
import { conversationMessages, messagePhotos } from '../../platform/db/schema.js';
import { pageStatus, toPhotoOrNull, type MaybePhotoRow } from '../products/index.js';
import type { ImageStore } from '../../platform/images/store.js';

/** Where the browser loads a message photo: through the API, which asks who is looking. */
export function messagePhotoUrl(conversationId: string, photoId: string, size: 'display' | 'thumb'): string {
  return `/api/conversations/${conversationId}/photos/${photoId}${size === 'thumb' ? '?size=thumb' : ''}`;
}

type MessageRow = typeof conversationMessages.$inferSelect;

function toMessage(row: MessageRow, photos: MessagePhoto[]): Message {
  const removed = row.removedAt !== null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    body: removed ? '' : row.body,
    photos: removed ? [] : photos,
    createdAt: row.createdAt.toISOString(),
    masked: row.masked,
    removed,
    offer: row.offerId && row.offerEvent ? { id: row.offerId, event: row.offerEvent } : null,
  };
}

/** The messages with these rows, with their photos in order. */
export async function withPhotos(db: DbOrTx, rows: MessageRow[]): Promise<Message[]> {
  if (rows.length === 0) return [];
  const photos = await db
    .select()
    .from(messagePhotos)
    .where(
      inArray(
        messagePhotos.messageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(messagePhotos.position));
  const byMessage = new Map<string, MessagePhoto[]>();
  for (const photo of photos) {
    const list = byMessage.get(photo.messageId!) ?? [];
    list.push({
      id: photo.id,
      url: messagePhotoUrl(photo.conversationId, photo.id, 'display'),
      thumbUrl: messagePhotoUrl(photo.conversationId, photo.id, 'thumb'),
      width: photo.width,
      height: photo.height,
      thumbWidth: photo.thumbWidth,
      thumbHeight: photo.thumbHeight,
    });
    byMessage.set(photo.messageId!, list);
  }
  return rows.map((row) => toMessage(row, byMessage.get(row.id) ?? []));
}

export async function messagesByIds(db: DbOrTx, ids: string[]): Promise<Map<string, Message>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(conversationMessages).where(inArray(conversationMessages.id, ids));
  return new Map((await withPhotos(db, rows)).map((message) => [message.id, message]));
}

/**
 * A page of one conversation's messages, oldest first: those after `afterSeq`, the page before
 * `beforeSeq`, or the latest page.
 */
export async function messagePage(
  db: DbOrTx,
  conversationId: string,
  { afterSeq, beforeSeq, limit }: { afterSeq?: number; beforeSeq?: number; limit: number },
): Promise<{ items: Message[]; hasOlder: boolean }> {
  const inConversation = eq(conversationMessages.conversationId, conversationId);
  if (afterSeq !== undefined) {
    const rows = await db
      .select()
      .from(conversationMessages)
      .where(and(inConversation, gt(conversationMessages.seq, afterSeq)))
      .orderBy(asc(conversationMessages.seq))
      .limit(limit);
    const [older] = await db
      .select({ seq: conversationMessages.seq })
      .from(conversationMessages)
      .where(and(inConversation, sql`${conversationMessages.seq} <= ${afterSeq}`))
      .limit(1);
    return { items: await withPhotos(db, rows), hasOlder: Boolean(older) };
  }
  const rows = await db
    .select()
    .from(conversationMessages)
    .where(
      beforeSeq !== undefined ? and(inConversation, lt(conversationMessages.seq, beforeSeq)) : inConversation,
    )
    .orderBy(desc(conversationMessages.seq))
    .limit(limit + 1);
  const hasOlder = rows.length > limit;
  return { items: await withPhotos(db, rows.slice(0, limit).reverse()), hasOlder };
}

interface SummaryRow extends MaybePhotoRow {
  id: string;
  role: 'buyer' | 'seller';
  product_id: string;
  title: string;
  price_cents: number;
  currency: string;
  product_status: 'available' | 'being_paid' | 'reserved' | 'sold';
  product_removed: boolean;
  counterpart_id: string;
  counterpart_name: string;
  counterpart_verified: boolean;
  counterpart_removed: boolean;
  last_message_id: string | null;
  unread: number;
  blocked_by_me: boolean;
  blocked_by_them: boolean;
  booked: boolean;
  updated_at: Date | string;
}

/**
 * The person's conversations as their list shows them, newest activity first: the product (cover,
 * price, status), the other person, the last message, how many of theirs are unread.
 */
export async function conversationSummaries(
  db: DbOrTx,
  images: ImageStore,
  viewerId: string,
  filter: { ids?: string[]; productId?: string; limit: number; offset: number },
): Promise<{ items: Conversation[]; total: number }> {
  const conditions = [sql`(c.buyer_id = ${viewerId} or c.seller_id = ${viewerId})`];
  if (filter.ids)
    conditions.push(
      sql`c.id in ${filter.ids.length ? filter.ids : ['00000000-0000-0000-0000-000000000000']}`,
    );
  if (filter.productId) conditions.push(sql`c.product_id = ${filter.productId}`);
  const where = sql.join(conditions, sql` and `);

  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from conversations c where ${where}`),
  );
  const rows = rowsOf<SummaryRow>(
    await db.execute(sql`
      select c.id,
        case when c.buyer_id = ${viewerId} then 'buyer' else 'seller' end as role,
        products.id as product_id, products.title, products.selling_price_cents as price_cents,
        products.currency, ${pageStatus} as product_status,
        (products.deleted_at is not null) as product_removed,
        u.id as counterpart_id, u.name as counterpart_name, u.verified as counterpart_verified,
        (u.deleted_at is not null) as counterpart_removed,
        (select m.id from conversation_messages m where m.conversation_id = c.id
          order by m.seq desc limit 1) as last_message_id,
        (select count(*)::int from conversation_messages m
          where m.conversation_id = c.id and m.sender_id <> ${viewerId} and m.removed_at is null
            and m.seq > case when c.buyer_id = ${viewerId} then c.buyer_read_seq else c.seller_read_seq end
        ) as unread,
        exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = u.id)
          as blocked_by_me,
        exists (select 1 from user_blocks b where b.blocker_id = u.id and b.blocked_id = ${viewerId})
          as blocked_by_them,
        exists (select 1 from bookings bk where bk.product_id = c.product_id and bk.buyer_id = c.buyer_id
          and bk.status in ('booked', 'paid', 'completed')) as booked,
        c.last_message_at as updated_at,
        ph.display_key as "displayKey", ph.thumb_key as "thumbKey", ph.width, ph.height,
        ph.thumb_width as "thumbWidth", ph.thumb_height as "thumbHeight", ph.middle_key as "middleKey",
        ph.middle_width as "middleWidth", ph.middle_height as "middleHeight"
      from conversations c
      join products on products.id = c.product_id
      join users u on u.id = case when c.buyer_id = ${viewerId} then c.seller_id else c.buyer_id end
      left join product_photos ph on ph.product_id = products.id and ph.position = 0
      where ${where}
      order by c.last_message_at desc, c.id
      limit ${filter.limit} offset ${filter.offset}`),
  );
  const last = await messagesByIds(
    db,
    rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : [])),
  );
  return {
    total: counted?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      role: row.role,
      product: {
        id: row.product_id,
        title: row.title,
        photo: toPhotoOrNull(images, row),
        priceCents: Number(row.price_cents),
        currency: row.currency,
        status: row.product_removed ? 'removed' : row.product_status,
      },
      counterpart: {
        id: row.counterpart_id,
        name: row.counterpart_name,
        verified: row.counterpart_verified,
        removed: row.counterpart_removed,
      },
      lastMessage: row.last_message_id ? (last.get(row.last_message_id) ?? null) : null,
      unread: Number(row.unread),
      blockedByMe: row.blocked_by_me,
      blockedByThem: row.blocked_by_them,
      booked: row.booked,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

/** How many messages wait unread for this person, in all their conversations. */
export async function unreadCount(db: DbOrTx, viewerId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select (
        (select count(*) from conversations c join conversation_messages m on m.conversation_id = c.id
          where c.buyer_id = ${viewerId} and m.seq > c.buyer_read_seq and m.sender_id <> ${viewerId}
            and m.removed_at is null)
        + (select count(*) from conversations c join conversation_messages m on m.conversation_id = c.id
          where c.seller_id = ${viewerId} and m.seq > c.seller_read_seq and m.sender_id <> ${viewerId}
            and m.removed_at is null)
      )::int as n`),
  );
  return Number(row?.n ?? 0);
}

/** A message with up to `each` messages before and after it in its conversation, oldest first. */
export async function messagesAround(db: DbOrTx, messageId: string, each = 10): Promise<Message[]> {
  const [target] = await db
    .select({ seq: conversationMessages.seq, conversationId: conversationMessages.conversationId })
    .from(conversationMessages)
    .where(eq(conversationMessages.id, messageId));
  if (!target) return [];
  const inConversation = eq(conversationMessages.conversationId, target.conversationId);
  const [before, after] = await Promise.all([
    db
      .select()
      .from(conversationMessages)
      .where(and(inConversation, lt(conversationMessages.seq, target.seq)))
      .orderBy(desc(conversationMessages.seq))
      .limit(each),
    db
      .select()
      .from(conversationMessages)
      .where(and(inConversation, sql`${conversationMessages.seq} >= ${target.seq}`))
      .orderBy(asc(conversationMessages.seq))
      .limit(each + 1),
  ]);
  return withPhotos(db, [...before.reverse(), ...after]);
}
