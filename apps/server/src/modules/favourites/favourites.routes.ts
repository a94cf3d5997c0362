import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  favouriteStateSchema,
  favouritesPageSchema,
  noticesPageSchema,
  noticesQuery,
  pageQuery,
  productIdParams,
} from '@furniture-mart/shared';
import { allow } from '../../platform/auth/allow.js';

export async function favouritesRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const favourites = app.services.favourites;

  route.post(
    '/api/favourites/:productId',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buyer'],
        summary: 'Save a product to my favourites (saving it again changes nothing)',
        params: productIdParams,
        response: { 200: favouriteStateSchema },
      },
    },
    async (request) => favourites.save(await request.requireViewer(['buyer']), request.params.productId),
  );

  route.delete(
    '/api/favourites/:productId',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buyer'],
        summary: 'Remove a product from my favourites (removing one not saved changes nothing)',
        params: productIdParams,
        response: { 204: z.null().describe('Done') },
      },
    },
    async (request, reply) => {
      await favourites.remove(await request.requireViewer(['buyer']), request.params.productId);
      return reply.status(204).send(null);
    },
  );

  route.get(
    '/api/my/favourites',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buyer'],
        summary: 'My saved products, most recently saved first, with their status and any price drop',
        querystring: pageQuery,
        response: { 200: favouritesPageSchema },
      },
    },
    async (request) => favourites.list(await request.requireViewer(['buyer']), request.query),
  );

  route.get(
    '/api/my/notices',
    {
      ...allow(),
      schema: {
        tags: ['buyer'],
        summary: 'Notices for the dashboard about saved products (price drops, sold, removed), newest first',
        querystring: noticesQuery,
        response: { 200: noticesPageSchema },
      },
    },
    async (request) => favourites.notices(await request.requireViewer(), request.query),
  );
}
