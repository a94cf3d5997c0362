import { describe, expect, it } from 'vitest';
import { catalogueMessages, messages, sellerMessages } from './messages/index.js';
import { yearsUsedSchema } from './common.js';
import { phoneSchema } from './phones.js';
import { signUpForm } from './accounts.js';
import { productCreateBodyIn, productEditBodyIn } from './products.js';
import { productSearchQueryIn } from './catalogue.js';
import { luhnValid, sandboxCardBody } from './payments.js';
import { postDateLabel } from './dates.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('sign-up form', () => {
  const valid = {
    name: 'Ann',
    email: 'ann@example.test',
    role: 'buyer',
    password: 'longenough',
    confirmPassword: 'longenough',
  };

  it('accepts a complete form', () => {
    expect(signUpForm.safeParse(valid).success).toBe(true);
  });

  it('says which field is missing', () => {
    const result = signUpForm.safeParse({ ...valid, name: '  ' });
    expect(firstMessage(result)).toBe(messages.required);
  });

  it('reports a password mismatch on the confirmation field', () => {
    const result = signUpForm.safeParse({ ...valid, confirmPassword: 'different1' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: messages.passwordMismatch,
    });
  });

  it('refuses admin as a choice', () => {
    expect(signUpForm.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
});

describe('product rules', () => {
  // The schema POST /api/products runs, in the shop's currency.
  const productBody = productCreateBodyIn('USD', phoneSchema('BD'));
  const product = {
    title: 'Oak table',
    phone: '+880 1711 123456',
    originalPrice: '1,250.50',
    sellingPrice: 900,
    yearsUsed: ' 3 ',
    description: 'A solid oak table.',
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'excellent',
    categoryId: '00000000-0000-4000-8000-000000000000',
    photoIds: ['00000000-0000-4000-8000-000000000001'],
    dimensions: { unit: 'cm', width: '120', depth: '60', height: '75.5', diagonalDepth: '', weightKg: '' },
  };
  const messageAt = (body: Record<string, unknown>, field: string) =>
    productBody.safeParse(body).error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('needs a description with its own message', () => {
    expect(messageAt({ description: '' }, 'description')).toBe(messages.enterDescription);
  });

  it('reads prices into minor units and sizes into millimetres, blank boxes left out', () => {
    expect(productBody.parse(product)).toMatchObject({
      originalPriceCents: 125_050,
      sellingPriceCents: 90_000,
      yearsUsed: 3,
      dimensions: {
        widthMm: 1200,
        depthMm: 600,
        heightMm: 755,
        diagonalDepthMm: null,
        comesApart: false,
        weightKg: null,
      },
    });
    const blank = { unit: 'in', width: '', depth: ' ', height: '', diagonalDepth: '', comesApart: false };
    expect(productBody.parse({ ...product, dimensions: blank }).dimensions).toBeNull();
    expect(productBody.parse({ ...product, dimensions: undefined }).dimensions).toBeNull();
  });

  it('refuses more decimals than the currency has, and prices above the limit', () => {
    expect(messageAt({ ...product, sellingPrice: '10.999' }, 'sellingPrice')).toBe(messages.invalidPrice);
    expect(messageAt({ ...product, sellingPrice: '999999999' }, 'sellingPrice')).toBe(
      sellerMessages.priceTooHigh,
    );
    expect(
      productCreateBodyIn('JPY', phoneSchema('BD')).safeParse({ ...product, originalPrice: '1250.5' })
        .success,
    ).toBe(false);
  });

  it('reads an edit like an add, leaving absent fields out and clearing an empty size', () => {
    const edit = productEditBodyIn('USD', phoneSchema('BD'));
    const blank = { unit: 'cm', width: '', depth: '', height: '' };
    expect(edit.parse({ sellingPrice: '1,250.50', yearsUsed: ' 4 ', dimensions: blank })).toEqual({
      originalPriceCents: undefined,
      sellingPriceCents: 125_050,
      yearsUsed: 4,
      dimensions: null,
    });
    expect(edit.parse({ yearsUsed: 4 })).not.toHaveProperty('dimensions');
    expect(edit.safeParse({ sellingPrice: '10.999' }).error?.issues[0]?.message).toBe(messages.invalidPrice);
    expect(firstMessage(edit.safeParse({ status: 'sold' }))).toBe(sellerMessages.nothingToChange);
  });

  it('takes each photo once, at most eight', () => {
    const id = product.photoIds[0]!;
    expect(messageAt({ ...product, photoIds: [id, id] }, 'photoIds')).toMatch(/once/);
    expect(messageAt({ ...product, photoIds: Array(9).fill(id) }, 'photoIds')).toBe(
      sellerMessages.tooManyPhotos,
    );
  });

  it.each([
    ['0', true],
    ['100', true],
    ['3', true],
    ['101', false],
    ['-1', false],
    ['2.5', false],
    ['', false],
  ])('years used %j valid: %s', (value, ok) => {
    expect(yearsUsedSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['+880 1711-000100', true],
    ['01711000100', true],
    ['12345', false],
    ['call me', false],
  ])('phone %j valid: %s', (value, ok) => {
    expect(phoneSchema('BD').safeParse(value).success).toBe(ok);
  });

  it('reads a phone typed in Bangla digits as the same number', () => {
    expect(phoneSchema('BD').parse('০১৭১১-২২৩৩৪৪')).toBe('+8801711223344');
    expect(phoneSchema('BD').safeParse('০১২৩৪').success).toBe(false);
  });
});

describe('card numbers', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('reads the sandbox card as a provider takes it', () => {
    const card = sandboxCardBody.parse({
      cardNumber: '4242 4242-4242 4242',
      expiry: '12 / 40',
      cvc: '123',
      name: 'Ann',
    });
    expect(card).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
      name: 'Ann',
    });
  });
});

describe('price filters', () => {
  const search = productSearchQueryIn('USD');

  it('are read once, into minor units of the currency', () => {
    expect(search.parse({ minPrice: '35.5', maxPrice: '1,000' })).toMatchObject({
      minPriceCents: 3_550,
      maxPriceCents: 100_000,
    });
    expect(search.parse({ minPrice: '' })).toMatchObject({
      minPriceCents: undefined,
      maxPriceCents: undefined,
    });
  });

  it('refuse what is no amount of the currency, and an inverted range', () => {
    const fields = (query: Record<string, string>) =>
      search.safeParse(query).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(fields({ minPrice: 'abc' })).toEqual([['minPrice', messages.invalidPrice]]);
    expect(fields({ minPrice: '1.005' })).toEqual([['minPrice', messages.invalidPrice]]);
    expect(fields({ minPrice: '300', maxPrice: '100' })).toEqual([
      ['maxPrice', catalogueMessages.priceRange],
    ]);
  });
});

describe('post date label', () => {
  it('keeps the first 15 characters of the date', () => {
    expect(postDateLabel(new Date(2026, 10, 21, 12))).toBe('Sat Nov 21 2026');
  });
});
