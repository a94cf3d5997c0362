/**
 * Holding products without paying: a hold never outlives 15 minutes from the booking's first checkout,
 * one buyer holds one product at a time, open bookings are capped, and a checkout whose provider call
 * fails gives the product back at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buyerMessages, paymentMessages } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { bookings } from '../../platform/db/schema.js';
import { PaymentProviderUnavailable } from '../../platform/card-providers/errors.js';
import { SandboxPaymentProvider } from '../../platform/card-providers/sandbox.js';
import type { CreateIntentInput } from '../../platform/card-providers/provider.js';
import {
  bookingRow,
  insertBooking,
  insertProduct,
  expireHold,
  productRow,
} from '../../../test/helpers/fixtures.js';

/** A sandbox whose intent creation can be made to fail, as when the provider cannot be reached. */
class FlakySandbox extends SandboxPaymentProvider {
  failCreate = false;
  override async createIntent(input: CreateIntentInput) {
    if (this.failCreate) throw new PaymentProviderUnavailable();
    return super.createIntent(input);
  }
}

let ctx: TestContext;
let provider: FlakySandbox;
let seller: TestUser;

beforeAll(async () => {
  provider = new FlakySandbox();
  ctx = await createTestApp({ MAX_OPEN_BOOKINGS: '3', MAX_CHECKOUT_HOLDS: '1' }, { cardProvider: provider });
  seller = await signUp(ctx.app, 'seller');
});
afterAll(() => ctx.close());

const minutesFromNow = (iso: string) => (new Date(iso).getTime() - Date.now()) / 60_000;

async function startedMinutesAgo(bookingId: string, minutes: number) {
  await ctx.database.db
    .update(bookings)
    .set({ checkoutStartedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(bookings.id, bookingId));
}

describe('the hold window', () => {
  it('is 15 minutes from the first checkout, however often checkout is called', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const bookingId = await insertBooking(ctx.app.database.db, product.id, buyer.id);

    const first = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
    expect(first.statusCode, first.body).toBe(200);
    expect(minutesFromNow(first.json().holdExpiresAt)).toBeGreaterThan(14.9);
    expect((await bookingRow(ctx.app.database.db, bookingId)).checkoutStartedAt).not.toBeNull();

    await startedMinutesAgo(bookingId, 14);
    const again = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
    expect(again.statusCode).toBe(200);
    // Not renewed to 15 minutes from now: one minute is left of the first window.
    expect(minutesFromNow(again.json().holdExpiresAt)).toBeLessThan(1.1);
    expect(new Date((await productRow(ctx.app.database.db, product.id)).holdExpiresAt!).getTime()).toBe(
      new Date(again.json().holdExpiresAt).getTime(),
    );

    // Sixteen minutes on: the window and so the hold have run out.
    await startedMinutesAgo(bookingId, 16);
    await expireHold(ctx.app.database.db, product.id);
    const late = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({ code: 'HOLD_WINDOW_OVER', message: paymentMessages.holdWindowOver });

    // The item is free for someone else at once.
    const other = await signUp(ctx.app, 'buyer');
    const otherBooking = await insertBooking(ctx.app.database.db, product.id, other.id);
    expect((await other.client.post(`/api/bookings/${otherBooking}/checkout`)).statusCode).toBe(200);
  });

  it('starts when the buyer gets the product, not while someone else held it', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const [first, second] = [await signUp(ctx.app, 'buyer'), await signUp(ctx.app, 'buyer')];
    const firstBooking = await insertBooking(ctx.app.database.db, product.id, first.id);
    const secondBooking = await insertBooking(ctx.app.database.db, product.id, second.id);
    expect((await first.client.post(`/api/bookings/${firstBooking}/checkout`)).statusCode).toBe(200);
    const waiting = await second.client.post(`/api/bookings/${secondBooking}/checkout`);
    expect(waiting.json().error.code).toBe('SOMEONE_ELSE_PAYING');
    expect((await bookingRow(ctx.app.database.db, secondBooking)).checkoutStartedAt).toBeNull();
  });
});

describe('one product in checkout per buyer', () => {
  it('refuses a second hold while the first runs, and frees it when the first is paid or lapses', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const [a, b] = [
      await insertProduct(ctx.app.database.db, seller.id),
      await insertProduct(ctx.app.database.db, seller.id),
    ];
    const bookingA = await insertBooking(ctx.app.database.db, a.id, buyer.id);
    const bookingB = await insertBooking(ctx.app.database.db, b.id, buyer.id);
    expect((await buyer.client.post(`/api/bookings/${bookingA}/checkout`)).statusCode).toBe(200);
    const second = await buyer.client.post(`/api/bookings/${bookingB}/checkout`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'PAYING_FOR_ANOTHER',
      message: paymentMessages.payingForAnother,
    });
    expect((await productRow(ctx.app.database.db, b.id)).holdBookingId).toBeNull();
    // Checkout again on the held one keeps working.
    expect((await buyer.client.post(`/api/bookings/${bookingA}/checkout`)).statusCode).toBe(200);

    await startedMinutesAgo(bookingA, 16);
    await expireHold(ctx.app.database.db, a.id);
    expect((await buyer.client.post(`/api/bookings/${bookingB}/checkout`)).statusCode).toBe(200);
  });

  it('holds under concurrent checkouts of different products', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const items = await Promise.all(
      Array.from({ length: 3 }, () => insertProduct(ctx.app.database.db, seller.id)),
    );
    const ids = await Promise.all(items.map((item) => insertBooking(ctx.app.database.db, item.id, buyer.id)));
    const answers = await Promise.all(ids.map((id) => buyer.client.post(`/api/bookings/${id}/checkout`)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('open bookings per buyer', () => {
  it('allows MAX_OPEN_BOOKINGS unpaid bookings, also under concurrency', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const items = await Promise.all(
      Array.from({ length: 6 }, () => insertProduct(ctx.app.database.db, seller.id)),
    );
    const answers = await Promise.all(
      items.map((item) =>
        buyer.client.post('/api/bookings', {
          productId: item.id,
          phone: '+880 1711 000111',
          meetingLocation: 'Dhanmondi 27',
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().error).toEqual({
      code: 'TOO_MANY_OPEN_BOOKINGS',
      message: buyerMessages.tooManyOpenBookings(3),
    });
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.buyerId, buyer.id));
    expect(rows).toHaveLength(3);
  });
});

describe('a checkout whose provider call fails', () => {
  it('releases the hold at once', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const bookingId = await insertBooking(ctx.app.database.db, product.id, buyer.id);
    provider.failCreate = true;
    try {
      const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      provider.failCreate = false;
    }
    expect((await productRow(ctx.app.database.db, product.id)).holdBookingId).toBeNull();
    const other = await signUp(ctx.app, 'buyer');
    const otherBooking = await insertBooking(ctx.app.database.db, product.id, other.id);
    expect((await other.client.post(`/api/bookings/${otherBooking}/checkout`)).statusCode).toBe(200);
  });
});
