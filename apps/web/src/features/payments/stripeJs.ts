/**
 * Loads Stripe.js from Stripe, which requires it to be served from js.stripe.com (never bundled).
 * Only the Stripe card form imports this, so pages that take no card never fetch it.
 */
import type { Stripe } from '@stripe/stripe-js';

const STRIPE_JS_URL = 'https://js.stripe.com/v3';
let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

function loadScript(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not start'));
    script.onerror = () => {
      // Let a later attempt try again (for example after the connection came back).
      loading = null;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function loadStripe(publishableKey: string): Promise<Stripe> {
  const StripeJs = await loadScript();
  return StripeJs(publishableKey);
}
