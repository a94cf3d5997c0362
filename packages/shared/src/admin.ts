/** Administration: the user, report and audit tables and the answers of moderation actions. */
import { z } from 'zod';
import { auditActions, productPageStatuses, reportReasons, reportStatuses, roles } from './enums.js';
import { pageOf, pageQuery, photoSchema } from './common.js';
import { messageSchema } from './conversations.js';

// ---------- requests ----------

export const userListQuery = pageQuery.extend({ q: z.string().trim().max(100).optional() });
export type UserListQuery = z.infer<typeof userListQuery>;

// ---------- answers ----------

/** Only the columns the admin tables show: never password hashes, sessions or tokens. */
export const adminUserRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  verified: z.boolean(),
  createdAt: z.string(),
  orders: z.number().int(),
  products: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/**
 * A report in the admin queue, with what it is judged by: the reporter, the product's cover, status and
 * seller, and how many open reports the product has in total.
 */
export const reportQueueRowSchema = z.object({
  id: z.uuid(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  product: z.object({
    id: z.uuid(),
    title: z.string(),
    categoryId: z.uuid(),
    removed: z.boolean(),
    status: z.enum(productPageStatuses),
    cover: photoSchema.nullable(),
    seller: z.object({ id: z.uuid(), name: z.string(), email: z.string(), verified: z.boolean() }),
  }),
  /** By name only: a reporter's email never leaves, not even to an admin. */
  reporter: z.object({ id: z.uuid(), name: z.string() }),
  /**
   * The reporter's latest booking of the product, if any: its order page shows the listing as it was
   * booked (decision 0077), what a report of a wrong condition is judged against.
   */
  reporterOrder: z.object({ id: z.uuid() }).nullable(),
  productOpenReports: z.number().int(),
  /**
   * A report of a message in a conversation about the product (null: of the product itself): the
   * message, its sender, and the conversation around it (up to ten messages before and after).
   */
  message: z
    .object({
      id: z.uuid(),
      removed: z.boolean(),
      sender: z.object({ id: z.uuid(), name: z.string(), email: z.string(), removed: z.boolean() }),
      around: z.array(messageSchema),
    })
    .nullable(),
});
export type ReportQueueRow = z.infer<typeof reportQueueRowSchema>;

export const auditRowSchema = z.object({
  id: z.uuid(),
  action: z.enum(auditActions),
  actor: z.object({ id: z.uuid(), name: z.string() }),
  targetType: z.string(),
  targetId: z.uuid(),
  targetLabel: z.string(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const adminUserPageSchema = pageOf(adminUserRowSchema);
export const reportQueuePageSchema = pageOf(reportQueueRowSchema);
export const auditPageSchema = pageOf(auditRowSchema);

export const sellerVerifiedSchema = z.object({ id: z.uuid(), verified: z.literal(true) });
