/**
 * The mobile wallet's way back and, without BKASH_*, the wallet sandbox's approval page (decision 0091).
 * The callback is a top-level GET the wallet sends the buyer's browser to, so it answers a redirect to
 * the order page with the outcome; the buyer's own session says whose payment it may be.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  walletCallbackQuery,
  walletSandboxAnswerSchema,
  walletSandboxApproveBody,
  walletSandboxPaymentSchema,
  says,
} from '@furniture-mart/shared';
import { allow } from '../../platform/auth/allow.js';

const sandboxParams = z.object({
  paymentId: z.string().trim().min(1, says('wallet.notFound')).max(100, says('wallet.notFound')),
});

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const buyersOnly = allow(['buyer']);

  route.get(
    '/api/payments/wallet/callback',
    {
      ...buyersOnly,
      schema: {
        tags: ['payments'],
        summary:
          "The wallet sends the buyer back here: the payment is executed and queried on the wallet's server, then the buyer is sent to the order page with the outcome",
        querystring: walletCallbackQuery,
        response: { 303: z.null().describe('Redirect to /dashboard/orders/:id?wallet=<outcome>') },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(['buyer']);
      const { bookingId, outcome } = await app.services.payments.walletCallback(
        viewer,
        request.query.paymentID,
        request.query.status,
        request.log,
      );
      const query = new URLSearchParams({ wallet: outcome });
      if (outcome === 'pending') query.set('paymentID', request.query.paymentID);
      return reply.code(303).redirect(`/dashboard/orders/${bookingId}?${query.toString()}`);
    },
  );

  if (app.services.walletProvider.name !== 'wallet_sandbox') return;

  route.get(
    '/api/payments/wallet/sandbox/:paymentId',
    {
      ...buyersOnly,
      schema: {
        tags: ['payments'],
        summary: 'The wallet sandbox (no BKASH_* configured): a payment of yours waiting for approval',
        params: sandboxParams,
        response: { 200: walletSandboxPaymentSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return app.services.payments.sandboxWalletPayment(viewer, request.params.paymentId);
    },
  );

  route.post(
    '/api/payments/wallet/sandbox/:paymentId',
    {
      ...buyersOnly,
      schema: {
        tags: ['payments'],
        summary:
          'The wallet sandbox: approve (PIN 12121) or cancel your payment, as on the wallet’s own page; answers the callback to go to',
        params: sandboxParams,
        body: walletSandboxApproveBody,
        response: { 200: walletSandboxAnswerSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return app.services.payments.approveSandboxWallet(viewer, request.params.paymentId, request.body);
    },
  );
}
