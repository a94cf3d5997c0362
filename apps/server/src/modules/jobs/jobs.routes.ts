/**
 * Background jobs for administrators: the backlog per kind, the failed and stuck jobs, and a retry.
 * `npm run jobs -- list|retry <id>` does the same from the server's shell.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, jobRetriedSchema, jobsOverviewSchema } from '@furniture-mart/shared';
import { allowEveryRoute } from '../../platform/auth/allow.js';

const ADMIN = ['admin'] as const;
const tags = ['admin'];

export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const jobs = app.services.jobs;
  // Before validation, so a signed-out caller or a non-admin learns nothing about ids.
  allowEveryRoute(app, ADMIN);

  route.get(
    '/api/admin/jobs',
    {
      schema: {
        tags,
        summary: 'Background jobs: the backlog per kind, and the jobs that failed or are stuck',
        response: { 200: jobsOverviewSchema },
      },
    },
    async () => {
      const [backlog, items] = await Promise.all([jobs.backlog(), jobs.listTrouble()]);
      return { backlog, items };
    },
  );

  route.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Queue a failed or stuck job again, due now (a refund keeps its idempotency key)',
        params: idParams,
        response: { 200: jobRetriedSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(ADMIN);
      return jobs.retry(request.params.id, viewer);
    },
  );
}
