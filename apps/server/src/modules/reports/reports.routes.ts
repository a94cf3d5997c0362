import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import { createdReportSchema, reportCreateBody } from '@furniture-mart/shared';

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
