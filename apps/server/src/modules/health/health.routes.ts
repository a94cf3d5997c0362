import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { READY_PING_MS } from '../../db/client.js';
import { ServiceUnavailable } from '../../lib/errors.js';

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
        summary: 'Readiness: the database answers',
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
      },
    },
    async () => {
      try {
        await withTimeout(app.database.ping(), READY_PING_MS + 500);
      } catch {
        throw new ServiceUnavailable('The database is not reachable.');
      }
      return { status: 'ready' as const, database: app.database.engine };
    },
  );
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
