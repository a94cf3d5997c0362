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

/** Where the wallet sends the buyer back after its page. */
export const WALLET_CALLBACK_PATH = '/api/payments/wallet/callback';

/**
 * bKash when its five settings are configured (config checks they come together), the wallet sandbox
 * with its approval page inside the product otherwise.
 */
export async function createWalletProvider(config: Config): Promise<PaymentProvider> {
  const callbackUrl = `${config.PUBLIC_URL}${WALLET_CALLBACK_PATH}`;
  if (
    config.BKASH_APP_KEY &&
    config.BKASH_APP_SECRET &&
    config.BKASH_USERNAME &&
    config.BKASH_PASSWORD &&
    config.BKASH_BASE_URL
  ) {
    const { BkashPaymentProvider } = await import('./bkash.js');
    return new BkashPaymentProvider({
      appKey: config.BKASH_APP_KEY,
      appSecret: config.BKASH_APP_SECRET,
      username: config.BKASH_USERNAME,
      password: config.BKASH_PASSWORD,
      baseUrl: config.BKASH_BASE_URL,
      callbackUrl,
      timeoutMs: config.BKASH_TIMEOUT_MS,
    });
  }
  const { WalletSandboxProvider } = await import('./wallet-sandbox.js');
  return new WalletSandboxProvider(
    (paymentId) => `${config.PUBLIC_URL}/dashboard/wallet-sandbox/${encodeURIComponent(paymentId)}`,
    callbackUrl,
  );
}
