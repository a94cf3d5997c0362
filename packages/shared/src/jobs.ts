/**
 * Background jobs as an administrator sees them: how much waits per kind (the mail outbox, refunds),
 * and the jobs that failed for good or have waited too long, each of which can be retried.
 */
import { z } from 'zod';

export const jobKinds = ['mail', 'refund'] as const;
export type JobKind = (typeof jobKinds)[number];

/** failed: out of attempts (or refused for good); stuck: due for long and taken by no worker. */
export const jobStates = ['failed', 'stuck'] as const;

export const jobBacklogSchema = z.object({
  kind: z.enum(jobKinds),
  /** Waiting to be done (due now or later), failed ones not included. */
  pending: z.number().int(),
  /** Seconds since the oldest pending one was queued; 0 when none waits. */
  oldestPendingSeconds: z.number().int(),
  failed: z.number().int(),
  stuck: z.number().int(),
});
export type JobBacklog = z.infer<typeof jobBacklogSchema>;

export const jobRowSchema = z.object({
  id: z.uuid(),
  kind: z.enum(jobKinds),
  state: z.enum(jobStates),
  /** What it is: a message's subject and recipient, or a refund's amount and reason. */
  summary: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

/** GET /api/admin/jobs */
export const jobsOverviewSchema = z.object({
  backlog: z.array(jobBacklogSchema),
  /** The failed and stuck jobs, oldest first (at most 50). */
  items: z.array(jobRowSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/** POST /api/admin/jobs/:id/retry */
export const jobRetriedSchema = z.object({
  id: z.uuid(),
  kind: z.enum(jobKinds),
  status: z.literal('pending'),
});
export type JobRetried = z.infer<typeof jobRetriedSchema>;
