import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../auth/allow.js';
import { z } from 'zod';
import { idParams, pageQuery, productCreateRequest, productStatuses } from '@furniture-mart/shared';

const photoSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbWidth: z.number().int(),
  thumbHeight: z.number().int(),
});

const myProductSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sellingPriceCents: z.number().int(),
  postedAt: z.string(),
  status: z.enum(productStatuses),
  advertised: z.boolean(),
  openBookings: z.number().int(),
  cover: photoSchema.nullable(),
});

const myProductsPageSchema = z.object({
  items: z.array(myProductSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export async function productsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/products',
    {
      ...allow(['seller']),
      schema: {
        tags: ['seller'],
        summary: 'Add a product with photos uploaded through /api/uploads/images (the first is the cover)',
        body: productCreateRequest,
        response: { 201: myProductSchema },
      },
    },
    async (request, reply) => {
      const seller = await request.requireViewer(['seller']);
      const product = await app.services.products.create(seller.id, request.body);
      return reply.status(201).send(product);
    },
  );

  route.get(
    '/api/my/products',
    {
      ...allow(['seller']),
      schema: {
        tags: ['seller'],
        summary: 'My products (not removed), newest first, with open bookings counted',
        querystring: pageQuery,
        response: { 200: myProductsPageSchema },
      },
    },
    async (request) => {
      const seller = await request.requireViewer(['seller']);
      return app.services.products.listOwn(seller.id, request.query);
    },
  );

  route.post(
    '/api/products/:id/advertise',
    {
      ...allow(['seller']),
      schema: {
        tags: ['seller'],
        summary: 'Advertise my available product on the home page',
        params: idParams,
        response: { 200: myProductSchema },
      },
    },
    async (request) => {
      const seller = await request.requireViewer(['seller']);
      return app.services.products.advertise(seller.id, request.params.id);
    },
  );

  route.delete(
    '/api/products/:id',
    {
      ...allow(['seller', 'admin']),
      schema: {
        tags: ['seller'],
        summary: 'Delete a product (its seller or an admin); open bookings are cancelled',
        params: idParams,
      },
    },
    async (request, reply) => {
      const actor = await request.requireViewer(['seller', 'admin']);
      await app.services.products.remove(actor, request.params.id);
      // A paid order of a removed product was refunded on our side; ask the provider now.
      await app.services.orders.processRefundsSoon();
      return reply.status(204).send();
    },
  );
}
