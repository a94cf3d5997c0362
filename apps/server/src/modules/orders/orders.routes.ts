import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingStatuses, cancelSaleBody, handoffBody, idParams, pageQuery } from '@furniture-mart/shared';
import { allow } from '../../auth/allow.js';

const overviewOrder = z.object({
  id: z.uuid(),
  productTitle: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(bookingStatuses),
  createdAt: z.string(),
  handoffCode: z.string().nullable(),
});
const orderList = z.object({ total: z.number().int(), items: z.array(overviewOrder) });

const overviewSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('buyer'), toPay: orderList, awaitingHandoff: orderList }),
  z.object({
    role: z.literal('seller'),
    newBookings: orderList,
    awaitingHandoff: orderList,
    earnings: z.object({
      completedCents: z.number().int(),
      pendingCents: z.number().int(),
      currency: z.string(),
    }),
  }),
  z.object({
    role: z.literal('admin'),
    openReports: z.number().int(),
    sellersAwaitingVerification: z.number().int(),
    refundsNeedingAttention: z.number().int(),
  }),
]);

const refundRow = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  amountCents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const orders = app.services.orders;

  route.post(
    '/api/bookings/:id/handoff',
    {
      ...allow(['seller']),
      schema: {
        tags: ['selling'],
        summary: 'At pickup: the seller enters the buyer’s 6-digit code and the order completes',
        params: idParams,
        body: handoffBody,
        response: { 200: z.object({ status: z.literal('completed'), completedAt: z.string() }) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return orders.handoff(viewer, request.params.id, request.body.code);
    },
  );

  route.post(
    '/api/bookings/:id/cancel-sale',
    {
      ...allow(['seller']),
      schema: {
        tags: ['selling'],
        summary: 'The seller cancels a paid sale: the buyer is refunded, the item returns to sale',
        params: idParams,
        body: cancelSaleBody,
        response: { 200: z.object({ status: z.literal('refunded') }) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return orders.cancelSale(viewer, request.params.id, request.body.reason);
    },
  );

  route.get(
    '/api/my/overview',
    {
      ...allow(),
      schema: {
        tags: ['accounts'],
        summary: 'What needs doing, for the signed-in buyer, seller or admin',
        response: { 200: overviewSchema },
      },
    },
    async (request) => orders.overview(await request.requireViewer()),
  );

  route.get(
    '/api/admin/refunds',
    {
      ...allow(['admin']),
      schema: {
        tags: ['admin'],
        summary: 'Refunds the payment provider refused so far; they are retried',
        querystring: pageQuery,
        response: {
          200: z.object({
            items: z.array(refundRow),
            page: z.number(),
            pageSize: z.number(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      await request.requireViewer(['admin']);
      return app.services.refunds.listNeedingAttention(request.query);
    },
  );
}
