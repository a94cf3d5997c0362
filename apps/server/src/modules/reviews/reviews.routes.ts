import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingReviewsSchema,
  idParams,
  pageQuery,
  reviewBody,
  reviewHiddenSchema,
  reviewPageSchema,
  reviewReplyBody,
  reviewReportBody,
  reviewReportedSchema,
  reviewSchema,
  reportedReviewPageSchema,
} from '@furniture-mart/shared';
import { allow } from '../../platform/auth/allow.js';

/** Buyers and sellers: the two sides of an order. */
const PEOPLE = ['buyer', 'seller'] as const;

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const reviews = app.services.reviews;

  route.post(
    '/api/bookings/:id/review',
    {
      ...allow(PEOPLE),
      schema: {
        tags: ['reviews'],
        summary:
          'Review the other side of an order handed over with its code, once, within 14 days (1-5 stars, 10-1,000 characters)',
        params: idParams,
        body: reviewBody,
        response: { 201: bookingReviewsSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(PEOPLE);
      return reply.status(201).send(await reviews.review(viewer, request.params.id, request.body));
    },
  );

  route.post(
    '/api/reviews/:id/reply',
    {
      ...allow(['seller']),
      schema: {
        tags: ['reviews'],
        summary: 'The reviewed seller answers a published review of them, once, publicly',
        params: idParams,
        body: reviewReplyBody,
        response: { 200: reviewSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return reviews.reply(viewer, request.params.id, request.body.text);
    },
  );

  route.get(
    '/api/sellers/:id/reviews',
    {
      // Open to anyone, like the seller's page.
      schema: {
        tags: ['reviews'],
        summary: "A seller's published reviews from their buyers, with the seller's answers, newest first",
        params: idParams,
        querystring: pageQuery,
        response: { 200: reviewPageSchema },
      },
    },
    async (request) => reviews.listForSeller(request.params.id, request.query),
  );

  route.post(
    '/api/reviews/:id/report',
    {
      ...allow(),
      schema: {
        tags: ['reviews'],
        summary: 'Report a published review to the administrators',
        params: idParams,
        body: reviewReportBody,
        response: { 201: reviewReportedSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send(await reviews.report(viewer, request.params.id, request.body));
    },
  );

  route.get(
    '/api/admin/reviews/reported',
    {
      ...allow(['admin']),
      schema: {
        tags: ['admin'],
        summary: 'Reviews with open reports, most recently reported first',
        querystring: pageQuery,
        response: { 200: reportedReviewPageSchema },
      },
    },
    async (request) => {
      await request.requireViewer(['admin']);
      return reviews.listReported(request.query);
    },
  );

  route.post(
    '/api/admin/reviews/:id/hide',
    {
      ...allow(['admin']),
      schema: {
        tags: ['admin'],
        summary: 'Hide a review from the seller page and the order (recorded in the audit log)',
        params: idParams,
        response: { 200: reviewHiddenSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['admin']);
      return reviews.hide(viewer, request.params.id);
    },
  );
}
