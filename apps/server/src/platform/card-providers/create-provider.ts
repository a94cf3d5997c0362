import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { SandboxPaymentProvider } from './sandbox.js';

/**
 * Stripe when its keys are configured (config checks they come as a pair), the offline sandbox otherwise.
 * The Stripe SDK is loaded only then, so a server without it neither spends the memory nor the start time.
 */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    const { StripePaymentProvider } = await import('./stripe.js');
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new SandboxPaymentProvider();
}
