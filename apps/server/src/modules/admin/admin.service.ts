/**
 * Moderation: the buyer and seller lists, seller verification, removing users, the reports queue and the
 * audit log. Every action changes its records and writes its audit row in one transaction, so the log
 * never claims something that did not happen (or misses something that did).
 */
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  adminMessages,
  cancelReasons,
  type AdminUserRow,
  type AuditAction,
  type AuditRow,
  type Page,
  type PageQuery,
  type ReportQueueRow,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../../services.js';
import type { Tx } from '../../db/client.js';
import { auditLog, bookings, products, reports, sessions, users } from '../../db/schema.js';
import { closeReports, removeProducts } from '../../domain/removal.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { enqueueMail, linkTo } from '../mail/outbox.js';
import { mailCopy } from '@furniture-mart/shared';

export interface Actor {
  id: string;
}

export interface UserListOptions extends PageQuery {
  q?: string | undefined;
}

interface AuditTarget {
  type: 'user' | 'report' | 'product';
  id: string;
  label: string;
  details?: Record<string, unknown>;
}

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

/** Makes a search term literal inside LIKE, so `%` or `_` typed by the admin match themselves. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export class AdminService {
  constructor(private readonly deps: Pick<ServiceDeps, 'config' | 'db' | 'listings'>) {}

  // ---------- users ----------

  async listUsers(role: 'buyer' | 'seller', options: UserListOptions): Promise<Page<AdminUserRow>> {
    const { db } = this.deps;
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

  /** Verifies a seller once; a second attempt is a conflict and writes nothing. */
  async verifySeller(actor: Actor, sellerId: string): Promise<{ id: string; verified: true }> {
    const verified = await this.deps.db.transaction(async (tx) => {
      // The verified = false condition makes two concurrent attempts verify (and log) exactly once.
      const [updated] = await tx
        .update(users)
        .set({ verified: true })
        .where(
          and(
            eq(users.id, sellerId),
            eq(users.role, 'seller'),
            isNull(users.deletedAt),
            eq(users.verified, false),
          ),
        )
        .returning({ id: users.id, name: users.name, email: users.email });
      if (!updated) {
        const [seller] = await tx
          .select({ verified: users.verified })
          .from(users)
          .where(and(eq(users.id, sellerId), eq(users.role, 'seller'), isNull(users.deletedAt)));
        if (!seller) throw new NotFound(adminMessages.sellerNotFound);
        throw new Conflict(adminMessages.alreadyVerified, 'ALREADY_VERIFIED');
      }
      await enqueueMail(tx, {
        key: `seller:${updated.id}:verified`,
        to: updated.email,
        copy: mailCopy.sellerVerified({
          seller: updated.name,
          url: linkTo(this.deps.config.PUBLIC_URL, '/dashboard/myProducts'),
        }),
      });
      await this.audit(tx, actor, 'seller.verify', {
        type: 'user',
        id: updated.id,
        label: `${updated.name} (${updated.email})`,
      });
      return { id: updated.id, verified: true as const };
    });
    // Listings show a verified mark beside the seller's name.
    this.deps.listings.changed();
    return verified;
  }

  /**
   * Removes a buyer or seller: the account is soft-deleted and signed out everywhere, a seller's products
   * leave every list, a buyer's open bookings are cancelled. Paid bookings and payments stay untouched.
   */
  async removeUser(actor: Actor, userId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, name: users.name, email: users.email, role: users.role })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      if (!user) throw new NotFound(adminMessages.userNotFound);
      if (user.id === actor.id) throw new Conflict(adminMessages.cannotRemoveSelf, 'CANNOT_REMOVE_SELF');
      if (user.role === 'admin') throw new Conflict(adminMessages.cannotRemoveAdmin, 'CANNOT_REMOVE_ADMIN');

      await tx
        .update(users)
        .set({ deletedAt: sql`now()` })
        .where(eq(users.id, user.id));
      // Without a session row the old cookie resolves to nobody: the next request answers 401.
      await tx.delete(sessions).where(eq(sessions.userId, user.id));

      const details =
        user.role === 'seller'
          ? await this.removeSellerListings(tx, user.id)
          : await this.cancelBuyerBookings(tx, user.id);

      await this.audit(tx, actor, 'user.remove', {
        type: 'user',
        id: user.id,
        label: `${user.name} (${user.email})`,
        details: { role: user.role, ...details },
      });
    });
    this.deps.listings.changed();
  }

  private async removeSellerListings(tx: Tx, sellerId: string) {
    const listed = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sellerId, sellerId), isNull(products.deletedAt)));
    const ids = listed.map((row) => row.id);
    const productsRemoved = await removeProducts(
      tx,
      ids,
      cancelReasons.sellerRemoved,
      this.deps.config.PUBLIC_URL,
    );
    // The products are gone, so reports about them have nothing left to act on.
    await closeReports(tx, ids);
    return { productsRemoved };
  }

  private async cancelBuyerBookings(tx: Tx, buyerId: string) {
    const cancelled = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: cancelReasons.buyerRemoved, cancelledAt: sql`now()` })
      .where(and(eq(bookings.buyerId, buyerId), eq(bookings.status, 'booked')))
      .returning({ id: bookings.id });
    const ids = cancelled.map((row) => row.id);
    if (ids.length > 0) {
      // A checkout the buyer had started no longer keeps the item from other buyers.
      await tx
        .update(products)
        .set({ holdBookingId: null, holdExpiresAt: null })
        .where(inArray(products.holdBookingId, ids));
    }
    return { bookingsCancelled: ids.length };
  }

  // ---------- reports ----------

  /** Open reports, all reports of one product next to each other, the most recently reported product first. */
  async listReports(options: PageQuery): Promise<Page<ReportQueueRow>> {
    const { db } = this.deps;
    const open = eq(reports.status, 'open');
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          id: reports.id,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          createdAt: reports.createdAt,
          productId: products.id,
          productTitle: products.title,
          categoryId: products.categoryId,
          productDeletedAt: products.deletedAt,
          reporterId: users.id,
          reporterName: users.name,
          productOpenReports: sql<number>`count(*) over (partition by ${reports.productId})`.mapWith(Number),
        })
        .from(reports)
        .innerJoin(products, eq(products.id, reports.productId))
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(open)
        .orderBy(
          sql`max(${reports.createdAt}) over (partition by ${reports.productId}) desc`,
          reports.productId,
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

    return {
      items: rows.map((row) => ({
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
        },
        reporter: { id: row.reporterId, name: row.reporterName },
        productOpenReports: row.productOpenReports,
      })),
      page: options.page,
      pageSize: options.pageSize,
      total: counted?.total ?? 0,
    };
  }

  /** Dismisses one report; the product stays on sale. */
  async removeReport(actor: Actor, reportId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(reports)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
        .returning({ id: reports.id, productId: reports.productId, reason: reports.reason });
      if (!closed) throw new NotFound(adminMessages.reportNotFound);
      const title = await this.productTitle(tx, closed.productId);
      await this.tellReporters(tx, [closed.id], title, false);
      await this.audit(tx, actor, 'report.remove', {
        type: 'report',
        id: closed.id,
        label: title,
        details: { productId: closed.productId, reason: closed.reason },
      });
    });
  }

  /** Takes the reported product off the market and closes every open report about it. */
  async removeReportedItem(actor: Actor, reportId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [report] = await tx
        .select({ productId: reports.productId })
        .from(reports)
        .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
        .for('update');
      if (!report) throw new NotFound(adminMessages.reportNotFound);
      const openReports = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.productId, report.productId), eq(reports.status, 'open')));

      await removeProducts(tx, [report.productId], cancelReasons.productRemoved, this.deps.config.PUBLIC_URL);
      await closeReports(tx, [report.productId]);
      const title = await this.productTitle(tx, report.productId);
      await this.tellReporters(
        tx,
        openReports.map((row) => row.id),
        title,
        true,
      );
      await this.audit(tx, actor, 'reported_item.remove', {
        type: 'product',
        id: report.productId,
        label: title,
        details: { reportId, reportsClosed: openReports.length },
      });
    });
    this.deps.listings.changed();
  }

  /** Each reporter hears what became of their report. */
  private async tellReporters(tx: Tx, reportIds: string[], title: string, removed: boolean) {
    if (reportIds.length === 0) return;
    const reporters = await tx
      .select({ reportId: reports.id, name: users.name, email: users.email })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(and(inArray(reports.id, reportIds), isNull(users.deletedAt)));
    await enqueueMail(
      tx,
      reporters.map((reporter) => ({
        key: `report:${reporter.reportId}:handled`,
        to: reporter.email,
        copy: mailCopy.reportHandled({
          reporter: reporter.name,
          title,
          removed,
          url: linkTo(this.deps.config.PUBLIC_URL, '/'),
        }),
      })),
    );
  }

  private async productTitle(tx: Tx, productId: string): Promise<string> {
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, productId));
    return product?.title ?? '';
  }

  // ---------- audit log ----------

  async listAudit(options: PageQuery): Promise<Page<AuditRow>> {
    const { db } = this.deps;
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

  /** Appends one row to the audit log inside the action's own transaction. */
  private async audit(tx: Tx, actor: Actor, action: AuditAction, target: AuditTarget): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action,
      targetType: target.type,
      targetId: target.id,
      targetLabel: target.label,
      details: target.details ?? null,
    });
  }
}
