/**
 * The server's background work: sending queued mail, asking the payment provider for pending refunds,
 * completing paid orders nobody handed over in time, mailing messages left unread, and removing photos
 * never added to a product or a message.
 * Started by server.ts on instances whose ROLE is worker or all (tests drive each job's runOnce
 * directly), stopped before the app closes. Each claims its rows in the database (or runs under an
 * advisory lock), so several instances on one PostgreSQL never do the same work twice.
 */
import type { FastifyInstance } from 'fastify';
import { PeriodicJob } from './lib/periodic.js';
import { advisoryLocks } from './platform/db/client.js';

const HOUR_MS = 60 * 60 * 1000;

export function startBackgroundJobs(
  app: FastifyInstance,
  onRun: (job: string, failed: boolean) => void = () => {},
) {
  const { mail, refunds, orders, uploads, conversations, payments, reviews, offers } = app.services;
  const controller = new AbortController();
  const job = (name: string, everyMs: number, task: () => Promise<unknown>, firstDelayMs = 0) =>
    new PeriodicJob(name, everyMs, task, app.log, onRun, firstDelayMs);
  const jobs = [
    job('mail', 2_000, () => mail.runOnce({ signal: controller.signal })),
    job('refunds', 30_000, () => refunds.runOnce()),
    job('handoff-auto-complete', 10 * 60_000, () => orders.autoCompleteOnce()),
    // Cash reservations not handed over in time return their pieces to sale (SKIP LOCKED claims).
    job('cash-lapse', 60_000, () => payments.lapseCashReservationsOnce()),
    // Hourly, and a minute after start; one instance at a time, the others skip that round.
    job(
      'photo-cleanup',
      HOUR_MS,
      async () => {
        const removed = await app.database.ifUnlocked(advisoryLocks.photoCleanup, () =>
          uploads.removeUnattached(),
        );
        if (removed) app.log.info({ removed }, 'removed photos never added to a product');
        const unsent = await app.database.ifUnlocked(advisoryLocks.photoCleanup, () =>
          conversations.removeUnsentPhotos(),
        );
        if (unsent) app.log.info({ removed: unsent }, 'removed message photos never sent');
        await conversations.pruneEvents();
      },
      60_000,
    ),
    // Messages unread for ten minutes, mailed to their readers; conversations claimed with SKIP LOCKED.
    job('message-mail', 60_000, () => conversations.mailUnreadOnce()),
    // Reviews whose 14 days ran out are published; "How did it go?" the day after a handoff.
    job('reviews', 10 * 60_000, async () => {
      await reviews.publishDueOnce();
      await reviews.askOnce();
    }),
    // Offers whose time is up expire; holds that did not win are released (SKIP LOCKED, decision 0080).
    job('offers', 30_000, () => offers.runOnce(app.log)),
  ];
  for (const each of jobs) each.start();
  return {
    async stop() {
      controller.abort();
      await Promise.all(jobs.map((each) => each.stop()));
      mail.transport.close();
    },
  };
}
