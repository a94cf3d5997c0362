/**
 * Card payments: checkout and its result, the sandbox's card form (with the expiry checked against
 * today) and the test cards it honours.
 */
import { z } from 'zod';
import { toLatinDigits } from './digits.js';
import { cardMessages, walletMessages } from './messages/index.js';
import { requiredText, says } from './common.js';
import { cardProviderNames } from './accounts.js';
import { paymentMethods, walletProviderNames } from './enums.js';

const required = says('common.required');

// ---------- answers ----------

export const checkoutSchema = z.object({
  bookingId: z.uuid(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** Who takes the money: a card provider, a wallet, or `cash` (nobody online). */
  provider: z.enum([...cardProviderNames, ...walletProviderNames, 'cash']),
  clientSecret: z.string().nullable(),
  /** Until when the piece is held: 15 minutes for a card or wallet, CASH_HOLD_HOURS for cash. */
  holdExpiresAt: z.string(),
  method: z.enum(paymentMethods),
  /** `wallet`: the wallet's own page where the buyer approves the payment; null otherwise. */
  redirectUrl: z.string().nullable(),
  /** `cash`: the booking is now `reserved` until then, and its handoff code is given at once. */
  reservedUntil: z.string().nullable(),
  handoffCode: z.string().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const paymentResultSchema = z.object({
  status: z.literal('paid'),
  transactionId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

// ---------- the sandbox card ----------

export type TestCardOutcome =
  | { kind: 'success' }
  | {
      kind: 'declined';
      code: 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';
      message: string;
    };

export interface TestCard {
  /** Grouped in fours, as printed on a card. */
  number: string;
  brand: string;
  outcome: TestCardOutcome;
}

/** A refusal whose message is read in the language of the moment it is shown. */
const declined = (
  code: Extract<TestCardOutcome, { kind: 'declined' }>['code'],
  message: keyof typeof cardMessages,
): TestCardOutcome => ({
  kind: 'declined',
  code,
  get message() {
    return cardMessages[message];
  },
});

/** Stripe's test card numbers, followed by the sandbox exactly as Stripe's test mode behaves. */
export const sandboxTestCards: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', brand: 'visa', outcome: { kind: 'success' } },
  {
    number: '4000 0000 0000 0002',
    brand: 'visa',
    outcome: declined('card_declined', 'declined'),
  },
  {
    number: '4000 0000 0000 9995',
    brand: 'visa',
    outcome: declined('insufficient_funds', 'insufficientFunds'),
  },
  {
    number: '4000 0000 0000 0069',
    brand: 'visa',
    outcome: declined('expired_card', 'expired'),
  },
  {
    number: '4000 0000 0000 0127',
    brand: 'visa',
    outcome: declined('incorrect_cvc', 'incorrectCvc'),
  },
];

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" as month and four-digit year; null when it is not in that form. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(toLatinDigits(expiry).trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryInFuture(expiry: string, now: Date = new Date()): boolean {
  const parsed = parseExpiry(expiry);
  return parsed !== null && notPast(parsed, now);
}

const notPast = ({ month, year }: { month: number; year: number }, now: Date) =>
  year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;

/** The expiry as month and year, or the sentence that says what is wrong with it. */
function readExpiry(text: string): { month: number; year: number } | string {
  const parsed = parseExpiry(text);
  if (!parsed) return cardMessages.expiryFormat;
  return notPast(parsed, new Date()) ? parsed : cardMessages.pastExpiry;
}

const expiryText = z
  .string(required)
  .trim()
  .superRefine((value, ctx) => {
    const read = readExpiry(value);
    if (typeof read === 'string') ctx.addIssue({ code: 'custom', message: read });
  });

/**
 * The sandbox card form: what the payment page checks and sends (the number without spaces or dashes,
 * the expiry as typed).
 */
export const sandboxCardForm = z.object({
  cardNumber: z
    .string(required)
    // The test numbers read off a Bangla page may be typed in Bangla digits.
    .transform((value) => toLatinDigits(value).replace(/[\s-]/g, ''))
    .refine((value) => /^\d{12,19}$/.test(value) && luhnValid(value), says('card.invalidNumber')),
  expiry: expiryText,
  cvc: z
    .string(required)
    .trim()
    .overwrite(toLatinDigits)
    .regex(/^\d{3,4}$/, says('card.invalidCvc')),
  name: requiredText(100),
});
export type SandboxCardForm = z.input<typeof sandboxCardForm>;

/** What the server runs for the sandbox's POST /api/bookings/:id/checkout/confirm: the card as a provider reads it. */
export const sandboxCardBody = sandboxCardForm.transform(({ cardNumber, expiry, cvc, name }) => {
  const { month, year } = readExpiry(expiry) as { month: number; year: number };
  return { number: cardNumber, expMonth: month, expYear: year, cvc, name };
});
export type SandboxCard = z.output<typeof sandboxCardBody>;

/** Checkout and the Stripe confirmation take no input: anything a client sends (an amount, a currency) is ignored. */
export const noInput = z.object({}).optional();

// ---------- choosing how to pay (decision 0090) ----------

/**
 * POST /api/bookings/:id/checkout. Only the method: the amount always comes from the booking, and any
 * other key (an amount, a currency) is dropped. No body (or an empty one) is a card checkout, as before
 * there was a choice.
 */
export const checkoutBody = z
  .object({ method: z.enum(paymentMethods, says('payments.chooseMethod')).default('card') })
  .optional();
export type CheckoutBody = z.input<typeof checkoutBody>;

/**
 * GET /api/payments/wallet/callback: where the wallet sends the buyer back. Nothing in it is believed:
 * the payment is executed and queried on the wallet's server before anything is marked paid.
 */
export const walletCallbackQuery = z.object({
  paymentID: z.string(says('wallet.unknownPayment')).trim().min(1).max(100),
  status: z.string().trim().max(40).optional(),
  signature: z.string().max(500).optional(),
  // bKash may add further fields; they are ignored.
});

/** What the order page is told after the wallet sent the buyer back. */
/** `returned`: the wallet took the money but the order was paid another way or the piece went: given back. */
export const walletOutcomes = ['paid', 'cancelled', 'failed', 'pending', 'returned'] as const;
export type WalletOutcome = (typeof walletOutcomes)[number];

/** The wallet sandbox's approval page: what it shows (GET /api/payments/wallet/sandbox/:paymentId). */
export const walletSandboxPaymentSchema = z.object({
  paymentId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['initiated', 'approved', 'completed', 'cancelled', 'failed']),
});
export type WalletSandboxPayment = z.infer<typeof walletSandboxPaymentSchema>;

/**
 * The sandbox's approval form: a wallet number (11 digits starting 01, Bangla digits allowed) and the
 * PIN. PIN 12121 approves; 11111 is refused for insufficient balance, as the wallet would.
 */
export const walletSandboxApproveBody = z
  .object({
    decision: z.enum(['approve', 'cancel'], says('common.chooseOption')),
    wallet: z
      .string()
      .trim()
      .overwrite(toLatinDigits)
      .regex(/^01\d{9}$/, says('wallet.invalidNumber'))
      .optional(),
    pin: z
      .string()
      .trim()
      .overwrite(toLatinDigits)
      .regex(/^\d{4,6}$/, says('wallet.invalidPin'))
      .optional(),
  })
  .strict()
  .refine((body) => body.decision === 'cancel' || (body.wallet && body.pin), {
    error: () => walletMessages.enterWalletAndPin,
    path: ['wallet'],
  });
export type WalletSandboxApprove = z.input<typeof walletSandboxApproveBody>;

/** The sandbox page sends the buyer on to this address (the callback, as the real wallet would). */
export const walletSandboxAnswerSchema = z.object({ redirectUrl: z.string() });
