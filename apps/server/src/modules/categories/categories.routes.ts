import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const categorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  thumbnailUrl: z.string(),
});

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
