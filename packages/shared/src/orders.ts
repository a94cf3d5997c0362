/**
 * The last mile of a sale: the handoff code at pickup, the seller cancelling a paid sale (a refund), the
 * dashboard overview of what needs doing and the refunds the provider has not accepted yet.
 */
import { z } from 'zod';
import { toLatinDigits } from './digits.js';
import { bookingStatuses, handoffLimits, paymentMethods } from './enums.js';
import { pageOf, says } from './common.js';

// ---------- requests ----------

export const handoffBody = z
  .object({
    code: z
      .string()
      .trim()
      // Read off a Bangla page, the code may be typed in Bangla digits.
      .overwrite(toLatinDigits)
      .regex(new RegExp(`^\\d{${handoffLimits.codeLength}}$`), says('orders.handoffCodeFormat')),
  })
  .strict();
export type HandoffBody = z.infer<typeof handoffBody>;

export const cancelSaleBody = z
  .object({
    reason: z.string().trim().min(5, says('orders.cancelReasonRequired')).max(300),
  })
  .strict();
export type CancelSaleBody = z.infer<typeof cancelSaleBody>;

// ---------- answers ----------

export const handoffDoneSchema = z.object({ status: z.literal('completed'), completedAt: z.string() });
export const saleCancelledSchema = z.object({ status: z.literal('refunded') });

/** One line of the dashboard overview. */
export const overviewOrderSchema = z.object({
  id: z.uuid(),
  productTitle: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(bookingStatuses),
  createdAt: z.string(),
  /** The buyer's own code, only in the buyer's overview. */
  handoffCode: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods).nullable(),
});
export type OverviewOrder = z.infer<typeof overviewOrderSchema>;

const orderList = z.object({ total: z.number().int(), items: z.array(overviewOrderSchema) });

/** GET /api/my/overview: what needs doing, by role. */
export const overviewSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('buyer'), toPay: orderList, awaitingHandoff: orderList }),
  z.object({
    role: z.literal('seller'),
    newBookings: orderList,
    awaitingHandoff: orderList,
    /** Offers waiting for the seller's answer (issue 40). */
    offersWaiting: z.number().int().optional(),
    earnings: z.object({
      completedCents: z.number().int(),
      pendingCents: z.number().int(),
      currency: z.string(),
    }),
  }),
  z.object({
    role: z.literal('admin'),
    openReports: z.number().int(),
    sellersAwaitingVerification: z.number().int(),
    refundsNeedingAttention: z.number().int(),
    /** Background jobs out of attempts, and jobs due for long that no worker took (GET /api/admin/jobs). */
    failedJobs: z.number().int(),
    stuckJobs: z.number().int(),
  }),
]);
export type Overview = z.infer<typeof overviewSchema>;

/** A refund the provider has not accepted yet, for the admin's "needs attention" list. */
export const refundAttentionRowSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  amountCents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type RefundAttentionRow = z.infer<typeof refundAttentionRowSchema>;

export const refundAttentionPageSchema = pageOf(refundAttentionRowSchema);
