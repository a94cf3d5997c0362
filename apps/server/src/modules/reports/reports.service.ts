/**
 * Reporting a product: the reporter comes from the session, one open report per reporter and product
 * (a database constraint), and at most a few reports per person per hour so reports stay meaningful.
 */
import { and, count, eq, gt, isNull, min, sql } from 'drizzle-orm';
import {
  buyerMessages,
  messages,
  reportLimits,
  type CreatedReport,
  type ReportReason,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import { products, reports } from '../../platform/db/schema.js';
import { Conflict, NotFound, TooManyRequests, isUniqueViolation } from '../../platform/errors.js';

export interface NewReport {
  productId: string;
  reason: ReportReason;
  details?: string | undefined;
}

const HOUR_MS = 60 * 60 * 1000;

export class ReportsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db'>) {}

  async create(viewer: Viewer, input: NewReport): Promise<CreatedReport> {
    try {
      return await this.deps.db.transaction(async (tx) => {
        // One reporter's reports are counted and written one at a time, so parallel requests cannot
        // all pass the hourly limit together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${viewer.id}`}))`);

        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, input.productId), sql`${products.deletedAt} is null`));
        if (!product) throw new NotFound(buyerMessages.productNotFound);

        const [open] = await tx
          .select({ id: reports.id })
          .from(reports)
          .where(
            and(
              eq(reports.reporterId, viewer.id),
              eq(reports.productId, input.productId),
              eq(reports.status, 'open'),
            ),
          );
        if (open) throw new Conflict(messages.alreadyReported, 'ALREADY_REPORTED');

        const [recent] = await tx
          .select({ n: count(), oldest: min(reports.createdAt) })
          .from(reports)
          .where(
            and(
              eq(reports.reporterId, viewer.id),
              isNull(reports.messageId),
              gt(reports.createdAt, sql`now() - interval '1 hour'`),
            ),
          );
        if ((recent?.n ?? 0) >= reportLimits.perHour) {
          const freeAt = new Date(recent!.oldest!).getTime() + HOUR_MS;
          const minutes = Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
          throw new TooManyRequests(buyerMessages.reportLimitReached(minutes));
        }

        const details = input.details?.trim() ? input.details.trim() : null;
        const [created] = await tx
          .insert(reports)
          .values({ productId: input.productId, reporterId: viewer.id, reason: input.reason, details })
          .returning();
        return {
          id: created!.id,
          productId: created!.productId,
          reason: created!.reason,
          details: created!.details,
          status: created!.status,
          createdAt: created!.createdAt.toISOString(),
        };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'reports_one_open_per_reporter_idx')) {
        throw new Conflict(messages.alreadyReported, 'ALREADY_REPORTED');
      }
      throw error;
    }
  }
}
