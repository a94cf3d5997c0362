import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone, phoneHref, phoneSchema } from './phones.js';
import type { PhoneProblem } from './enums.js';
import { messages, phoneMessages } from './messages/index.js';

describe('parsePhone in Bangladesh', () => {
  it.each<[string, string]>([
    ['01711-223344', '+8801711223344'],
    ['01711223344', '+8801711223344'],
    ['+880 1711 223344', '+8801711223344'],
    ['+8801711223344', '+8801711223344'],
    ['8801711223344', '+8801711223344'],
    ['(+880) 1711-223344', '+8801711223344'],
    ['+880-1711-223344', '+8801711223344'],
    ['+88 01711223344', '+8801711223344'],
    ['0088 01711 223344', '+8801711223344'],
    ['01711.223.344', '+8801711223344'],
    ['017 11 22 33 44', '+8801711223344'],
    ['  01711 223344  ', '+8801711223344'],
    ['০১৭১১২২৩৩৪৪', '+8801711223344'],
    ['+৮৮০ ১৭১১-২২৩৩৪৪', '+8801711223344'],
    ['০১৭১১-223344', '+8801711223344'],
    ['01311-223344', '+8801311223344'],
    ['01511 223344', '+8801511223344'],
    ['016 1234 5678', '+8801612345678'],
    ['01812-345678', '+8801812345678'],
    ['01911223344', '+8801911223344'],
  ])('stores %j as %s', (typed, e164) => {
    expect(parsePhone(typed)).toEqual({ ok: true, e164 });
    expect(parsePhone(typed, 'BD')).toEqual({ ok: true, e164 });
  });

  it.each<[string, PhoneProblem]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['0171122334', 'not_mobile'],
    ['0171', 'too_short'],
    ['017112233445', 'too_long'],
    ['01212345678', 'not_mobile'],
    ['01011223344', 'not_mobile'],
    ['02-9556677', 'not_mobile'],
    ['031 612345', 'not_mobile'],
    ['+44 7911 123456', 'other_country'],
    ['+1 415 555 2671', 'other_country'],
    ['0171l223344', 'characters'],
    ['01711-CALL-ME', 'characters'],
    ['phone: 01711223344', 'characters'],
    ['01711#223344', 'characters'],
  ])('refuses %j: %s', (typed, reason) => {
    expect(parsePhone(typed)).toEqual({ ok: false, reason });
  });
});

describe('parsePhone elsewhere', () => {
  it('takes another country’s numbers by its own rules', () => {
    expect(parsePhone('07911 123456', 'GB')).toEqual({ ok: true, e164: '+447911123456' });
    expect(parsePhone('+44 7911 123456', 'GB')).toEqual({ ok: true, e164: '+447911123456' });
    expect(parsePhone('(415) 555-2671', 'US')).toEqual({ ok: true, e164: '+14155552671' });
    expect(parsePhone('01711-223344', 'GB')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePhone('+8801711223344', 'GB')).toEqual({ ok: false, reason: 'other_country' });
  });
});

describe('formatPhone', () => {
  it.each<[string, 'international' | 'national', string]>([
    ['+8801711223344', 'national', '01711-223344'],
    ['+8801711223344', 'international', '+880 1711 223344'],
    ['+8801612345678', 'national', '01612-345678'],
    ['+447911123456', 'international', '+44 7911 123456'],
    ['+14155552671', 'national', '(415) 555-2671'],
    ['not a phone', 'national', 'not a phone'],
  ])('shows %s %s as %j', (e164, style, shown) => {
    expect(formatPhone(e164, style)).toBe(shown);
  });

  it.each([
    ['01711-223344', '01711-223344'],
    ['8801711223344', '01711-223344'],
    ['+880 1711 223344', '01711-223344'],
    ['০১৭১১২২৩৩৪৪', '01711-223344'],
  ])('groups %j, a number stored as typed before the one form', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('reads an old number without its country in the shop’s region', () => {
    expect(formatPhone('07911 123456', 'international', 'GB')).toBe('+44 7911 123456');
    expect(formatPhone('12345', 'national', 'GB')).toBe('12345');
  });

  it('shows the national form by default', () => {
    expect(formatPhone('+8801711223344')).toBe('01711-223344');
  });
});

describe('phoneHref', () => {
  it.each([
    ['+8801711223344', 'tel:+8801711223344'],
    ['০১৭১১-২২৩৩৪৪', 'tel:+8801711223344'],
    ['(555) 01-99 ext', 'tel:5550199'],
  ])('links %j as %j', (stored, href) => {
    expect(phoneHref(stored)).toBe(href);
  });
});

describe('phoneSchema', () => {
  const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('stores the one form', () => {
    expect(phoneSchema('BD').parse('০১৭১১-২২৩৩৪৪')).toBe('+8801711223344');
    expect(phoneSchema().parse('+880 1711 223344')).toBe('+8801711223344');
  });

  it.each<[unknown, string]>([
    ['', messages.required],
    [undefined, messages.required],
    [1711223344, messages.required],
    ['02-9556677', phoneMessages.problem('not_mobile', 'BD')],
    ['0171', phoneMessages.problem('too_short', 'BD')],
    ['01711 abc', phoneMessages.problem('characters', 'BD')],
  ])('refuses %j with the catalogue’s words', (typed, message) => {
    expect(firstMessage(phoneSchema('BD').safeParse(typed))).toBe(message);
  });

  it('explains a Bangladeshi mobile number, and only in Bangladesh', () => {
    expect(phoneMessages.problem('not_mobile', 'BD')).toContain('01711-223344');
    expect(phoneMessages.problem('too_short', 'BD')).toMatch(
      /^This phone number is too short\. .*01711-223344/,
    );
    expect(phoneMessages.problem('invalid', 'GB')).not.toContain('Bangladeshi');
  });
});
