/**
 * A small local stand-in for the parts of Stripe's API the adapter uses, so the official SDK can be
 * exercised offline: PaymentIntents (create with Idempotency-Key replay, retrieve with an expandable
 * latest_charge, capture, cancel) and refunds. Tests play the browser's part (Stripe Elements) with
 * authorize() and decline().
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  captured: boolean;
  refunded: boolean;
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; message: string } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

type Call = { method: string; path: string; idempotencyKey: string | null; form: Record<string, string> };

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds: { id: string; payment_intent: string }[] = [];
  readonly calls: Call[] = [];
  private readonly replays = new Map<string, { status: number; body: string }>();
  private server: Server | null = null;

  constructor(readonly secretKey = 'sk_test_fake_furniture_mart') {}

  async start(): Promise<number> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** What Stripe Elements does when the buyer's card is accepted: the money is authorized. */
  authorize(
    intentId: string,
    card: { brand: string; last4: string } = { brand: 'visa', last4: '4242' },
  ): FakeIntent {
    const intent = this.mustGet(intentId);
    const charge: FakeCharge = {
      id: `ch_${randomBytes(8).toString('hex')}`,
      object: 'charge',
      amount: intent.amount,
      captured: false,
      refunded: false,
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card },
    };
    this.charges.set(charge.id, charge);
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    return intent;
  }

  /** What Stripe Elements does when the card is refused. */
  decline(intentId: string, message = 'Your card was declined.', code = 'card_declined'): FakeIntent {
    const intent = this.mustGet(intentId);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code, message };
    return intent;
  }

  callsTo(method: string, pathPattern: RegExp): Call[] {
    return this.calls.filter((call) => call.method === method && pathPattern.test(call.path));
  }

  private mustGet(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
    return intent;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const form = Object.fromEntries(
      new URLSearchParams(method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8')),
    );
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.calls.push({ method, path: url.pathname, idempotencyKey, form });

    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      if (idempotencyKey && method === 'POST')
        this.replays.set(`${url.pathname}|${idempotencyKey}`, { status, body: text });
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(text);
    };
    const fail = (status: number, message: string, code = 'resource_missing') =>
      send(status, { error: { type: 'invalid_request_error', code, message } });

    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const replay =
      idempotencyKey && method === 'POST' ? this.replays.get(`${url.pathname}|${idempotencyKey}`) : undefined;
    if (replay) {
      response.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      return void response.end(replay.body);
    }

    const expand = Object.entries(form).some(
      ([key, value]) => key.startsWith('expand') && value === 'latest_charge',
    );
    const view = (intent: FakeIntent) =>
      expand && intent.latest_charge
        ? { ...intent, latest_charge: this.charges.get(intent.latest_charge) }
        : intent;

    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        currency: form.currency ?? '',
        capture_method: form.capture_method ?? 'automatic',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
        metadata,
        last_payment_error: null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.intents.set(id, intent);
      return send(200, intent);
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/(capture|cancel))?$/.exec(url.pathname);
    if (match) {
      const intent = this.intents.get(match[1]!);
      if (!intent) return fail(404, `No such payment_intent: '${match[1]}'`);
      const action = match[3];
      if (method === 'GET' && !action) return send(200, view(intent));
      if (method === 'POST' && action === 'capture') {
        if (intent.status !== 'requires_capture') {
          return fail(
            400,
            `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        intent.amount_capturable = 0;
        this.charges.get(intent.latest_charge!)!.captured = true;
        return send(200, view(intent));
      }
      if (method === 'POST' && action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return fail(
            400,
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        return send(200, view(intent));
      }
    }

    if (method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = this.intents.get(form.payment_intent ?? '');
      if (!intent || intent.status !== 'succeeded')
        return fail(400, 'This PaymentIntent has no captured charge to refund.');
      const refund = {
        id: `re_${randomBytes(8).toString('hex')}`,
        object: 'refund',
        payment_intent: intent.id,
        amount: intent.amount,
        status: 'succeeded',
      };
      this.refunds.push(refund);
      this.charges.get(intent.latest_charge!)!.refunded = true;
      return send(200, refund);
    }

    return fail(404, `Unrecognized request URL (${method}: ${url.pathname}).`, 'unrecognized_url');
  }
}
