import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../auth/allow.js';
import { z } from 'zod';
import {
  bookingCreateBody,
  bookingStatuses,
  idParams,
  pageQuery,
  productStatuses,
} from '@furniture-mart/shared';

const photoSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
  thumbWidth: z.number(),
  thumbHeight: z.number(),
});

const bookingFields = {
  id: z.uuid(),
  status: z.enum(bookingStatuses),
  cancelReason: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  product: z.object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum([...productStatuses, 'removed']),
    cover: photoSchema.nullable(),
  }),
  buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string(), emailVerified: z.boolean() }),
  seller: z.object({
    id: z.uuid(),
    name: z.string(),
    verified: z.boolean(),
    phone: z.string().nullable(),
  }),
  transactionId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  handoffCode: z.string().nullable(),
  handoffAttemptsLeft: z.number().int(),
};

const bookingSchema = z.object({ ...bookingFields, phone: z.string(), meetingLocation: z.string() });
const bookingDetailSchema = z.object({
  ...bookingFields,
  phone: z.string().nullable(),
  meetingLocation: z.string().nullable(),
});

const productBookingSchema = z.object({
  id: z.uuid(),
  status: z.enum(bookingStatuses),
  cancelReason: z.string().nullable(),
  buyerName: z.string(),
  buyerEmailVerified: z.boolean(),
  phone: z.string(),
  meetingLocation: z.string(),
  createdAt: z.string(),
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });

export async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();

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
        response: { 200: pageOf(bookingSchema) },
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
        response: { 204: z.null() },
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
        response: { 200: pageOf(productBookingSchema) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller', 'admin']);
      return app.services.bookings.listForProduct(viewer, request.params.id, request.query);
    },
  );
}
