/** Test helpers of offers: a sandbox that counts what it was asked to do, and an open offer in two calls. */
import { SandboxPaymentProvider } from '../../platform/card-providers/sandbox.js';
import type { IntentRef, ProviderIntent } from '../../platform/card-providers/provider.js';

export const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Offer Buyer' };
export const declinedCard = { ...goodCard, cardNumber: '4000000000000002' };

/** The sandbox, counting captures and releases per intent, with a switch to fail a capture after it took the money. */
export class CountingProvider extends SandboxPaymentProvider {
  readonly captures = new Map<string, number>();
  readonly releases = new Map<string, number>();
  /** Simulates a crash between the capture and the COMMIT: the money is taken, then the call fails. */
  crashAfterCapture = false;

  override async capture(ref: IntentRef): Promise<ProviderIntent> {
    const intent = await super.capture(ref);
    this.captures.set(ref.id, (this.captures.get(ref.id) ?? 0) + 1);
    if (this.crashAfterCapture) throw new Error('process stopped after the capture');
    return intent;
  }

  override async release(ref: IntentRef): Promise<ProviderIntent> {
    this.releases.set(ref.id, (this.releases.get(ref.id) ?? 0) + 1);
    return super.release(ref);
  }

  /** Stripe cancels an authorization after seven days: the hold is gone. */
  async lapse(ref: IntentRef): Promise<void> {
    await super.release(ref);
  }

  totalCaptures(): number {
    return [...this.captures.values()].reduce((a, b) => a + b, 0);
  }
}
