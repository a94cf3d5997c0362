import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../auth/allow.js';
import { z } from 'zod';
import { reportCreateBody, reportReasons, reportStatuses } from '@furniture-mart/shared';

const createdReportSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
});

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/reports',
    {
      // Signed out (401) and wrong role (403) are answered before the body is looked at.
      ...allow(['buyer']),
      schema: {
        tags: ['moderation'],
        summary: 'Report a product (buyers; one open report per product, a few per hour)',
        body: reportCreateBody,
        response: { 201: createdReportSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(['buyer']);
      const report = await app.services.reports.create(viewer, request.body);
      return reply.status(201).send(report);
    },
  );
}
