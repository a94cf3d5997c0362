/**
 * A small local stand-in for bKash's tokenized checkout API, so the bKash provider's real HTTP calls
 * can be tested offline: token grant and refresh (tokens that expire), create, execute, payment status
 * (the query) and refund with its status look-up. Tests play the buyer's part on bKash's page with
 * approve(), and can make the wallet slow, down, refuse for insufficient balance, or stay pending.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeBkashPayment {
  paymentID: string;
  amount: string;
  currency: string;
  merchantInvoiceNumber: string;
  callbackURL: string;
  /** Initiated until the buyer approves on bKash's page; Completed once executed. */
  transactionStatus: 'Initiated' | 'Pending Authorized' | 'Completed' | 'Cancelled' | 'Failed';
  approved: boolean;
  /** What execute answers instead, for this payment (insufficient balance, ...). */
  refuseWith: { statusCode: string; statusMessage: string } | null;
  trxID: string | null;
  executions: number;
  refund: { refundTrxID: string; amount: string } | null;
}

type Call = { path: string; body: Record<string, unknown>; token: string | null };

export const fakeBkashCredentials = {
  appKey: 'fake-app-key',
  appSecret: 'fake-app-secret',
  username: 'fake-user',
  password: 'fake-password',
};

export class FakeBkash {
  readonly payments = new Map<string, FakeBkashPayment>();
  readonly calls: Call[] = [];
  /** Tokens issued, and whether each still works. */
  private readonly tokens = new Map<string, { expired: boolean }>();
  private readonly refreshTokens = new Set<string>();
  /** Seconds bKash says a token lives. */
  tokenLifetimeSeconds = 3600;
  /** Milliseconds every answer waits (a slow wallet). */
  delayMs = 0;
  /** Every answer is a 503 (the wallet is down). */
  down = false;
  /** Every query answers this status, whatever happened (a wallet slow to confirm: 'Pending Authorized'). */
  queryStatusOverride: FakeBkashPayment['transactionStatus'] | null = null;
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1.2.0-beta`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The buyer enters their wallet number, OTP and PIN on bKash's page and confirms. */
  approve(paymentID: string): void {
    this.mustGet(paymentID).approved = true;
  }

  /** The buyer's wallet has too little money: execute is refused as bKash refuses it. */
  refuseForBalance(paymentID: string): void {
    this.mustGet(paymentID).refuseWith = { statusCode: '2023', statusMessage: 'Insufficient Balance' };
  }

  /** Every token issued so far stops working (bKash's tokens expire after an hour). */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expired = true;
  }

  callsTo(path: string): Call[] {
    return this.calls.filter((call) => call.path.endsWith(path));
  }

  mustGet(paymentID: string): FakeBkashPayment {
    const payment = this.payments.get(paymentID);
    if (!payment) throw new Error(`fake bKash has no payment ${paymentID}`);
    return payment;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      body = {};
    }
    const path = (request.url ?? '').replace(/^\/v1\.2\.0-beta/, '');
    const token = typeof request.headers.authorization === 'string' ? request.headers.authorization : null;
    this.calls.push({ path, body, token });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const send = (status: number, answer: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    if (this.down) return send(503, { message: 'Service Unavailable' });

    if (path === '/tokenized/checkout/token/grant') {
      const ok =
        request.headers.username === fakeBkashCredentials.username &&
        request.headers.password === fakeBkashCredentials.password &&
        body.app_key === fakeBkashCredentials.appKey &&
        body.app_secret === fakeBkashCredentials.appSecret;
      if (!ok) return send(200, { statusCode: '2079', statusMessage: 'Invalid username and password' });
      return send(200, this.issueToken());
    }
    if (path === '/tokenized/checkout/token/refresh') {
      if (typeof body.refresh_token !== 'string' || !this.refreshTokens.has(body.refresh_token)) {
        return send(200, { statusCode: '2079', statusMessage: 'Invalid refresh token' });
      }
      return send(200, this.issueToken());
    }
    // Every other call needs a live token and the app key.
    const live = token ? this.tokens.get(token) : undefined;
    if (!live || live.expired || request.headers['x-app-key'] !== fakeBkashCredentials.appKey) {
      return send(401, { message: 'The incoming token has expired' });
    }

    if (path === '/tokenized/checkout/create') {
      const paymentID = `TR0011${randomBytes(8).toString('hex')}`;
      const payment: FakeBkashPayment = {
        paymentID,
        amount: String(body.amount),
        currency: String(body.currency),
        merchantInvoiceNumber: String(body.merchantInvoiceNumber),
        callbackURL: String(body.callbackURL),
        transactionStatus: 'Initiated',
        approved: false,
        refuseWith: null,
        trxID: null,
        executions: 0,
        refund: null,
      };
      this.payments.set(paymentID, payment);
      return send(200, {
        statusCode: '0000',
        statusMessage: 'Successful',
        paymentID,
        bkashURL: `https://sandbox.payment.bkash.com/?paymentId=${paymentID}`,
        callbackURL: payment.callbackURL,
        amount: payment.amount,
        currency: payment.currency,
        intent: 'sale',
        transactionStatus: 'Initiated',
        merchantInvoiceNumber: payment.merchantInvoiceNumber,
      });
    }
    const payment = typeof body.paymentID === 'string' ? this.payments.get(body.paymentID) : undefined;
    if (!payment) return send(200, { statusCode: '2056', statusMessage: 'Invalid Payment State' });

    if (path === '/tokenized/checkout/execute') {
      payment.executions += 1;
      if (payment.transactionStatus === 'Completed') {
        return send(200, { statusCode: '2062', statusMessage: 'The payment has already been completed' });
      }
      if (payment.refuseWith) {
        payment.transactionStatus = 'Failed';
        return send(200, payment.refuseWith);
      }
      if (!payment.approved) {
        return send(200, { statusCode: '2056', statusMessage: 'Invalid Payment State' });
      }
      payment.transactionStatus = 'Completed';
      payment.trxID = `TRX${randomBytes(5).toString('hex').toUpperCase()}`;
      return send(200, { statusCode: '0000', statusMessage: 'Successful', ...this.view(payment) });
    }
    if (path === '/tokenized/checkout/payment/status') {
      return send(200, { statusCode: '0000', statusMessage: 'Successful', ...this.view(payment) });
    }
    if (path === '/tokenized/checkout/payment/refund') {
      if (payment.transactionStatus !== 'Completed' || body.trxID !== payment.trxID) {
        return send(200, { statusCode: '2056', statusMessage: 'Invalid Payment State' });
      }
      // Only paymentID and trxID: the refund status look-up.
      if (body.amount === undefined) {
        if (!payment.refund) return send(200, { statusCode: '2071', statusMessage: 'Refund not found' });
        return send(200, this.refundView(payment));
      }
      if (payment.refund) return send(200, { statusCode: '2071', statusMessage: 'Already refunded' });
      payment.refund = {
        refundTrxID: `RFD${randomBytes(5).toString('hex').toUpperCase()}`,
        amount: String(body.amount),
      };
      return send(200, this.refundView(payment));
    }
    return send(404, { message: 'Not Found' });
  }

  private issueToken() {
    const idToken = `id_${randomBytes(12).toString('hex')}`;
    const refreshToken = `rf_${randomBytes(12).toString('hex')}`;
    this.tokens.set(idToken, { expired: false });
    this.refreshTokens.add(refreshToken);
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: this.tokenLifetimeSeconds,
      refresh_token: refreshToken,
    };
  }

  private view(payment: FakeBkashPayment) {
    return {
      paymentID: payment.paymentID,
      amount: payment.amount,
      currency: payment.currency,
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      transactionStatus: this.queryStatusOverride ?? payment.transactionStatus,
      ...(payment.trxID ? { trxID: payment.trxID } : {}),
    };
  }

  private refundView(payment: FakeBkashPayment) {
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      originalTrxID: payment.trxID,
      refundTrxID: payment.refund!.refundTrxID,
      transactionStatus: 'Completed',
      amount: payment.refund!.amount,
      currency: payment.currency,
      charge: '0.00',
    };
  }
}
