/**
 * What a buyer booked is what they are charged, and every record of the sale reads the charge: the order,
 * the receipt, the seller's mail, the seller's earnings and every refund. Checked for the price changes
 * people make (a drop, a raise), and as a property over random sequences of booking, price edits,
 * checkout, payment, cancelled sales, deleted orders, removals and refunds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, like } from 'drizzle-orm';
import { formatMoney } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import {
  bookingRow,
  expireHold,
  insertProduct,
  invariantViolations,
} from '../../../test/helpers/fixtures.js';
import { SandboxPaymentProvider } from '../../platform/card-providers/sandbox.js';
import type { IntentRef, ProviderIntent } from '../../platform/card-providers/provider.js';
import { bookings, mailOutbox, paymentIntents, payments, refunds } from '../../platform/db/schema.js';
import { settle } from './settlement.js';

/** The sandbox, counting what it captured: the money that really moved. */
class CapturingSandbox extends SandboxPaymentProvider {
  readonly captured = new Map<string, number>();
  override async capture(ref: IntentRef): Promise<ProviderIntent> {
    const intent = await super.capture(ref);
    this.captured.set(ref.id, (this.captured.get(ref.id) ?? 0) + ref.amountCents);
    return intent;
  }
}

const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Price Buyer' };

let ctx: TestContext;
let provider: CapturingSandbox;
let seller: TestUser;
let admin: TestUser;
let buyers: TestUser[] = [];

beforeAll(async () => {
  provider = new CapturingSandbox();
  ctx = await createTestApp({}, { cardProvider: provider });
  [seller, admin, ...buyers] = await Promise.all([
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'admin'),
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'buyer'),
  ]);
}, 60_000);
afterAll(() => ctx.close());

const db = () => ctx.app.database.db;

async function book(buyer: TestUser, productId: string): Promise<string> {
  const res = await buyer.client.post('/api/bookings', {
    productId,
    phone: '+8801711000111',
    meetingLocation: 'Dhanmondi 27',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function pay(buyer: TestUser, bookingId: string) {
  const started = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
  if (started.statusCode !== 200) return started;
  return buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, card);
}

async function paidMailsOf(bookingId: string) {
  return db()
    .select({ key: mailOutbox.idempotencyKey, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(like(mailOutbox.idempotencyKey, `booking:${bookingId}:paid:%`));
}

describe('a price changed after booking', () => {
  it('reaches an open booking when it drops: the buyer is charged, and every record says, the new price', async () => {
    const product = await insertProduct(db(), seller.id, { sellingPriceCents: 10_000 });
    const buyer = buyers[0]!;
    const bookingId = await book(buyer, product.id);
    expect((await seller.client.patch(`/api/products/${product.id}`, { sellingPrice: '1' })).statusCode).toBe(
      200,
    );
    expect((await buyer.client.get(`/api/bookings/${bookingId}`)).json().priceCents).toBe(100);

    const paid = await pay(buyer, bookingId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ amountCents: 100 });
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment!.amountCents).toBe(100);
    expect(provider.captured.get(payment!.transactionId)).toBe(100);
    expect((await bookingRow(db(), bookingId)).priceCents).toBe(100);
    const mails = await paidMailsOf(bookingId);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain(formatMoney(100, 'USD'));
      expect(mail.text).not.toContain(formatMoney(10_000, 'USD'));
    }
  });

  it('never reaches an open booking when it rises: the buyer pays what they booked at', async () => {
    const product = await insertProduct(db(), seller.id, { sellingPriceCents: 10_000 });
    const buyer = buyers[1]!;
    const bookingId = await book(buyer, product.id);
    expect(
      (await seller.client.patch(`/api/products/${product.id}`, { sellingPrice: '5000' })).statusCode,
    ).toBe(200);
    expect((await buyer.client.get(`/api/bookings/${bookingId}`)).json().priceCents).toBe(10_000);
    const paid = await pay(buyer, bookingId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().amountCents).toBe(10_000);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(provider.captured.get(payment!.transactionId)).toBe(10_000);
    for (const mail of await paidMailsOf(bookingId)) expect(mail.text).toContain(formatMoney(10_000, 'USD'));
  });

  it('never settles a card confirmed for an older price: the buyer is asked to pay again', async () => {
    const product = await insertProduct(db(), seller.id, { sellingPriceCents: 10_000 });
    const buyer = buyers[2]!;
    const bookingId = await book(buyer, product.id);
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    // The hold lapses before the card is confirmed, and the seller lowers the price meanwhile.
    await expireHold(db(), product.id);
    expect(
      (await seller.client.patch(`/api/products/${product.id}`, { sellingPrice: '80' })).statusCode,
    ).toBe(200);
    // The browser still holds the intent of the old amount and confirms the card on it: it never settles.
    const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
    expect(intent!.amountCents).toBe(10_000);
    await provider.authorizeCard(
      { id: intent!.providerIntentId, amountCents: 10_000, currency: 'USD' },
      {
        number: card.cardNumber,
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
        name: card.name,
      },
    );
    const outcome = await settle(db(), provider, { providerIntentId: intent!.providerIntentId });
    expect(outcome.kind).toBe('stale');
    expect(provider.captured.has(intent!.providerIntentId)).toBe(false);
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    // Paying again charges the price the order shows now.
    const paid = await pay(buyer, bookingId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().amountCents).toBe(8_000);
  });
});

// ---------- the property ----------

type Step =
  | { kind: 'book'; buyer: number; product: number }
  | { kind: 'edit'; product: number; price: number }
  | { kind: 'pay'; buyer: number; product: number }
  | { kind: 'checkout'; buyer: number; product: number }
  | { kind: 'lapse'; product: number }
  | { kind: 'cancelSale'; product: number }
  | { kind: 'deleteOrder'; buyer: number; product: number }
  | { kind: 'remove'; product: number }
  | { kind: 'refunds' };

const who = fc.integer({ min: 0, max: 1 });
const which = fc.integer({ min: 0, max: 1 });
// Weighted towards what makes the interesting cases: bookings and price changes before payments.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('book' as const), buyer: who, product: which }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      product: which,
      price: fc.constantFrom(1, 99.99, 150, 300, 5000),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), buyer: who, product: which }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('checkout' as const), buyer: who, product: which }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lapse' as const), product: which }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelSale' as const), product: which }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteOrder' as const), buyer: who, product: which }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), product: which }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refunds' as const) }) },
);

/** What the sequences reached, so the property is known to have met payments and refunds. */
const reached = { payments: 0, paidAfterRaise: 0, cancelledSales: 0, removals: 0 };

/** Runs one sequence on two fresh products; answers the bookings it made with the price each was booked at. */
async function run(steps: Step[]) {
  const pieces = [
    await insertProduct(db(), seller.id, { sellingPriceCents: 10_000 }),
    await insertProduct(db(), seller.id, { sellingPriceCents: 20_000 }),
  ];
  const bookedAt = new Map<string, number>();
  /** Bookings whose product's price was raised after they were made. */
  const raisedSince = new Set<string>();
  const latest = new Map<string, string>();
  const pair = (buyer: number, product: number) => `${buyer}:${product}`;
  /** Books for the pair, answering the booking's id, or null when the booking is refused. */
  const bookFor = async (buyer: number, product: number) => {
    const res = await buyers[buyer]!.client.post('/api/bookings', {
      productId: pieces[product]!.id,
      phone: '+8801711000222',
      meetingLocation: 'Mirpur 10',
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode !== 201) return null;
    latest.set(pair(buyer, product), res.json().id);
    bookedAt.set(res.json().id, res.json().priceCents);
    return res.json().id as string;
  };
  for (const s of steps) {
    let status = 200;
    if (s.kind === 'book') {
      await bookFor(s.buyer, s.product);
    } else if (s.kind === 'edit') {
      status = (
        await seller.client.patch(`/api/products/${pieces[s.product]!.id}`, { sellingPrice: String(s.price) })
      ).statusCode;
      if (status === 200) {
        for (const [key, id] of latest) {
          if (key.endsWith(`:${s.product}`) && s.price * 100 > (bookedAt.get(id) ?? Infinity))
            raisedSince.add(id);
        }
      }
    } else if (s.kind === 'checkout' || s.kind === 'pay') {
      // A buyer who pays has booked first.
      const id = latest.get(pair(s.buyer, s.product)) ?? (await bookFor(s.buyer, s.product));
      if (!id) continue;
      const res =
        s.kind === 'pay'
          ? await pay(buyers[s.buyer]!, id)
          : await buyers[s.buyer]!.client.post(`/api/bookings/${id}/checkout`);
      status = res.statusCode;
      if (s.kind === 'pay' && status === 200) {
        reached.payments += 1;
        if (raisedSince.has(id)) reached.paidAfterRaise += 1;
      }
    } else if (s.kind === 'lapse') {
      await expireHold(db(), pieces[s.product]!.id);
    } else if (s.kind === 'cancelSale') {
      const rows = await db().select().from(bookings).where(eq(bookings.productId, pieces[s.product]!.id));
      const open = rows.find((row) => row.status === 'paid');
      if (!open) continue;
      status = (
        await seller.client.post(`/api/bookings/${open.id}/cancel-sale`, { reason: 'Changed my mind' })
      ).statusCode;
      if (status === 200) reached.cancelledSales += 1;
    } else if (s.kind === 'deleteOrder') {
      const id = latest.get(pair(s.buyer, s.product));
      if (!id) continue;
      status = (await buyers[s.buyer]!.client.delete(`/api/bookings/${id}`)).statusCode;
    } else if (s.kind === 'remove') {
      status = (await admin.client.delete(`/api/products/${pieces[s.product]!.id}`)).statusCode;
      if (status === 204) reached.removals += 1;
    } else {
      await ctx.app.services.refunds.runOnce();
    }
    // Refusals are fine (409 someone else paying, 404 already gone); a server error never is.
    expect(status, `${JSON.stringify(s)} answered ${status}`).toBeLessThan(500);
  }
  await ctx.app.services.refunds.runOnce();
  return { productIds: pieces.map((p) => p.id), bookedAt };
}

/** Every way the records of money could disagree with the money itself; a correct run finds none. */
async function moneyProblems(productIds: string[], bookedAt: Map<string, number>): Promise<string[]> {
  const problems: string[] = (await invariantViolations(db())).map((v) => `${v.problem} ${v.id}`);
  const rows = await db()
    .select({ booking: bookings, payment: payments })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(inArray(payments.productId, productIds));
  for (const { booking, payment } of rows) {
    if (payment.amountCents !== booking.priceCents)
      problems.push(`payment ${payment.amountCents} but order ${booking.priceCents}`);
    if (provider.captured.get(payment.transactionId) !== payment.amountCents)
      problems.push(
        `captured ${provider.captured.get(payment.transactionId)} but recorded ${payment.amountCents}`,
      );
    const booked = bookedAt.get(booking.id);
    if (booked !== undefined && payment.amountCents > booked)
      problems.push(`charged ${payment.amountCents}, more than the ${booked} it was booked at`);
    for (const mail of await paidMailsOf(booking.id)) {
      if (!mail.text.includes(formatMoney(payment.amountCents, payment.currency)))
        problems.push(`${mail.key} does not say ${payment.amountCents}`);
    }
    const given = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
    if (given.length > 1) problems.push(`${given.length} refunds of one payment`);
    for (const refund of given) {
      if (refund.amountCents > payment.amountCents)
        problems.push(`refund ${refund.amountCents} > ${payment.amountCents}`);
      const atProvider = [...provider.refunds.values()].filter((r) => r.intentId === payment.transactionId);
      if (
        refund.status === 'succeeded' &&
        (atProvider.length !== 1 || atProvider[0]!.amountCents !== refund.amountCents)
      )
        problems.push(
          `provider refunded ${JSON.stringify(atProvider)} for a refund of ${refund.amountCents}`,
        );
    }
  }
  // Money captured with no payment recorded would be money taken without a sale.
  for (const id of provider.captured.keys()) {
    const [payment] = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.transactionId, id));
    if (!payment) problems.push(`captured ${id} without a payment`);
  }
  return problems;
}

describe('the money invariant', () => {
  it('holds over random sequences of booking, price edits, payment, cancellation, removal and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 18 }), async (steps) => {
        const { productIds, bookedAt } = await run(steps);
        expect(await moneyProblems(productIds, bookedAt)).toEqual([]);
      }),
      // A fixed seed by default, so a run is repeatable; FC_SEED explores others.
      { numRuns: 60, seed: Number(process.env.FC_SEED ?? 37) },
    );
    // The sequences did reach the interesting states, not only refusals.
    expect(reached.payments).toBeGreaterThan(5);
    expect(reached.paidAfterRaise).toBeGreaterThan(0);
    expect(reached.cancelledSales).toBeGreaterThan(0);
    expect(reached.removals).toBeGreaterThan(0);
  }, 240_000);
});
