import { describe, expect, it } from 'vitest';
import { centsToAmountString, formatMoney, parseAmountToCents } from './money.js';

describe('parseAmountToCents', () => {
  it.each([
    ['1250', 125000],
    ['1250.5', 125050],
    ['1,250.50', 125050],
    [' 0.01 ', 1],
    [19.99, 1999],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '0', '0.00', '-1', '10.001', '1e3', 'NaN', '1.2.3', '1234567890'])('refuses %j', (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });

  it.each([Number.NaN, -1, 0, 1e20, Infinity])('refuses the number %d', (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });
});

describe('formatting', () => {
  it('shows dollars with separators', () => {
    expect(formatMoney(125000)).toBe('$1,250.00');
    expect(formatMoney(1, 'USD')).toBe('$0.01');
    expect(centsToAmountString(125050)).toBe('1250.50');
  });
});
