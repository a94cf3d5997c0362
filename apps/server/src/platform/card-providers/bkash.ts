/**
 * bKash's tokenized checkout behind the payment provider interface (decision 0091): grant a token (and
 * refresh it before it runs out), create a payment for the booking's amount with our callback address,
 * send the buyer to bKash's page (the payment's bkashURL), then execute and query it on bKash's server.
 * Only the query's answer counts: settlement reads it through retrieveIntent, so a callback's own
 * `status=success` means nothing until bKash says `Completed` for exactly this payment and amount.
 *
 * bKash takes the money at execute (intent `sale`), so capture only checks it was taken, and giving it
 * back is bKash's refund call, asked after looking up whether this payment was refunded already: a
 * retried refund never refunds twice.
 */
import { walletMessages } from '@furniture-mart/shared';
import { PaymentProviderFailed, WalletRefused, WalletUnavailable } from './errors.js';
import type {
  CreateIntentInput,
  IntentRef,
  PaymentProvider,
  ProviderIntent,
  ProviderIntentStatus,
  RefundInput,
} from './provider.js';

export interface BkashOptions {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta; the API's paths follow it. */
  baseUrl: string;
  /** Where bKash sends the buyer back: our GET /api/payments/wallet/callback. */
  callbackUrl: string;
  timeoutMs: number;
  /** The clock, for the token's expiry (tests move it). */
  now?: () => number;
}

/** bKash's answer codes we act on (anything else that is not 0000 is a refusal in bKash's words). */
export const bkashCodes = {
  ok: '0000',
  insufficientBalance: '2023',
  invalidPaymentState: '2056',
  alreadyCompleted: '2062',
  alreadyExecuted: '2117',
  refundNotFound: '2071',
} as const;

interface BkashAnswer {
  statusCode?: string;
  statusMessage?: string;
  errorCode?: string;
  errorMessage?: string;
  [key: string]: unknown;
}

interface Token {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** Refresh a token this long before bKash's expiry, so a call never carries one that just ran out. */
const TOKEN_MARGIN_MS = 60_000;

export class BkashPaymentProvider implements PaymentProvider {
  readonly name = 'bkash' as const;
  readonly publishableKey = null;
  private token: Token | null = null;
  private pendingToken: Promise<Token> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: BkashOptions) {
    this.now = options.now ?? Date.now;
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    if (input.currency !== 'BDT') {
      throw new PaymentProviderFailed(`bKash takes BDT only, this booking is in ${input.currency}`);
    }
    const answer = await failedIfRefused(
      this.call('/tokenized/checkout/create', {
        mode: '0011',
        payerReference: input.bookingId.slice(0, 32),
        callbackURL: this.options.callbackUrl,
        amount: toAmount(input.amountCents),
        currency: 'BDT',
        intent: 'sale',
        // Our idempotency key names the booking and amount: bKash keeps it as the invoice number.
        merchantInvoiceNumber: input.idempotencyKey.slice(0, 255),
      }),
    );
    if (typeof answer.paymentID !== 'string' || typeof answer.bkashURL !== 'string') {
      throw new PaymentProviderFailed('bKash create answered without paymentID or bkashURL');
    }
    return {
      id: answer.paymentID,
      status: 'requires_payment',
      amountCents: fromAmount(answer.amount) ?? input.amountCents,
      currency: typeof answer.currency === 'string' ? answer.currency : input.currency,
      clientSecret: answer.bkashURL,
      card: null,
      lastError: null,
      metadata: { bookingId: input.bookingId, productId: input.productId },
    };
  }

  /** bKash's query: the only answer settlement believes. */
  async retrieveIntent(ref: IntentRef): Promise<ProviderIntent> {
    const answer = await failedIfRefused(
      this.call('/tokenized/checkout/payment/status', { paymentID: ref.id }),
    );
    return toIntent(ref, answer);
  }

  async execute(ref: IntentRef): Promise<ProviderIntent> {
    try {
      return toIntent(ref, await this.call('/tokenized/checkout/execute', { paymentID: ref.id }));
    } catch (error) {
      // Executed before (a replayed callback, a concurrent one): what counts is what the query says.
      if (
        error instanceof WalletRefused &&
        (error.walletCode === bkashCodes.alreadyCompleted || error.walletCode === bkashCodes.alreadyExecuted)
      ) {
        return this.retrieveIntent(ref);
      }
      throw error;
    }
  }

  async capture(ref: IntentRef): Promise<ProviderIntent> {
    const current = await this.retrieveIntent(ref);
    if (current.status !== 'captured') {
      throw new PaymentProviderFailed(`bKash payment ${ref.id} is not completed`);
    }
    return current;
  }

  async release(ref: IntentRef): Promise<ProviderIntent> {
    const current = await this.retrieveIntent(ref);
    if (current.status === 'captured') {
      await this.refund({
        intentId: ref.id,
        amountCents: ref.amountCents,
        currency: ref.currency,
        idempotencyKey: `release-${ref.id}`,
      });
    }
    // A payment never executed simply expires at bKash: nothing was taken.
    return { ...current, status: 'cancelled' };
  }

  async refund(input: RefundInput): Promise<{ id: string }> {
    const payment = await failedIfRefused(
      this.call('/tokenized/checkout/payment/status', { paymentID: input.intentId }),
    );
    const trxID = typeof payment.trxID === 'string' ? payment.trxID : null;
    if (!trxID) throw new PaymentProviderFailed(`bKash payment ${input.intentId} has no transaction`);
    // Refunded already (a retry after a lost answer): bKash's refund status says so, and we stop there.
    try {
      const known = await this.call('/tokenized/checkout/payment/refund', {
        paymentID: input.intentId,
        trxID,
      });
      if (typeof known.refundTrxID === 'string') return { id: known.refundTrxID };
    } catch (error) {
      if (!(error instanceof WalletRefused && error.walletCode === bkashCodes.refundNotFound)) throw error;
    }
    const refund = await failedIfRefused(
      this.call('/tokenized/checkout/payment/refund', {
        paymentID: input.intentId,
        trxID,
        amount: toAmount(input.amountCents),
        sku: 'furniture',
        reason: 'order refunded',
      }),
    );
    if (typeof refund.refundTrxID !== 'string') {
      throw new PaymentProviderFailed(`bKash refund of ${input.intentId} answered without refundTrxID`);
    }
    return { id: refund.refundTrxID };
  }

  /** A call with a valid token; a token bKash no longer accepts is granted again once. */
  private async call(path: string, body: Record<string, unknown>): Promise<BkashAnswer> {
    const token = await this.validToken();
    const first = await this.post(path, body, this.authHeaders(token.idToken));
    if (first.status !== 401) return answerOf(path, first);
    this.token = null;
    const fresh = await this.validToken();
    return answerOf(path, await this.post(path, body, this.authHeaders(fresh.idToken)));
  }

  private authHeaders(idToken: string): Record<string, string> {
    return { authorization: idToken, 'x-app-key': this.options.appKey };
  }

  /** One grant or refresh at a time, shared by the calls waiting for it. */
  private async validToken(): Promise<Token> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token;
    this.pendingToken ??= this.obtainToken().finally(() => {
      this.pendingToken = null;
    });
    this.token = await this.pendingToken;
    return this.token;
  }

  private async obtainToken(): Promise<Token> {
    const { appKey, appSecret, username, password } = this.options;
    const credentials = { username, password };
    if (this.token?.refreshToken) {
      const refreshed = await this.post(
        '/tokenized/checkout/token/refresh',
        { app_key: appKey, app_secret: appSecret, refresh_token: this.token.refreshToken },
        credentials,
      );
      const token = refreshed.status === 200 ? this.tokenOf(refreshed.body) : null;
      if (token) return token;
    }
    const granted = await this.post(
      '/tokenized/checkout/token/grant',
      { app_key: appKey, app_secret: appSecret },
      credentials,
    );
    const token = granted.status === 200 ? this.tokenOf(granted.body) : null;
    if (!token) {
      if (granted.status >= 500) throw new WalletUnavailable(walletMessages.unavailable);
      throw new PaymentProviderFailed(`bKash token grant refused: ${describe(granted.body)}`);
    }
    return token;
  }

  private tokenOf(body: BkashAnswer): Token | null {
    if (typeof body.id_token !== 'string' || typeof body.refresh_token !== 'string') return null;
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600);
    return {
      idToken: body.id_token,
      refreshToken: body.refresh_token,
      expiresAt: this.now() + (Number.isFinite(seconds) ? seconds : 3600) * 1000,
    };
  }

  private async post(
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: BkashAnswer }> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch {
      // Unreachable, reset or timed out: nothing we asked for is known to have happened.
      throw new WalletUnavailable(walletMessages.unavailable);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new WalletUnavailable(walletMessages.unavailable);
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new PaymentProviderFailed(`bKash ${path} answered ${response.status} without JSON`);
    }
    const answer = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as BkashAnswer;
    return { status: response.status, body: answer };
  }
}

/**
 * bKash refusing anything but execute is a request of ours it would not take (a bug, a misconfiguration):
 * logged and answered 502, never a 500 and never a payment.
 */
async function failedIfRefused(answer: Promise<BkashAnswer>): Promise<BkashAnswer> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof WalletRefused) {
      throw new PaymentProviderFailed(`bKash refused (${error.walletCode}): ${error.message}`);
    }
    throw error;
  }
}

function answerOf(path: string, response: { status: number; body: BkashAnswer }): BkashAnswer {
  const { body } = response;
  const code = body.statusCode ?? body.errorCode;
  if (response.status === 200 && (code === undefined || code === bkashCodes.ok)) return body;
  if (code && code !== bkashCodes.ok) {
    throw new WalletRefused(code, body.statusMessage ?? body.errorMessage ?? `bKash refused (${code})`);
  }
  throw new PaymentProviderFailed(`bKash ${path} answered ${response.status}: ${describe(body)}`);
}

function describe(body: BkashAnswer): string {
  return `${body.statusCode ?? body.errorCode ?? ''} ${body.statusMessage ?? body.errorMessage ?? ''}`.trim();
}

/** bKash's transactionStatus in our words. */
function statusOf(transactionStatus: unknown): ProviderIntentStatus {
  switch (transactionStatus) {
    case 'Completed':
      return 'captured';
    case 'Cancelled':
    case 'Failed':
    case 'Expired':
      return 'cancelled';
    default:
      // Initiated, Pending Authorized, Authorized and whatever else: not (yet) money taken.
      return 'requires_payment';
  }
}

function toIntent(ref: IntentRef, answer: BkashAnswer): ProviderIntent {
  const status = statusOf(answer.transactionStatus);
  return {
    id: typeof answer.paymentID === 'string' ? answer.paymentID : ref.id,
    status,
    // The amount and currency bKash holds, never ours: settlement compares them with the booking.
    amountCents: fromAmount(answer.amount) ?? -1,
    currency: typeof answer.currency === 'string' ? answer.currency : '',
    clientSecret: null,
    card: null,
    lastError: status === 'cancelled' ? `bKash: ${String(answer.transactionStatus)}` : null,
    metadata: {},
  };
}

/** Minor units as bKash's decimal string: 123450 -> "1234.50". */
export function toAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** bKash's decimal string in minor units; null when it is not one. */
export function fromAmount(amount: unknown): number | null {
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount).trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
