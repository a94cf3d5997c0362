import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelSaleBody,
  handoffBody,
  handoffDoneSchema,
  idParams,
  overviewSchema,
  pageQuery,
  refundAttentionPageSchema,
  refuseBody,
  refusedSchema,
  relistedSchema,
  saleCancelledSchema,
} from '@furniture-mart/shared';
import { allow } from '../../platform/auth/allow.js';

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
        response: { 200: handoffDoneSchema },
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
        response: { 200: saleCancelledSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return orders.cancelSale(viewer, request.params.id, request.body.reason);
    },
  );

  route.post(
    '/api/bookings/:id/refuse',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buying'],
        summary:
          'At pickup: the buyer refuses an item that does not match its listing (reason, words, 1-4 uploaded photos); refunded in full',
        params: idParams,
        body: refuseBody,
        response: { 200: refusedSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return orders.refuse(viewer, request.params.id, request.body);
    },
  );

  route.post(
    '/api/bookings/:id/confirm-listing',
    {
      ...allow(['seller']),
      schema: {
        tags: ['selling'],
        summary:
          'After a refusal at pickup: the seller confirms the listing is accurate; the item is on sale again',
        params: idParams,
        response: { 200: relistedSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return orders.confirmListing(viewer, request.params.id);
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
        response: { 200: refundAttentionPageSchema },
      },
    },
    async (request) => {
      await request.requireViewer(['admin']);
      return app.services.refunds.listNeedingAttention(request.query);
    },
  );
}
