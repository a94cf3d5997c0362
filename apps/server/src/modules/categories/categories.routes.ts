import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema } from '@furniture-mart/shared';

export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All categories',
        response: { 200: z.array(categorySchema) },
      },
    },
    async () => app.services.categories.list(),
  );
}
