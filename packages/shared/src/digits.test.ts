import { describe, expect, it } from 'vitest';
import { toBanglaDigits, toLatinDigits } from './digits.js';

describe('digits', () => {
  it('reads Bangla digits as Latin ones and leaves everything else', () => {
    expect(toLatinDigits('০১৭১১-২২৩৩৪৪')).toBe('01711-223344');
    expect(toLatinDigits('৳১,২৫,০০০')).toBe('৳1,25,000');
    expect(toLatinDigits('abc 123')).toBe('abc 123');
  });

  it('writes Latin digits as Bangla ones, both ways round', () => {
    expect(toBanglaDigits('1,25,000')).toBe('১,২৫,০০০');
    expect(toLatinDigits(toBanglaDigits('0123456789'))).toBe('0123456789');
  });
});
