/**
 * The built-in wallet for development, demos and tests: bKash's checkout with no network and no
 * account (decision 0091). A payment is created for the booking's amount; the buyer approves it on the
 * product's own sandbox page (approve(), standing in for bKash's page: PIN 12121 approves, 11111 is
 * refused for insufficient balance); the callback then executes it and settlement queries it, exactly as
 * with bKash. Its ledger lives in memory like the card sandbox's: after a restart a payment it no longer
 * knows is waiting for approval again, so nothing is marked paid that the sandbox did not complete.
 */
import { createHash, randomBytes } from 'node:crypto';
import { walletMessages } from '@furniture-mart/shared';
import { WalletRefused } from './errors.js';
import type {
  CreateIntentInput,
  IntentRef,
  PaymentProvider,
  ProviderIntent,
  ProviderIntentStatus,
  RefundInput,
} from './provider.js';

export type SandboxWalletStatus = 'initiated' | 'approved' | 'completed' | 'cancelled' | 'failed';

export interface SandboxWalletPayment {
  id: string;
  amountCents: number;
  currency: string;
  status: SandboxWalletStatus;
  trxId: string | null;
  lastError: string | null;
  refundId: string | null;
}

/** The sandbox's PINs: one approves, one is refused as a wallet without enough money would be. */
export const sandboxWalletPins = { approve: '12121', insufficientBalance: '11111' } as const;

export class WalletSandboxProvider implements PaymentProvider {
  readonly name = 'wallet_sandbox' as const;
  readonly publishableKey = null;
  readonly payments = new Map<string, SandboxWalletPayment>();

  /**
   * @param pageUrl the approval page for a payment id (the web app's /wallet-sandbox/:id)
   * @param callbackUrl where the page sends the buyer afterwards (our wallet callback)
   */
  constructor(
    private readonly pageUrl: (paymentId: string) => string,
    readonly callbackUrl: string,
  ) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = `wsb_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    const payment = this.lookup({ id, amountCents: input.amountCents, currency: input.currency });
    return { ...view(payment), clientSecret: this.pageUrl(id) };
  }

  async retrieveIntent(ref: IntentRef): Promise<ProviderIntent> {
    return view(this.lookup(ref));
  }

  /** What the sandbox page shows; null for a payment the sandbox never created. */
  find(paymentId: string): SandboxWalletPayment | null {
    const payment = this.payments.get(paymentId);
    return payment ? { ...payment } : null;
  }

  /**
   * The buyer's answer on the sandbox page, as bKash's own page would take it. Answers the callback
   * address the buyer is sent to (its status is a claim the server never believes by itself).
   */
  approve(paymentId: string, answer: { decision: 'approve' | 'cancel'; pin?: string | undefined }): string {
    const payment = this.payments.get(paymentId);
    const back = (status: string) =>
      `${this.callbackUrl}?paymentID=${encodeURIComponent(paymentId)}&status=${status}`;
    if (!payment || payment.status !== 'initiated') return back('failure');
    if (answer.decision === 'cancel') {
      payment.status = 'cancelled';
      payment.lastError = 'cancelled by the buyer';
      return back('cancel');
    }
    if (answer.pin === sandboxWalletPins.insufficientBalance) {
      payment.status = 'failed';
      payment.lastError = walletMessages.insufficientBalance;
      return back('failure');
    }
    if (answer.pin !== sandboxWalletPins.approve) throw new WalletRefused('2004', walletMessages.wrongPin);
    payment.status = 'approved';
    return back('success');
  }

  async execute(ref: IntentRef): Promise<ProviderIntent> {
    const payment = this.lookup(ref);
    if (payment.status === 'completed') return view(payment);
    if (payment.status === 'failed') throw new WalletRefused('2023', walletMessages.insufficientBalance);
    if (payment.status !== 'approved') {
      throw new WalletRefused('2056', 'Invalid Payment State');
    }
    payment.status = 'completed';
    payment.trxId = `TRX${randomBytes(5).toString('hex').toUpperCase()}`;
    payment.lastError = null;
    return view(payment);
  }

  async capture(ref: IntentRef): Promise<ProviderIntent> {
    const payment = this.lookup(ref);
    if (payment.status !== 'completed') {
      throw new Error(`sandbox wallet payment ${ref.id} cannot be captured from ${payment.status}`);
    }
    return view(payment);
  }

  async release(ref: IntentRef): Promise<ProviderIntent> {
    const payment = this.lookup(ref);
    if (payment.status === 'completed') {
      await this.refund({ ...ref, intentId: ref.id, idempotencyKey: `release-${ref.id}` });
    }
    if (payment.status !== 'completed') payment.status = 'cancelled';
    return { ...view(payment), status: 'cancelled' };
  }

  /** Refunds given so far, by payment: one per payment, whichever key asks. */
  async refund(input: RefundInput): Promise<{ id: string }> {
    const payment = this.lookup({
      id: input.intentId,
      amountCents: input.amountCents,
      currency: input.currency,
    });
    if (payment.refundId) return { id: payment.refundId };
    if (payment.status !== 'completed')
      throw new Error(`sandbox wallet payment ${input.intentId} was not paid`);
    payment.refundId = `RFD${randomBytes(5).toString('hex').toUpperCase()}`;
    return { id: payment.refundId };
  }

  private lookup(ref: IntentRef): SandboxWalletPayment {
    let payment = this.payments.get(ref.id);
    if (!payment) {
      payment = {
        id: ref.id,
        amountCents: ref.amountCents,
        currency: ref.currency,
        status: 'initiated',
        trxId: null,
        lastError: null,
        refundId: null,
      };
      this.payments.set(ref.id, payment);
    }
    return payment;
  }
}

function statusOf(status: SandboxWalletStatus): ProviderIntentStatus {
  if (status === 'completed') return 'captured';
  if (status === 'cancelled' || status === 'failed') return 'cancelled';
  return 'requires_payment';
}

function view(payment: SandboxWalletPayment): ProviderIntent {
  return {
    id: payment.id,
    status: statusOf(payment.status),
    amountCents: payment.amountCents,
    currency: payment.currency,
    clientSecret: null,
    card: null,
    lastError: payment.lastError,
    metadata: {},
  };
}
