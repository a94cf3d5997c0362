import { describe, expect, it } from 'vitest';
import { formatExpiry } from './cardExpiry';

describe('formatExpiry', () => {
  it('adds the slash after the month', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('১২৩০')).toBe('12/30');
    expect(formatExpiry('123')).toBe('12/3');
  });

  it('leaves a month being typed alone, so a backspace over the slash works', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('')).toBe('');
  });

  it('pads a month that can only be one digit', () => {
    expect(formatExpiry('5')).toBe('05');
    expect(formatExpiry('530')).toBe('05/30');
    expect(formatExpiry('1/30')).toBe('01/30');
  });

  it('keeps an already formatted or autofilled value', () => {
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('12 / 2030')).toBe('12/2030');
    expect(formatExpiry('1220301')).toBe('12/2030');
  });

  it('drops anything that is not a digit', () => {
    expect(formatExpiry('1a2b3c0')).toBe('12/30');
  });
});
