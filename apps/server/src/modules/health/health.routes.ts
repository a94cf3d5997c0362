import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessages, jobBacklogSchema, type JobBacklog } from '@furniture-mart/shared';
import { READY_PING_MS } from '../../platform/db/client.js';
import { ServiceUnavailable } from '../../platform/errors.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  route.get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers and the instance is not shutting down',
        description:
          'Answers 503 when the database does not answer, and from the moment the instance is told to ' +
          'stop (it then keeps serving for SHUTDOWN_DRAIN_SECONDS). Also says how rate limits are ' +
          'counted (shared through Redis, or per instance: no REDIS_URL, or Redis unreachable) and, on ' +
          "PostgreSQL, whether this instance hears other instances' changes (listings, sessions, events); the background " +
          "jobs' backlog (pending, oldest pending age, failed, stuck), the instance's role, and whether " +
          'it is shedding load (answering 503 to requests other than health, readiness and metrics); with ' +
          'read replicas, whether each is in use, too far behind or unreachable (its reads then go to ' +
          'the primary).',
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.string(),
            rateLimits: z.enum(['shared', 'per-instance']),
            redis: z.enum(['reachable', 'unreachable']).optional(),
            changes: z.enum(['listening', 'not-listening']),
            role: z.enum(['web', 'worker', 'all']),
            load: z.enum(['normal', 'shedding']),
            jobs: z.array(jobBacklogSchema),
            /** DATABASE_READ_URL: each replica, in use (`up`), too far behind, or unreachable. */
            replicas: z
              .array(z.object({ name: z.string(), state: z.enum(['up', 'lagging', 'down']) }))
              .optional(),
          }),
        },
      },
    },
    async () => {
      if (app.lifecycle.draining) throw new ServiceUnavailable(errorMessages.shuttingDown);
      try {
        await withTimeout(app.database.ping(), READY_PING_MS + 500);
      } catch {
        throw new ServiceUnavailable(errorMessages.databaseUnreachable);
      }
      const redisUp = app.redis?.available() ?? false;
      const jobs = await backlog();
      return {
        status: 'ready' as const,
        database: app.database.engine,
        rateLimits: redisUp ? ('shared' as const) : ('per-instance' as const),
        ...(app.redis ? { redis: redisUp ? ('reachable' as const) : ('unreachable' as const) } : {}),
        changes: app.changes.listening() ? ('listening' as const) : ('not-listening' as const),
        role: app.config.ROLE,
        load: app.isUnderPressure() ? ('shedding' as const) : ('normal' as const),
        jobs,
        ...(app.readRouting ? { replicas: app.readRouting.replicas() } : {}),
      };
    },
  );

  // A balancer asks every second or so: the queues are read at most once a second for all of them.
  let kept: { at: number; value: Promise<JobBacklog[]> } | null = null;
  function backlog(): Promise<JobBacklog[]> {
    if (!kept || Date.now() - kept.at > 1000) {
      const value = app.services.jobs.backlog();
      kept = { at: Date.now(), value };
      value.catch(() => (kept = null));
    }
    return kept.value;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]);
}
