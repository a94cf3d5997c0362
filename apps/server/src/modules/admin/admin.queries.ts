/**
 * The admin tables' read models: users with their order and listing counts, the open reports grouped by
 * product and the audit log, each one page at a time.
 */
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminUserRow,
  AuditAction,
  AuditRow,
  Page,
  PageQuery,
  ReportQueueRow,
  UserListQuery,
} from '@furniture-mart/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { auditLog, bookings, productPhotos, products, reports, users } from '../../platform/db/schema.js';
import type { ImageStore } from '../../platform/images/store.js';
import { photoColumns, toPhotoOrNull } from '../products/index.js';
import { pageStatus } from '../products/index.js';
import { messagesAround } from '../conversations/index.js';
import { conversationMessages } from '../../platform/db/schema.js';

/**
 * users.id qualified by its table. Drizzle leaves column names unqualified in a single-table select, which
 * inside a correlated subquery would bind to the subquery's own table instead.
 */
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;

/** Orders still standing (open or paid); a cancelled booking is no longer an order. */
const orderCount = sql<number>`(
  select count(*) from ${bookings}
  where ${bookings.buyerId} = ${outerUserId} and ${bookings.status} <> 'cancelled'
)`.mapWith(Number);

/** Listings still on the seller's books (available or sold), not removed ones. */
const listedProductCount = sql<number>`(
  select count(*) from ${products}
  where ${products.sellerId} = ${outerUserId} and ${products.deletedAt} is null
)`.mapWith(Number);

/** The seller of a reported product; `users` itself is the reporter. */
const reportSellers = alias(users, 'report_sellers');

/** Makes a search term literal inside LIKE, so `%` or `_` typed by the admin match themselves. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page of buyers or sellers (not removed), newest first; q searches name or email. */
export async function userPage(
  db: Db,
  role: 'buyer' | 'seller',
  options: UserListQuery,
): Promise<Page<AdminUserRow>> {
  const conditions: SQL[] = [eq(users.role, role), isNull(users.deletedAt)];
  if (options.q) {
    const pattern = likePattern(options.q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  const where = and(...conditions);
  const offset = (options.page - 1) * options.pageSize;

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        verified: users.verified,
        createdAt: users.createdAt,
        orders: orderCount,
        products: listedProductCount,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
  ]);

  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: options.page,
    pageSize: options.pageSize,
    total: counted?.total ?? 0,
  };
}

/**
 * Open reports, all reports of one product next to each other, the most recently reported product first;
 * with what a report is judged by: the reporter, and the product's cover, seller and status.
 */
export async function reportQueuePage(
  db: Db,
  images: ImageStore,
  options: PageQuery,
): Promise<Page<ReportQueueRow>> {
  const open = eq(reports.status, 'open');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: reports.id,
        messageId: reports.messageId,
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        createdAt: reports.createdAt,
        productId: products.id,
        productTitle: products.title,
        categoryId: products.categoryId,
        productDeletedAt: products.deletedAt,
        productStatus: pageStatus,
        sellerId: reportSellers.id,
        sellerName: reportSellers.name,
        sellerEmail: reportSellers.email,
        sellerVerified: reportSellers.verified,
        reporterId: users.id,
        reporterName: users.name,
        reporterOrderId: sql<string | null>`(select ${bookings.id} from ${bookings}
          where ${bookings.productId} = ${reports.productId} and ${bookings.buyerId} = ${reports.reporterId}
          order by ${bookings.createdAt} desc limit 1)`,
        ...photoColumns,
        // A message's reports are grouped by the message, a product's by the product.
        productOpenReports:
          sql<number>`count(*) over (partition by coalesce(${reports.messageId}, ${reports.productId}))`.mapWith(
            Number,
          ),
      })
      .from(reports)
      .innerJoin(products, eq(products.id, reports.productId))
      .innerJoin(users, eq(users.id, reports.reporterId))
      .innerJoin(reportSellers, eq(reportSellers.id, products.sellerId))
      .leftJoin(productPhotos, and(eq(productPhotos.productId, products.id), eq(productPhotos.position, 0)))
      .where(open)
      .orderBy(
        sql`max(${reports.createdAt}) over (partition by coalesce(${reports.messageId}, ${reports.productId})) desc`,
        sql`coalesce(${reports.messageId}, ${reports.productId})`,
        desc(reports.createdAt),
        reports.id,
      )
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(reports)
      .where(open),
  ]);

  const messages = await reportedMessages(
    db,
    rows.flatMap((row) => (row.messageId ? [row.messageId] : [])),
  );
  return {
    items: rows.map((row) => {
      const cover = toPhotoOrNull(images, row);
      return {
        id: row.id,
        reason: row.reason,
        details: row.details,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        product: {
          id: row.productId,
          title: row.productTitle,
          categoryId: row.categoryId,
          removed: row.productDeletedAt !== null,
          status: row.productStatus,
          cover,
          seller: {
            id: row.sellerId,
            name: row.sellerName,
            email: row.sellerEmail,
            verified: row.sellerVerified,
          },
        },
        reporter: { id: row.reporterId, name: row.reporterName },
        reporterOrder: row.reporterOrderId ? { id: row.reporterOrderId } : null,
        productOpenReports: row.productOpenReports,
        message: row.messageId ? (messages.get(row.messageId) ?? null) : null,
      };
    }),
    page: options.page,
    pageSize: options.pageSize,
    total: counted?.total ?? 0,
  };
}

/** The audit log, newest first, with who acted. */
export async function auditPage(db: Db, options: PageQuery): Promise<Page<AuditRow>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorId: users.id,
        actorName: users.name,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        targetLabel: auditLog.targetLabel,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(auditLog),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action as AuditAction,
      actor: { id: row.actorId, name: row.actorName },
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      createdAt: row.createdAt.toISOString(),
    })),
    page: options.page,
    pageSize: options.pageSize,
    total: counted?.total ?? 0,
  };
}

/** Each reported message with its sender and the conversation around it. */
async function reportedMessages(
  db: Db,
  ids: string[],
): Promise<Map<string, NonNullable<ReportQueueRow['message']>>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const senders = await db
    .select({
      id: conversationMessages.id,
      removedAt: conversationMessages.removedAt,
      senderId: users.id,
      name: users.name,
      email: users.email,
      senderRemovedAt: users.deletedAt,
    })
    .from(conversationMessages)
    .innerJoin(users, eq(users.id, conversationMessages.senderId))
    .where(inArray(conversationMessages.id, unique));
  const found = new Map<string, NonNullable<ReportQueueRow['message']>>();
  for (const row of senders) {
    found.set(row.id, {
      id: row.id,
      removed: row.removedAt !== null,
      sender: { id: row.senderId, name: row.name, email: row.email, removed: row.senderRemovedAt !== null },
      around: await messagesAround(db, row.id),
    });
  }
  return found;
}
