/**
 * Admin endpoints: thin translations between HTTP and AdminService. Every route demands an admin first,
 * so a signed-out caller gets 401 and a buyer or seller 403 before anything is looked up.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allowEveryRoute } from '../../platform/auth/allow.js';
import {
  adminUserPageSchema,
  auditPageSchema,
  idParams,
  noContent,
  pageQuery,
  reportQueuePageSchema,
  sellerVerifiedSchema,
  userListQuery,
} from '@furniture-mart/shared';

const ADMIN = ['admin'] as const;
const tags = ['admin'];
const noContentAnswer = { 204: noContent };

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.services.admin;
  // Before validation, so a signed-out caller or a non-admin learns nothing about ids or parameters.
  allowEveryRoute(app, ADMIN);

  route.get(
    '/api/admin/buyers',
    {
      schema: {
        tags,
        summary: 'Buyer accounts, newest first; q searches name or email',
        querystring: userListQuery,
        response: { 200: adminUserPageSchema },
      },
    },
    async (request) => admin.listUsers('buyer', request.query),
  );

  route.get(
    '/api/admin/sellers',
    {
      schema: {
        tags,
        summary: 'Seller accounts, newest first; q searches name or email',
        querystring: userListQuery,
        response: { 200: adminUserPageSchema },
      },
    },
    async (request) => admin.listUsers('seller', request.query),
  );

  route.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: "Remove a buyer or seller: signs them out, a seller's products go too",
        params: idParams,
        response: noContentAnswer,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(ADMIN);
      await admin.removeUser(viewer, request.params.id);
      app.viewers.forgetUser(request.params.id);
      // A paid order of a removed product was refunded on our side; ask the provider now.
      await app.services.orders.processRefundsSoon();
      return reply.status(204).send(null);
    },
  );

  route.post(
    '/api/admin/sellers/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify a seller (once)',
        params: idParams,
        response: { 200: sellerVerifiedSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(ADMIN);
      const verified = await admin.verifySeller(viewer, request.params.id);
      app.viewers.forgetUser(request.params.id);
      return verified;
    },
  );

  route.get(
    '/api/admin/reports',
    {
      schema: {
        tags,
        summary: 'Open reports, grouped by product',
        querystring: pageQuery,
        response: { 200: reportQueuePageSchema },
      },
    },
    async (request) => admin.listReports(request.query),
  );

  route.delete(
    '/api/admin/reports/:id',
    {
      schema: {
        tags,
        summary: 'Dismiss a report; the product stays',
        params: idParams,
        response: noContentAnswer,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(ADMIN);
      await admin.removeReport(viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );

  route.delete(
    '/api/admin/reports/:id/product',
    {
      schema: {
        tags,
        summary: 'Remove the reported product and close all its reports',
        params: idParams,
        response: noContentAnswer,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(ADMIN);
      await admin.removeReportedItem(viewer, request.params.id);
      // A paid order of a removed product was refunded on our side; ask the provider now.
      await app.services.orders.processRefundsSoon();
      return reply.status(204).send(null);
    },
  );

  route.delete(
    '/api/admin/reports/:id/message',
    {
      schema: {
        tags,
        summary: 'Remove the reported message (shown as removed by an administrator) and close its reports',
        params: idParams,
        response: noContentAnswer,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(ADMIN);
      await admin.removeReportedMessage(viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );

  route.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log of admin actions, newest first',
        querystring: pageQuery,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => admin.listAudit(request.query),
  );
}
