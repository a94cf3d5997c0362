import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, sellerPageQuery, sellerPageSchema } from '@furniture-mart/shared';

export async function sellersRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/sellers/:id',
    {
      // Open to anyone, like the product pages that link to it.
      schema: {
        tags: ['catalogue'],
        summary:
          "A seller's page: name, verified mark, member since, number sold, and their listings by page",
        params: idParams,
        querystring: sellerPageQuery,
        response: { 200: sellerPageSchema },
      },
    },
    async (request) => app.services.sellers.page(request.params.id, request.query),
  );
}
