/**
 * Conversations between a buyer and a seller about one product. The rules:
 * - a buyer starts one about an available product not their own; asking again writes in the same one;
 * - only its two people read it or write in it (anyone else: the 404 of an unknown id);
 * - until the buyer books the product, contact details are replaced before a message is stored;
 * - a person blocked by the other cannot write to them, nor start a conversation with them;
 * - a person writes at most so many messages a minute and starts so many conversations a day;
 * - a message unread for ten minutes is mailed to its reader (who, about what; never the words),
 *   at most once an hour per conversation, unless they turned that off.
 * Each message and each read is an event for both people's live streams (live-events.ts).
 */
import { and, count, eq, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import {
  conversationLimits,
  conversationMessages as says,
  maskContactDetails,
  mailCopy,
  type Conversation,
  type ConversationListQuery,
  type ConversationStarted,
  type Message,
  type MessagePhoto,
  type MessageReportBody,
  type MessagesPage,
  type Page,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { rowsOf } from '../../platform/db/queue.js';
import {
  bookings,
  conversationMessages,
  conversations,
  messagePhotos,
  products,
  reports,
  userBlocks,
  userEvents,
  users,
} from '../../platform/db/schema.js';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
  isUniqueViolation,
} from '../../platform/errors.js';
import { processImage } from '../../platform/images/pipeline.js';
import { newPrivatePhotoFileKeys } from '../../platform/images/photo-files.js';
import type { StoredImage } from '../../platform/images/store.js';
import { enqueueMail, linkTo } from '../mail/index.js';
import { conversationSummaries, messagePage, unreadCount, withPhotos } from './conversations.queries.js';
import { recordEvent } from './live-events.js';

type ConversationRow = typeof conversations.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
/** Photos uploaded into a conversation but never sent are removed after a day. */
const UNSENT_PHOTO_LIFETIME_MS = DAY_MS;
/** Unsent photos one person may have waiting. */
const MAX_UNSENT_PHOTOS = 12;

/** A booking of the product by its buyer that shows each to the other: contact is no longer held back. */
const bookedStatuses = ['booked', 'paid', 'completed'] as const;

export class ConversationsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'images' | 'config'>) {}

  // ---------- starting and writing ----------

  /** The buyer's first message about a product, or a new message in the conversation they already have. */
  async start(
    viewer: Viewer,
    productId: string,
    body: string,
    now = new Date(),
  ): Promise<ConversationStarted & { created: boolean }> {
    const { conversationId, message, created } = await this.deps.db.transaction(async (tx) => {
      const person = await this.lockSender(tx, viewer.id);
      const [product] = await tx
        .select({
          id: products.id,
          sellerId: products.sellerId,
          status: products.status,
          deletedAt: products.deletedAt,
          sellerRemoved: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.deletedAt} is not null)`,
        })
        .from(products)
        .where(eq(products.id, productId));
      if (!product || product.deletedAt || product.sellerRemoved) throw new NotFound(says.productNotFound);
      if (product.sellerId === viewer.id) throw new Forbidden(says.ownProduct, 'OWN_PRODUCT');

      let [conversation] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, viewer.id)))
        .for('no key update');
      const isNew = !conversation;
      if (!conversation) {
        if (product.status === 'sold') throw new Conflict(says.productSold, 'PRODUCT_SOLD');
        await this.assertNotBlocked(tx, viewer.id, product.sellerId);
        await this.assertMayStart(tx, viewer.id, person.createdAt, now);
        [conversation] = await tx
          .insert(conversations)
          .values({ productId, buyerId: viewer.id, sellerId: product.sellerId, lastMessageAt: now })
          .returning();
      }
      const sent = await this.write(tx, viewer, person.createdAt, conversation!, body, [], now);
      return { conversationId: conversation!.id, message: sent, created: isNew };
    });
    const conversation = await this.summary(viewer.id, conversationId);
    return { conversation, message, created };
  }

  /** A new message in a conversation the person is in. */
  async send(
    viewer: Viewer,
    conversationId: string,
    input: { body: string; photoIds?: string[] | undefined },
    now = new Date(),
  ): Promise<Message> {
    return this.deps.db.transaction(async (tx) => {
      const person = await this.lockSender(tx, viewer.id);
      const conversation = await this.mine(tx, viewer.id, conversationId, { lock: true });
      return this.write(tx, viewer, person.createdAt, conversation, input.body, input.photoIds ?? [], now);
    });
  }

  /**
   * Writes one message with the conversation's row locked (so its `seq` commits in order), after the
   * checks every message passes: the other person is there and not blocking, the pace, the photos.
   */
  private async write(
    tx: Tx,
    viewer: Viewer,
    senderSince: Date,
    conversation: ConversationRow,
    body: string,
    photoIds: string[],
    now: Date,
  ): Promise<Message> {
    const counterpartId = conversation.buyerId === viewer.id ? conversation.sellerId : conversation.buyerId;
    const [counterpart] = await tx
      .select({ removed: sql<boolean>`${users.deletedAt} is not null` })
      .from(users)
      .where(eq(users.id, counterpartId));
    if (!counterpart || counterpart.removed)
      throw new Forbidden(says.counterpartRemoved, 'COUNTERPART_REMOVED');
    await this.assertNotBlocked(tx, viewer.id, counterpartId);
    await this.assertPace(tx, viewer.id, senderSince, now);

    await this.claimablePhotos(tx, viewer.id, conversation.id, photoIds);
    const booked = await this.isBooked(tx, conversation);
    const stored = booked ? { text: body, masked: false } : maskContactDetails(body);

    const [row] = await tx
      .insert(conversationMessages)
      .values({
        conversationId: conversation.id,
        senderId: viewer.id,
        body: stored.text,
        masked: stored.masked,
        createdAt: now,
      })
      .returning();
    for (const [position, photoId] of photoIds.entries()) {
      await tx
        .update(messagePhotos)
        .set({ messageId: row!.id, position })
        .where(eq(messagePhotos.id, photoId));
    }
    // The sender has read everything up to their own message.
    const readColumn = conversation.buyerId === viewer.id ? 'buyerReadSeq' : 'sellerReadSeq';
    await tx
      .update(conversations)
      .set({ lastMessageAt: now, [readColumn]: row!.seq })
      .where(eq(conversations.id, conversation.id));
    await recordEvent(tx, [conversation.buyerId, conversation.sellerId], {
      kind: 'message',
      actorId: viewer.id,
      conversationId: conversation.id,
      messageId: row!.id,
    });
    const [message] = await withPhotos(tx, [row!]);
    return message!;
  }

  // ---------- reading ----------

  async list(viewer: Viewer, query: ConversationListQuery): Promise<Page<Conversation>> {
    const { items, total } = await conversationSummaries(this.deps.db, this.deps.images, viewer.id, {
      ...(query.productId ? { productId: query.productId } : {}),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items, page: query.page, pageSize: query.pageSize, total };
  }

  async get(viewer: Viewer, conversationId: string): Promise<Conversation> {
    return this.summary(viewer.id, conversationId);
  }

  async messages(
    viewer: Viewer,
    conversationId: string,
    query: { after?: string | undefined; before?: string | undefined },
  ): Promise<MessagesPage> {
    const { db } = this.deps;
    await this.mine(db, viewer.id, conversationId);
    const seqOf = async (messageId: string) => {
      const [row] = await db
        .select({ seq: conversationMessages.seq })
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.id, messageId),
            eq(conversationMessages.conversationId, conversationId),
          ),
        );
      if (!row)
        throw new BadRequest(says.invalidCursor, { [query.after ? 'after' : 'before']: says.invalidCursor });
      return row.seq;
    };
    return messagePage(db, conversationId, {
      ...(query.after ? { afterSeq: await seqOf(query.after) } : {}),
      ...(query.before ? { beforeSeq: await seqOf(query.before) } : {}),
      limit: conversationLimits.pageSize,
    });
  }

  /** Marks the other person's messages read up to `upTo` (never back); both hear of it. */
  async markRead(viewer: Viewer, conversationId: string, upTo: string): Promise<{ unread: number }> {
    await this.deps.db.transaction(async (tx) => {
      const conversation = await this.mine(tx, viewer.id, conversationId, { lock: true });
      const [message] = await tx
        .select({ seq: conversationMessages.seq })
        .from(conversationMessages)
        .where(
          and(eq(conversationMessages.id, upTo), eq(conversationMessages.conversationId, conversationId)),
        );
      if (!message) throw new BadRequest(says.invalidCursor, { upTo: says.invalidCursor });
      const isBuyer = conversation.buyerId === viewer.id;
      const current = isBuyer ? conversation.buyerReadSeq : conversation.sellerReadSeq;
      if (message.seq <= current) return;
      await tx
        .update(conversations)
        .set(isBuyer ? { buyerReadSeq: message.seq } : { sellerReadSeq: message.seq })
        .where(eq(conversations.id, conversationId));
      await recordEvent(tx, [conversation.buyerId, conversation.sellerId], {
        kind: 'read',
        actorId: viewer.id,
        conversationId,
        messageId: upTo,
      });
    });
    return { unread: await unreadCount(this.deps.db, viewer.id) };
  }

  unread(viewer: Viewer): Promise<number> {
    return unreadCount(this.deps.db, viewer.id);
  }

  // ---------- mail for unread messages: the person's switch ----------

  async messageMail(viewer: Viewer): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ enabled: users.messageMail })
      .from(users)
      .where(eq(users.id, viewer.id));
    return row?.enabled ?? true;
  }

  async setMessageMail(viewer: Viewer, enabled: boolean): Promise<void> {
    await this.deps.db.update(users).set({ messageMail: enabled }).where(eq(users.id, viewer.id));
  }

  // ---------- blocking and reporting ----------

  /** Blocks (or lifts the block on) the other person of the conversation. */
  async setBlocked(viewer: Viewer, conversationId: string, blocked: boolean): Promise<void> {
    const conversation = await this.mine(this.deps.db, viewer.id, conversationId);
    const other = conversation.buyerId === viewer.id ? conversation.sellerId : conversation.buyerId;
    if (blocked) {
      await this.deps.db
        .insert(userBlocks)
        .values({ blockerId: viewer.id, blockedId: other })
        .onConflictDoNothing();
    } else {
      await this.deps.db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, other)));
    }
  }

  /** Reports the other person's message to the administrators, with the conversation around it. */
  async report(
    viewer: Viewer,
    messageId: string,
    input: MessageReportBody,
  ): Promise<{ id: string; messageId: string }> {
    try {
      return await this.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${viewer.id}`}))`);
        const [found] = await tx
          .select({ senderId: conversationMessages.senderId, productId: conversations.productId })
          .from(conversationMessages)
          .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
          .where(
            and(
              eq(conversationMessages.id, messageId),
              or(eq(conversations.buyerId, viewer.id), eq(conversations.sellerId, viewer.id)),
            ),
          );
        if (!found) throw new NotFound(says.messageNotFound);
        if (found.senderId === viewer.id) throw new BadRequest(says.cannotReportOwn);
        const [recent] = await tx
          .select({ n: count(), oldest: min(reports.createdAt) })
          .from(reports)
          .where(
            and(
              eq(reports.reporterId, viewer.id),
              sql`${reports.messageId} is not null`,
              sql`${reports.createdAt} > now() - interval '1 hour'`,
            ),
          );
        if ((recent?.n ?? 0) >= 10) {
          const wait = Math.max(
            60,
            Math.ceil((new Date(recent!.oldest!).getTime() + 3_600_000 - Date.now()) / 1000),
          );
          throw new TooManyRequests(says.reportLimitReached, wait);
        }
        const details = input.details?.trim() ? input.details.trim() : null;
        const [created] = await tx
          .insert(reports)
          .values({
            productId: found.productId,
            messageId,
            reporterId: viewer.id,
            reason: input.reason,
            details,
          })
          .returning({ id: reports.id });
        return { id: created!.id, messageId };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'reports_one_open_per_message_idx')) {
        throw new Conflict(says.alreadyReported, 'ALREADY_REPORTED');
      }
      throw error;
    }
  }

  // ---------- photos ----------

  /** A photo for a message not yet sent, through the listing photo pipeline (metadata dropped). */
  async uploadPhoto(
    viewer: Viewer,
    conversationId: string,
    file: Buffer,
    now = new Date(),
  ): Promise<MessagePhoto> {
    const { db, images } = this.deps;
    await this.mine(db, viewer.id, conversationId);
    await this.assertRoomForPhotos(db, viewer.id, now);
    const processed = await processImage(file);
    const keys = newPrivatePhotoFileKeys();
    const files: [string, Buffer][] = [
      [keys.displayKey, processed.display.data],
      [keys.thumbKey, processed.thumb.data],
    ];
    const stored = await Promise.allSettled(files.map(([key, data]) => images.put(key, data, 'image/webp')));
    const failed = stored.find((result) => result.status === 'rejected');
    const removeFiles = () => Promise.allSettled(files.map(([key]) => images.delete(key)));
    if (failed) {
      await removeFiles();
      throw failed.reason;
    }
    try {
      const row = await db.transaction(async (tx) => {
        await lockPerson(tx, viewer.id);
        await this.assertRoomForPhotos(tx, viewer.id, now);
        const [inserted] = await tx
          .insert(messagePhotos)
          .values({
            ownerId: viewer.id,
            conversationId,
            displayKey: keys.displayKey,
            thumbKey: keys.thumbKey,
            width: processed.display.width,
            height: processed.display.height,
            thumbWidth: processed.thumb.width,
            thumbHeight: processed.thumb.height,
            bytes: processed.display.data.length + processed.thumb.data.length,
          })
          .returning();
        return inserted!;
      });
      return {
        id: row.id,
        url: `/api/conversations/${conversationId}/photos/${row.id}`,
        thumbUrl: `/api/conversations/${conversationId}/photos/${row.id}?size=thumb`,
        width: row.width,
        height: row.height,
        thumbWidth: row.thumbWidth,
        thumbHeight: row.thumbHeight,
      };
    } catch (error) {
      await removeFiles();
      throw error;
    }
  }

  /**
   * A photo of the conversation for one of its two people (their own unsent ones too), or for an
   * administrator when the message it is in was reported.
   */
  async readPhoto(
    viewer: Viewer,
    conversationId: string,
    photoId: string,
    size: 'display' | 'thumb',
  ): Promise<StoredImage> {
    const { db, images } = this.deps;
    const [photo] = await db
      .select({
        displayKey: messagePhotos.displayKey,
        thumbKey: messagePhotos.thumbKey,
        ownerId: messagePhotos.ownerId,
        messageId: messagePhotos.messageId,
        buyerId: conversations.buyerId,
        sellerId: conversations.sellerId,
        reported: sql<boolean>`exists (select 1 from ${reports} where ${reports.messageId} = ${messagePhotos.messageId})`,
      })
      .from(messagePhotos)
      .innerJoin(conversations, eq(conversations.id, messagePhotos.conversationId))
      .where(and(eq(messagePhotos.id, photoId), eq(messagePhotos.conversationId, conversationId)));
    const sent = photo?.messageId !== null;
    const mayRead =
      photo &&
      ((sent && (photo.buyerId === viewer.id || photo.sellerId === viewer.id)) ||
        photo.ownerId === viewer.id ||
        (viewer.role === 'admin' && photo.reported));
    if (!mayRead) throw new NotFound(says.photoNotFound);
    const image = await images.read(size === 'thumb' ? photo.thumbKey : photo.displayKey);
    if (!image) throw new NotFound(says.photoNotFound);
    return image;
  }

  /** Removes photos never sent within a day: rows first, then their files. */
  async removeUnsentPhotos(now = new Date()): Promise<number> {
    const removed = await this.deps.db
      .delete(messagePhotos)
      .where(
        and(
          isNull(messagePhotos.messageId),
          lt(messagePhotos.createdAt, new Date(now.getTime() - UNSENT_PHOTO_LIFETIME_MS)),
        ),
      )
      .returning({ displayKey: messagePhotos.displayKey, thumbKey: messagePhotos.thumbKey });
    await Promise.allSettled(
      removed.flatMap((row) => [row.displayKey, row.thumbKey]).map((key) => this.deps.images.delete(key)),
    );
    return removed.length;
  }

  // ---------- mail for unread messages ----------

  /**
   * Mails each person who has a message from the other side unread for ten minutes, once per
   * conversation per hour at most, unless they turned it off. Claims conversations with SKIP LOCKED,
   * so instances running it at once mail each reader once.
   */
  async mailUnreadOnce(now = new Date()): Promise<number> {
    const due = new Date(now.getTime() - conversationLimits.mailAfterMinutes * MINUTE_MS);
    const quiet = new Date(now.getTime() - conversationLimits.mailEveryMinutes * MINUTE_MS);
    let mailed = 0;
    for (const side of ['buyer', 'seller'] as const) {
      mailed += await this.deps.db.transaction(async (tx) => {
        const readerColumn = side === 'buyer' ? 'buyer_id' : 'seller_id';
        const senderColumn = side === 'buyer' ? 'seller_id' : 'buyer_id';
        const readColumn = side === 'buyer' ? 'buyer_read_seq' : 'seller_read_seq';
        const mailedSeqColumn = side === 'buyer' ? 'buyer_mailed_seq' : 'seller_mailed_seq';
        const mailedAtColumn = side === 'buyer' ? 'buyer_mailed_at' : 'seller_mailed_at';
        const rows = rowsOf<{
          id: string;
          last_seq: number | string;
          reader_name: string;
          reader_email: string;
          sender_name: string;
          title: string;
        }>(
          await tx.execute(sql`
            select c.id, m.last_seq, r.name as reader_name, r.email as reader_email,
              s.name as sender_name, p.title
            from conversations c
            join lateral (
              select max(seq) as last_seq from conversation_messages m
              where m.conversation_id = c.id and m.sender_id = c.${sql.raw(senderColumn)}
                and m.removed_at is null
                and m.seq > greatest(c.${sql.raw(readColumn)}, c.${sql.raw(mailedSeqColumn)})
                and m.created_at <= ${due}
            ) m on m.last_seq is not null
            join users r on r.id = c.${sql.raw(readerColumn)}
            join users s on s.id = c.${sql.raw(senderColumn)}
            join products p on p.id = c.product_id
            where (c.${sql.raw(mailedAtColumn)} is null or c.${sql.raw(mailedAtColumn)} <= ${quiet})
              and c.last_message_at > ${new Date(now.getTime() - 7 * DAY_MS)}
              and r.deleted_at is null and r.message_mail
              and not exists (select 1 from user_blocks b where b.blocker_id = r.id and b.blocked_id = s.id)
            order by c.last_message_at
            limit 100
            for update of c skip locked`),
        );
        for (const row of rows) {
          await tx.execute(sql`
            update conversations set ${sql.raw(mailedSeqColumn)} = ${Number(row.last_seq)},
              ${sql.raw(mailedAtColumn)} = ${now}
            where id = ${row.id}`);
          await enqueueMail(tx, {
            key: `conversation:${row.id}:${side}:${row.last_seq}`,
            to: row.reader_email,
            copy: mailCopy.newMessage({
              reader: row.reader_name,
              sender: row.sender_name,
              title: row.title,
              url: linkTo(this.deps.config.PUBLIC_URL, `/dashboard/messages/${row.id}`),
              settingsUrl: linkTo(this.deps.config.PUBLIC_URL, '/dashboard/account'),
            }),
          });
        }
        return rows.length;
      });
    }
    return mailed;
  }

  /** Events older than this are no longer sent to a stream that reconnects. */
  async pruneEvents(now = new Date(), keepDays = 14): Promise<void> {
    await this.deps.db
      .delete(userEvents)
      .where(lt(userEvents.createdAt, new Date(now.getTime() - keepDays * DAY_MS)));
  }

  // ---------- the rules' checks ----------

  /** The conversation, when the person is one of its two; else the 404 of an unknown id. */
  private async mine(
    db: DbOrTx,
    viewerId: string,
    conversationId: string,
    { lock = false }: { lock?: boolean } = {},
  ): Promise<ConversationRow> {
    const query = db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          or(eq(conversations.buyerId, viewerId), eq(conversations.sellerId, viewerId)),
        ),
      );
    const [row] = lock ? await query.for('no key update') : await query;
    if (!row) throw new NotFound(says.conversationNotFound);
    return row;
  }

  private async summary(viewerId: string, conversationId: string): Promise<Conversation> {
    const { items } = await conversationSummaries(this.deps.db, this.deps.images, viewerId, {
      ids: [conversationId],
      limit: 1,
      offset: 0,
    });
    if (!items[0]) throw new NotFound(says.conversationNotFound);
    return items[0];
  }

  /** Locks the sender (their messages are counted one after another) and reads their account's age. */
  private async lockSender(tx: Tx, userId: string): Promise<{ createdAt: Date }> {
    const [person] = await tx
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    return person!;
  }

  private async assertNotBlocked(tx: Tx, viewerId: string, otherId: string): Promise<void> {
    const rows = await tx
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, otherId)),
          and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, viewerId)),
        ),
      );
    if (rows.some((row) => row.blockerId === otherId)) throw new Forbidden(says.blockedByThem, 'BLOCKED');
    if (rows.length > 0) throw new Forbidden(says.blockedByYou, 'BLOCKED');
  }

  private async assertPace(tx: Tx, viewerId: string, since: Date, now: Date): Promise<void> {
    const young = now.getTime() - since.getTime() < DAY_MS;
    const { config } = this.deps;
    const limit = young ? config.NEW_ACCOUNT_MESSAGES_PER_MINUTE : config.MESSAGES_PER_MINUTE;
    const windowStart = new Date(now.getTime() - MINUTE_MS);
    const [recent] = await tx
      .select({ n: count(), oldest: min(conversationMessages.createdAt) })
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.senderId, viewerId),
          sql`${conversationMessages.createdAt} > ${windowStart}`,
        ),
      );
    if ((recent?.n ?? 0) >= limit) {
      const wait = Math.max(
        1,
        Math.ceil((new Date(recent!.oldest!).getTime() + MINUTE_MS - now.getTime()) / 1000),
      );
      throw new TooManyRequests(says.tooManyMessages(wait), wait);
    }
  }

  private async assertMayStart(tx: Tx, viewerId: string, since: Date, now: Date): Promise<void> {
    const young = now.getTime() - since.getTime() < DAY_MS;
    const { config } = this.deps;
    const limit = young ? config.NEW_ACCOUNT_CONVERSATIONS_PER_DAY : config.CONVERSATIONS_PER_DAY;
    const [recent] = await tx
      .select({ n: count(), oldest: min(conversations.createdAt) })
      .from(conversations)
      .where(
        and(
          eq(conversations.buyerId, viewerId),
          sql`${conversations.createdAt} > ${new Date(now.getTime() - DAY_MS)}`,
        ),
      );
    if ((recent?.n ?? 0) >= limit) {
      const wait = Math.max(
        60,
        Math.ceil((new Date(recent!.oldest!).getTime() + DAY_MS - now.getTime()) / 1000),
      );
      throw new TooManyRequests(says.tooManyConversations(Math.ceil(wait / 3600)), wait);
    }
  }

  /** The person's own unsent photos of this conversation, all of them, or a 400 naming the field. */
  private async claimablePhotos(
    tx: Tx,
    viewerId: string,
    conversationId: string,
    ids: string[],
  ): Promise<void> {
    if (ids.length === 0) return;
    const [found] = await tx
      .select({ n: count() })
      .from(messagePhotos)
      .where(
        and(
          inArray(messagePhotos.id, ids),
          eq(messagePhotos.ownerId, viewerId),
          eq(messagePhotos.conversationId, conversationId),
          isNull(messagePhotos.messageId),
        ),
      );
    if ((found?.n ?? 0) !== ids.length) {
      throw new BadRequest(says.photoNotYours, { photoIds: says.photoNotYours });
    }
  }

  private async assertRoomForPhotos(db: DbOrTx, viewerId: string, now: Date): Promise<void> {
    const [pending] = await db
      .select({ n: count() })
      .from(messagePhotos)
      .where(
        and(
          eq(messagePhotos.ownerId, viewerId),
          isNull(messagePhotos.messageId),
          sql`${messagePhotos.createdAt} > ${new Date(now.getTime() - UNSENT_PHOTO_LIFETIME_MS)}`,
        ),
      );
    if ((pending?.n ?? 0) >= MAX_UNSENT_PHOTOS) throw new TooManyRequests(says.tooManyUnsentPhotos, 60);
  }

  private async isBooked(tx: Tx, conversation: ConversationRow): Promise<boolean> {
    const [row] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.productId, conversation.productId),
          eq(bookings.buyerId, conversation.buyerId),
          inArray(bookings.status, [...bookedStatuses]),
        ),
      )
      .limit(1);
    return Boolean(row);
  }
}
