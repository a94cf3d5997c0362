import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import {
  idParams,
  myProductPageSchema,
  myProductSchema,
  pageQuery,
  productCreateBodyIn,
  productEditBodyIn,
  productPageSchema,
} from '@furniture-mart/shared';
import { phoneSchema } from '@furniture-mart/shared/phones';

export async function productsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  // Prices are read in the shop's currency, into the minor units that are stored; phones in its region.
  const phone = phoneSchema(app.config.PHONE_REGION);
  const productCreateBody = productCreateBodyIn(app.config.CURRENCY, phone);
  const productEditBody = productEditBodyIn(app.config.CURRENCY, phone);

  route.post(
    '/api/products',
    {
      ...allow(['seller']),
      schema: {
        tags: ['seller'],
        summary: 'Add a product with photos uploaded through /api/uploads/images (the first is the cover)',
        body: productCreateBody,
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
        response: { 200: myProductPageSchema },
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

  route.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "A product's page, open to anyone: photos, every field, its seller, its status, and for someone signed in their favourite and booking",
        params: idParams,
        response: { 200: productPageSchema },
      },
    },
    async (request) => app.services.productPages.get(await request.viewer(), request.params.id),
  );

  route.patch(
    '/api/products/:id',
    {
      ...allow(['seller']),
      schema: {
        tags: ['seller'],
        summary:
          'Change my available product (any add-product field; photoIds is the whole new list); refused while someone pays',
        params: idParams,
        body: productEditBody,
        response: { 200: myProductSchema },
      },
    },
    async (request) => {
      const seller = await request.requireViewer(['seller']);
      return app.services.products.edit(seller.id, request.params.id, request.body);
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
