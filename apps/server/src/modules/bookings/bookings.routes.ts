import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import {
  bookingCreateBodyIn,
  bookingDetailSchema,
  bookingPageSchema,
  bookingSchema,
  idParams,
  noContent,
  pageQuery,
  productBookingPageSchema,
} from '@furniture-mart/shared';
import { phoneSchema } from '@furniture-mart/shared/phones';

export async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  // The buyer's phone in any spelling of the shop's region, stored as E.164.
  const bookingCreateBody = bookingCreateBodyIn(phoneSchema(app.config.PHONE_REGION));

  route.post(
    '/api/bookings',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buying'],
        summary: 'Book an available product (buyers); price and title come from the product',
        body: bookingCreateBody,
        response: { 201: bookingSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(['buyer']);
      const booking = await app.services.bookings.create(viewer, request.body);
      return reply.status(201).send(booking);
    },
  );

  route.get(
    '/api/my/bookings',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buying'],
        summary: 'My Orders: the signed-in buyer’s bookings, newest first',
        querystring: pageQuery,
        response: { 200: bookingPageSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return app.services.bookings.listMine(viewer, request.query);
    },
  );

  route.get(
    '/api/bookings/:id',
    {
      ...allow(),
      schema: {
        tags: ['buying'],
        summary:
          'One order, for its buyer (with the seller’s phone and, once paid, the handoff code), the product’s seller and admins',
        params: idParams,
        response: { 200: bookingDetailSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return app.services.bookings.get(viewer, request.params.id);
    },
  );

  route.delete(
    '/api/bookings/:id',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buying'],
        summary: 'Delete an order from My Orders (an unpaid booking is cancelled)',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(['buyer']);
      await app.services.bookings.removeForBuyer(viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );

  route.get(
    '/api/products/:id/bookings',
    {
      ...allow(['seller', 'admin']),
      schema: {
        tags: ['selling'],
        summary: 'Who booked one product, with phone and meeting place (its seller and admins)',
        params: idParams,
        querystring: pageQuery,
        response: { 200: productBookingPageSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller', 'admin']);
      return app.services.bookings.listForProduct(viewer, request.params.id, request.query);
    },
  );
}
