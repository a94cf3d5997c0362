import type { Config } from '../config.js';
import type { PaymentProvider } from './provider.js';
import { SandboxPaymentProvider } from './sandbox.js';
import { StripePaymentProvider } from './stripe.js';

/** Stripe when its keys are configured (config checks they come as a pair), the offline sandbox otherwise. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
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
