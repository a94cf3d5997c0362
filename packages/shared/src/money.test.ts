import { describe, expect, it } from 'vitest';
import { phoneSchema } from './phones.js';
import {
  currencyDecimals,
  formatMoney,
  groupDigits,
  groupDigitsSouthAsian,
  isAmountText,
  isKnownCurrency,
  minorToAmountString,
  parseAmount,
  parseThousandths,
} from './money.js';
import { messages } from './messages/index.js';
import { productCreateRequestIn } from './products.js';
import { amountSchema } from './common.js';

describe('parseAmount in USD', () => {
  it.each([
    ['1250', 125000],
    ['1250.5', 125050],
    ['1,250.50', 125050],
    [' 0.01 ', 1],
    ['10.500', 1050],
    [19.99, 1999],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmount(input, 'USD')).toBe(cents);
  });

  it.each(['', 'abc', '0', '0.00', '-1', '10.001', '1e3', 'NaN', '1.2.3', '1234567890'])(
    'refuses %j',
    (input) => {
      expect(parseAmount(input, 'USD')).toBeNull();
    },
  );

  it.each([Number.NaN, -1, 0, 1e20, Infinity])('refuses the number %d', (input) => {
    expect(parseAmount(input, 'USD')).toBeNull();
  });
});

describe('other minor units (ISO 4217)', () => {
  it('knows the exponents', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('BHD')).toBe(3);
    expect(currencyDecimals('KWD')).toBe(3);
  });

  it('reads yen as whole yen', () => {
    expect(parseAmount('1,250', 'JPY')).toBe(1250);
    expect(parseAmount('1250.00', 'JPY')).toBe(1250);
    expect(parseAmount('1250.5', 'JPY')).toBeNull();
  });

  it('reads dinars as fils', () => {
    expect(parseAmount('1250.5', 'BHD')).toBe(1_250_500);
    expect(parseAmount('0.001', 'BHD')).toBe(1);
    expect(parseAmount('0.0001', 'BHD')).toBeNull();
  });

  it('accepts amount text of any currency in request schemas', () => {
    expect(isAmountText('1.125')).toBe(true);
    expect(isAmountText('1.1255')).toBe(false);
    expect(isAmountText('0')).toBe(false);
  });

  it('reads an amount before its currency is known in thousandths', () => {
    expect(parseThousandths('1,250.5')).toBe(1_250_500);
    expect(parseThousandths('0.001')).toBe(1);
    expect(parseThousandths('1.0001')).toBeNull();
    expect(parseThousandths('0')).toBeNull();
  });

  it('tells real currencies from unknown codes', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'BHD', 'GBP']) expect(isKnownCurrency(code)).toBe(true);
    for (const code of ['XYZ', 'usd', 'XXX', 'XAU', 'DOLLARS', '']) expect(isKnownCurrency(code)).toBe(false);
  });
});

describe('formatting', () => {
  it('shows each currency with its own decimals', () => {
    expect(formatMoney(125000, 'USD')).toBe('$1,250.00');
    expect(formatMoney(1, 'USD')).toBe('$0.01');
    expect(formatMoney(110000, 'EUR')).toBe('€1,100.00');
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
    expect(formatMoney(1_250_500, 'BHD').replace(/\s/g, ' ')).toBe('BHD 1,250.500');
  });

  it('writes every currency exactly as Intl does in en-US', () => {
    // Taka is written the way Bangladesh writes it (below), not as en-US does ("BDT 1,250.00").
    const currencies = Intl.supportedValuesOf('currency').filter((c) => isKnownCurrency(c) && c !== 'BDT');
    for (const currency of currencies) {
      const decimals = currencyDecimals(currency);
      const intl = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      for (const minor of [1, 99, 100, 125_050, 100_000_000, 123_456_789_012, -125_050]) {
        expect(formatMoney(minor, currency), `${minor} ${currency}`).toBe(
          intl.format(minor / 10 ** decimals),
        );
      }
    }
  });

  it('groups thousands', () => {
    expect(['0', '999', '1000', '1234567'].map(groupDigits)).toEqual(['0', '999', '1,000', '1,234,567']);
    expect(groupDigits(2500)).toBe('2,500');
  });

  it('gives form values in major units', () => {
    expect(minorToAmountString(125050, 'USD')).toBe('1250.50');
    expect(minorToAmountString(1250, 'JPY')).toBe('1250');
    expect(minorToAmountString(1_250_500, 'BHD')).toBe('1250.500');
  });
});

describe('the add-product form in the shop currency', () => {
  const body = (sellingPrice: string) => ({
    title: 'Oak table',
    phone: '+880 1711 123456',
    originalPrice: '100',
    sellingPrice,
    yearsUsed: '1',
    description: 'A solid oak table with four chairs, lightly used.',
    location: 'Dhaka',
    condition: 'excellent',
    categoryId: '00000000-0000-4000-8000-000000000000',
    photoIds: ['00000000-0000-4000-8000-000000000001'],
  });
  const priceProblems = (currency: string, price: string) => {
    const result = productCreateRequestIn(currency, phoneSchema('BD')).safeParse(body(price));
    return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'sellingPrice');
  };

  it('allows the decimals of the currency and no more', () => {
    expect(priceProblems('USD', '12.34')).toEqual([]);
    expect(priceProblems('USD', '12.345')[0]?.message).toBe(messages.invalidPrice);
    expect(priceProblems('BHD', '12.345')).toEqual([]);
    expect(priceProblems('JPY', '1250')).toEqual([]);
    expect(priceProblems('JPY', '1250.5')[0]?.message).toBe(messages.invalidPrice);
  });
});

describe('taka', () => {
  it.each([
    [12_500_000, '৳1,25,000', '৳১,২৫,০০০'],
    [125_050, '৳1,250.50', '৳১,২৫০.৫০'],
    [100, '৳1', '৳১'],
    [1, '৳0.01', '৳০.০১'],
    [0, '৳0', '৳০'],
    [99_999_900, '৳9,99,999', '৳৯,৯৯,৯৯৯'],
    [1_234_567_800, '৳1,23,45,678', '৳১,২৩,৪৫,৬৭৮'],
    [-12_500_000, '-৳1,25,000', '-৳১,২৫,০০০'],
  ])('shows %d poisha as %s in English and %s in Bangla', (minor, english, bangla) => {
    expect(formatMoney(minor, 'BDT', 'en')).toBe(english);
    expect(formatMoney(minor, 'BDT', 'bn')).toBe(bangla);
  });

  it('groups and writes digits as Intl does for bn-BD', () => {
    const intl = new Intl.NumberFormat('bn-BD');
    for (const taka of [7, 999, 1000, 12_345, 1_25_000, 98_76_543, 12_34_56_789]) {
      expect(formatMoney(taka * 100, 'BDT', 'bn')).toBe(`৳${intl.format(taka)}`);
    }
  });

  it('groups in lakhs and crores', () => {
    expect(['0', '999', '1000', '100000', '12500000'].map(groupDigitsSouthAsian)).toEqual([
      '0',
      '999',
      '1,000',
      '1,00,000',
      '1,25,00,000',
    ]);
  });

  it('writes other currencies with Bangla digits on a Bangla page', () => {
    expect(formatMoney(125000, 'USD', 'bn')).toBe('$১,২৫০.০০');
    expect(formatMoney(125000, 'USD', 'en')).toBe('$1,250.00');
  });

  it('reads amounts typed in Bangla digits', () => {
    expect(parseAmount('১,২৫,০০০', 'BDT')).toBe(12_500_000);
    expect(parseAmount('১২৫০.৫০', 'USD')).toBe(125050);
    expect(parseAmount('১২৫০.৫০৫', 'USD')).toBeNull();
    expect(amountSchema.safeParse('৪৫০০').success).toBe(true);
    expect(amountSchema.safeParse('৪৫০০টাকা').success).toBe(false);
  });
});
