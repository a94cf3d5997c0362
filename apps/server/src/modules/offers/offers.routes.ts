/** Offers (issue 40): making one with a card hold, the seller's answer, the buyer's, and reading them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import {
  idParams,
  noInput,
  offerAcceptedSchema,
  offerAmountBody,
  offerCheckoutSchema,
  offerConfirmSchema,
  offerDeclineBody,
  offerListQuery,
  offerPageSchema,
  offerSchema,
  sandboxCardBody,
  type SandboxCard,
} from '@furniture-mart/shared';

export async function offersRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const ownCardForm = Boolean(app.services.cardProvider.authorizeCard);
  const buyers = allow(['buyer']);
  const sellers = allow(['seller']);

  route.post(
    '/api/products/:id/offers',
    {
      ...buyers,
      schema: {
        tags: ['offers'],
        summary: 'Offer less than the price (buyers); reaches the seller once the amount is held on a card',
        params: idParams,
        body: offerAmountBody,
        response: { 201: offerSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(['buyer']);
      const offer = await app.services.offers.create(viewer, request.params.id, request.body.amount);
      return reply.status(201).send(offer);
    },
  );

  route.post(
    '/api/offers/:id/checkout',
    {
      ...buyers,
      schema: {
        tags: ['offers'],
        summary: "Start holding your offer's amount (or the seller's counter) on a card",
        params: idParams,
        body: noInput,
        response: { 200: offerCheckoutSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return app.services.offers.checkout(viewer, request.params.id);
    },
  );

  route.post(
    '/api/offers/:id/checkout/confirm',
    {
      ...buyers,
      schema: {
        tags: ['offers'],
        summary: ownCardForm
          ? 'Hold the amount on a card (sandbox test cards): the offer opens, or a counter is taken and the sale settles'
          : 'After the card was confirmed in Stripe Elements: the offer opens, or a counter is taken and the sale settles',
        params: idParams,
        body: ownCardForm ? sandboxCardBody : noInput,
        response: { 200: offerConfirmSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      const card = ownCardForm ? (request.body as SandboxCard) : null;
      return app.services.offers.confirm(viewer, request.params.id, card, request.log);
    },
  );

  route.post(
    '/api/offers/:id/accept',
    {
      ...sellers,
      schema: {
        tags: ['offers'],
        summary: 'Accept an open offer (its seller): the held amount is taken and the item is sold',
        params: idParams,
        body: noInput,
        response: { 200: offerAcceptedSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return app.services.offers.accept(viewer, request.params.id, request.log);
    },
  );

  route.post(
    '/api/offers/:id/decline',
    {
      ...sellers,
      schema: {
        tags: ['offers'],
        summary: "Decline an open offer (its seller), with an optional reason; the buyer's hold is released",
        params: idParams,
        body: offerDeclineBody,
        response: { 200: offerSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return app.services.offers.decline(viewer, request.params.id, request.body?.reason);
    },
  );

  route.post(
    '/api/offers/:id/counter',
    {
      ...sellers,
      schema: {
        tags: ['offers'],
        summary: 'Counter an open offer once (its seller), between the offer and the price',
        params: idParams,
        body: offerAmountBody,
        response: { 200: offerSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['seller']);
      return app.services.offers.counter(viewer, request.params.id, request.body.amount);
    },
  );

  route.post(
    '/api/offers/:id/withdraw',
    {
      ...buyers,
      schema: {
        tags: ['offers'],
        summary: 'Withdraw your offer while it is not accepted; its hold is released',
        params: idParams,
        body: noInput,
        response: { 200: offerSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return app.services.offers.withdraw(viewer, request.params.id);
    },
  );

  route.get(
    '/api/my/offers',
    {
      ...allow(['buyer', 'seller']),
      schema: {
        tags: ['offers'],
        summary: 'Your offers made (role=buyer) or received (role=seller), newest first',
        querystring: offerListQuery,
        response: { 200: offerPageSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer', 'seller']);
      return app.services.offers.listMine(viewer, request.query);
    },
  );

  route.get(
    '/api/offers/:id',
    {
      ...allow(),
      schema: {
        tags: ['offers'],
        summary: 'One offer, for its buyer, its seller and admins',
        params: idParams,
        response: { 200: offerSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return app.services.offers.get(viewer, request.params.id);
    },
  );
}
