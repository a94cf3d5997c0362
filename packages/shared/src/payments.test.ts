import { describe, expect, it } from 'vitest';
import { expiryInFuture, parseExpiry, sandboxCardForm } from './payments.js';

describe('card expiry', () => {
  const may2030 = new Date(Date.UTC(2030, 4, 15));

  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('05/30')).toEqual({ month: 5, year: 2030 });
    expect(parseExpiry('০৫/৩০')).toEqual({ month: 5, year: 2030 });
    expect(parseExpiry(' 12 / 2031 ')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('5/30')).toBeNull();
  });

  it('counts a card as valid through the last day of its expiry month', () => {
    expect(expiryInFuture('05/30', may2030)).toBe(true);
    expect(expiryInFuture('06/30', may2030)).toBe(true);
    expect(expiryInFuture('04/30', may2030)).toBe(false);
    expect(expiryInFuture('12/29', may2030)).toBe(false);
  });

  it('reports a past expiry, a non-Luhn number and a bad CVC together', () => {
    const parsed = sandboxCardForm.safeParse({
      cardNumber: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '1',
      name: 'A',
    });
    const fields = parsed.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(fields).toEqual(['cardNumber', 'cvc', 'expiry']);
    const good = sandboxCardForm.parse({
      cardNumber: '4242-4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'A',
    });
    expect(good.cardNumber).toBe('4242424242424242');
  });
});

describe('the sandbox card in Bangla digits', () => {
  it('reads the number, expiry and CVC as typed off a Bangla page', () => {
    const card = sandboxCardForm.parse({
      cardNumber: '৪২৪২ ৪২৪২ ৪২৪২ ৪২৪২',
      expiry: '১২/৪০',
      cvc: '১২৩',
      name: 'রহিম',
    });
    expect(card).toMatchObject({ cardNumber: '4242424242424242', expiry: '১২/৪০', cvc: '123' });
  });
});
