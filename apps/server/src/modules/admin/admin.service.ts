/**
 * Moderation: the buyer and seller lists, seller verification, removing users, the reports queue and the
 * audit log. Every action changes its records and writes its audit row in one transaction, so the log
 * never claims something that did not happen (or misses something that did).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  adminMessages,
  cancelReasons,
  type AdminUserRow,
  type AuditAction,
  type AuditRow,
  type Page,
  type PageQuery,
  type ReportQueueRow,
  type UserListQuery,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Tx } from '../../platform/db/client.js';
import { auditLog, bookings, products, reports, sessions, users } from '../../platform/db/schema.js';
import { removeProducts } from '../products/index.js';
import { removeMessage } from '../conversations/index.js';
import { Conflict, NotFound } from '../../platform/errors.js';
import { enqueueMail, linkTo } from '../mail/index.js';
import { auditPage, reportQueuePage, userPage } from './admin.queries.js';
import { mailCopy } from '@furniture-mart/shared';

export interface Actor {
  id: string;
}

interface AuditTarget {
  type: 'user' | 'report' | 'product' | 'message';
  id: string;
  label: string;
  details?: Record<string, unknown>;
}

export class AdminService {
  constructor(private readonly deps: Pick<ServiceDeps, 'config' | 'db' | 'images' | 'listings'>) {}

  // ---------- users ----------

  async listUsers(role: 'buyer' | 'seller', options: UserListQuery): Promise<Page<AdminUserRow>> {
    return userPage(this.deps.db, role, options);
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

  /**
   * Open reports, all reports of one product next to each other, the most recently reported product first;
   * with what a report is judged by: the reporter, and the product's cover, seller and status.
   */
  async listReports(options: PageQuery): Promise<Page<ReportQueueRow>> {
    return reportQueuePage(this.deps.db, this.deps.images, options);
  }

  /** Dismisses one report; the product stays on sale. */
  async removeReport(actor: Actor, reportId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(reports)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
        .returning({
          id: reports.id,
          productId: reports.productId,
          messageId: reports.messageId,
          reason: reports.reason,
        });
      if (!closed) throw new NotFound(adminMessages.reportNotFound);
      const title = await this.productTitle(tx, closed.productId);
      await this.tellReporters(tx, [closed.id], title, false, closed.messageId !== null);
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
        .select({ productId: reports.productId, messageId: reports.messageId })
        .from(reports)
        .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
        .for('update');
      if (!report) throw new NotFound(adminMessages.reportNotFound);
      // A report of a message is about what someone wrote, not about the product.
      if (report.messageId) throw new Conflict(adminMessages.reportIsAboutMessage);
      const openReports = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(eq(reports.productId, report.productId), eq(reports.status, 'open'), isNull(reports.messageId)),
        );

      await removeProducts(tx, [report.productId], cancelReasons.productRemoved, this.deps.config.PUBLIC_URL);
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

  /**
   * Removes a reported message from its conversation (shown as removed by an administrator) and closes
   * every open report of it.
   */
  async removeReportedMessage(actor: Actor, reportId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [report] = await tx
        .select({ messageId: reports.messageId, productId: reports.productId })
        .from(reports)
        .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
        .for('update');
      if (!report) throw new NotFound(adminMessages.reportNotFound);
      if (!report.messageId) throw new Conflict(adminMessages.reportIsAboutProduct);
      const closed = await tx
        .update(reports)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(and(eq(reports.messageId, report.messageId), eq(reports.status, 'open')))
        .returning({ id: reports.id });
      const removed = await removeMessage(tx, report.messageId);
      const title = await this.productTitle(tx, report.productId);
      await this.tellReporters(
        tx,
        closed.map((row) => row.id),
        title,
        true,
        true,
      );
      await this.audit(tx, actor, 'message.remove', {
        type: 'message',
        id: report.messageId,
        label: removed?.senderName ?? title,
        details: { reportId, productId: report.productId, reportsClosed: closed.length },
      });
    });
  }

  /** Each reporter hears what became of their report. */
  private async tellReporters(
    tx: Tx,
    reportIds: string[],
    title: string,
    removed: boolean,
    aboutMessage = false,
  ) {
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
          aboutMessage,
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
    return auditPage(this.deps.db, options);
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
