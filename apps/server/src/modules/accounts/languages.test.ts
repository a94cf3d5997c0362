/**
 * The two languages through the API: the language switch, the account's language, errors in the
 * request's language, and mail in its recipient's, on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  TEST_ORIGIN,
  TestClient,
  createTestApp,
  signUp,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { insertProduct } from '../../../test/helpers/fixtures.js';
import { mailOutbox, users } from '../../platform/db/schema.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Bea Buyer' };

async function localeOf(userId: string) {
  const [row] = await ctx.app.database.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row!.locale;
}

async function mailsTo(address: string) {
  return ctx.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

const localeCookie = (cookies: { name: string; value: string }[]) =>
  cookies.find((cookie) => cookie.name === 'fm_locale')?.value;

beforeAll(async () => {
  ctx = await createTestApp({ CURRENCY: 'BDT' });
  [buyer, seller] = await Promise.all([
    signUp(ctx.app, 'buyer', { name: 'Bea Buyer' }),
    signUp(ctx.app, 'seller', { name: 'Sam Seller' }),
  ]);
});
afterAll(() => ctx.close());

describe('choosing a language', () => {
  it('keeps a visitor’s choice in a cookie', async () => {
    const visitor = new TestClient(ctx.app);
    const res = await visitor.post('/api/locale', { locale: 'bn' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'fm_locale')!;
    expect(cookie.value).toBe('bn');
    expect(cookie.maxAge).toBeGreaterThan(60 * 60 * 24 * 300);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('keeps a signed-in person’s choice on the account, which /api/me answers', async () => {
    const person = await signUp(ctx.app, 'buyer');
    expect(await localeOf(person.id)).toBe('en');
    expect((await person.client.post('/api/locale', { locale: 'bn' })).statusCode).toBe(204);
    expect(await localeOf(person.id)).toBe('bn');
    expect((await person.client.get('/api/me')).json().user.locale).toBe('bn');
  });

  it('refuses a language it does not speak, in the language of the request', async () => {
    const res = await new TestClient(ctx.app).post(
      '/api/locale',
      { locale: 'fr' },
      { 'accept-language': 'bn-BD,bn;q=0.9' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'কয়েকটি ঘর ঠিক করে দিতে হবে।',
      fields: { locale: 'যেকোনো একটি বেছে নিন।' },
    });
  });

  it('gives a new account the language it signed up in, and the browser keeps it', async () => {
    const email = `bangla-${Date.now()}@example.test`;
    const res = await new TestClient(ctx.app).post(
      '/api/auth/sign-up/email',
      { name: 'Rahim Uddin', email, password: 'correct-horse-battery', role: 'buyer' },
      { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' },
    );
    expect(res.statusCode).toBe(200);
    expect(localeCookie(res.cookies)).toBe('bn');
    const [row] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.locale).toBe('bn');
  });

  it('brings the account’s language back into the browser at sign-in', async () => {
    const email = `returning-${Date.now()}@example.test`;
    const person = await signUp(ctx.app, 'buyer', { email });
    await person.client.post('/api/locale', { locale: 'bn' });
    const res = await new TestClient(ctx.app).post(
      '/api/auth/sign-in/email',
      { email, password: 'correct-horse-battery' },
      { cookie: 'fm_locale=en' },
    );
    expect(res.statusCode).toBe(200);
    expect(localeCookie(res.cookies)).toBe('bn');
  });
});

describe('errors in the language of the request', () => {
  it('answers in Bangla when the cookie chose it', async () => {
    const client = new TestClient(ctx.app, `${buyer.client.cookie}; fm_locale=bn`);
    const res = await client.get(`/api/products/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'এই পণ্যটি নেই।' });
  });

  it('follows Accept-Language on a first visit, and the cookie over it', async () => {
    const asked = (headers: Record<string, string>) =>
      new TestClient(ctx.app).get('/api/my/bookings', headers).then((res) => res.json().error.message);
    expect(await asked({ 'accept-language': 'bn' })).toBe('চালিয়ে যেতে লগইন করুন।');
    expect(await asked({ 'accept-language': 'en-US,en;q=0.9' })).toBe('Please sign in to continue.');
    expect(await asked({ 'accept-language': 'bn', cookie: 'fm_locale=en' })).toBe(
      'Please sign in to continue.',
    );
  });

  it('reads an unknown language code in the cookie as English, without an error', async () => {
    const res = await new TestClient(ctx.app).get('/api/my/bookings', {
      cookie: 'fm_locale=xx',
      'accept-language': 'bn',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please sign in to continue.');
  });

  it('names each field’s problem in Bangla', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const client = new TestClient(ctx.app, `${buyer.client.cookie}; fm_locale=bn`);
    const res = await client.post('/api/bookings', { productId: product.id, meetingLocation: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      phone: 'এই ঘরটি পূরণ করা আবশ্যক',
      meetingLocation: 'এই ঘরটি পূরণ করা আবশ্যক',
    });
  });

  it('keeps the specification’s English verbatim in English', async () => {
    const res = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
      email: buyer.email,
      password: 'not-the-password',
    });
    expect(res.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'your email and password is incorrect',
    });
  });
});

describe('mail in the recipient’s language', () => {
  it('writes each side’s mail in their own language, whoever caused it, with taka as Bangladesh writes it', async () => {
    const banglaBuyer = await signUp(ctx.app, 'buyer', { name: 'Karim' });
    await banglaBuyer.client.post('/api/locale', { locale: 'bn' });
    const product = await insertProduct(ctx.app.database.db, seller.id, {
      title: 'Segun khat',
      sellingPriceCents: 12_500_000,
      currency: 'BDT',
    });
    // The buyer books and pays in Bangla, typing the phone in Bangla digits.
    const booked = await banglaBuyer.client.post('/api/bookings', {
      productId: product.id,
      phone: '০১৭১১-২২৩৩৪৪',
      meetingLocation: 'Mirpur 10',
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json().id as string;
    expect((await banglaBuyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    const paid = await banglaBuyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard);
    expect(paid.statusCode).toBe(200);

    const receipt = (await mailsTo(banglaBuyer.email)).find((mail) => mail.subject.startsWith('রসিদ'));
    expect(receipt!.subject).toBe('রসিদ: Segun khat');
    expect(receipt!.textBody).toContain('প্রিয় Karim,');
    expect(receipt!.textBody).toContain('পরিমাণ: ৳১,২৫,০০০');
    expect(receipt!.htmlBody).toContain('<html lang="bn-BD">');
    expect(receipt!.htmlBody).toContain('হস্তান্তর কোড');

    // The seller reads English: the new booking (caused by a Bangla request) and the sale.
    const sellerMails = await mailsTo(seller.email);
    const subjects = sellerMails.map((mail) => mail.subject);
    expect(subjects).toContain('New booking: Segun khat');
    expect(subjects).toContain('Sold: Segun khat');
    const sold = sellerMails.find((mail) => mail.subject === 'Sold: Segun khat')!;
    expect(sold.textBody).toContain('(৳1,25,000)');
    expect(sold.textBody).toContain('Phone: 01711-223344');
    expect(sold.htmlBody).toContain('<html lang="en">');
  });

  it('writes in English to an account whose stored language is unknown', async () => {
    const odd = await signUp(ctx.app, 'buyer', { name: 'Odd' });
    await ctx.app.database.db.update(users).set({ locale: 'xx' }).where(eq(users.id, odd.id));
    const res = await odd.client.post('/api/auth/send-verification-email', { email: odd.email });
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(odd.email);
    expect(mails.map((mail) => mail.subject)).toContain('Confirm your email address');
    expect((await odd.client.get('/api/me')).json().user.locale).toBe('en');
  });

  it('writes a newsletter confirmation in the language of the sign-up', async () => {
    const email = `letters-${Date.now()}@example.test`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: 'fm_locale=bn' },
      payload: JSON.stringify({ email }),
    });
    expect(res.statusCode).toBeLessThan(300);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('নিউজলেটার সাবস্ক্রিপশন নিশ্চিত করুন');
  });
});
