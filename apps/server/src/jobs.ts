/**
 * The server's background work: sending queued mail, asking the payment provider for pending refunds,
 * and completing paid orders nobody handed over in time. Started by server.ts (tests drive each job's
 * runOnce directly), stopped before the app closes. Each claims its rows in the database, so several
 * instances on one PostgreSQL never do the same work twice.
 */
import type { FastifyInstance } from 'fastify';
import { PeriodicJob } from './lib/periodic.js';

export function startBackgroundJobs(app: FastifyInstance) {
  const { mail, refunds, orders } = app.services;
  const controller = new AbortController();
  const jobs = [
    new PeriodicJob('mail', 2_000, () => mail.runOnce({ signal: controller.signal }), app.log),
    new PeriodicJob('refunds', 30_000, () => refunds.runOnce(), app.log),
    new PeriodicJob('handoff-auto-complete', 10 * 60_000, () => orders.autoCompleteOnce(), app.log),
  ];
  for (const job of jobs) job.start();
  return {
    async stop() {
      controller.abort();
      await Promise.all(jobs.map((job) => job.stop()));
      mail.transport.close();
    },
  };
}
