import type { Config } from '../config.js';
import type { PaymentProvider } from './provider.js';

export function createPaymentProvider(_config: Config): PaymentProvider {
  return { name: 'sandbox', publishableKey: null };
}
