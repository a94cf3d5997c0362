import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { luhnValid, phoneSchema, productCreateBody, signUpForm, yearsUsedSchema } from './schemas.js';
import { postDateLabel } from './dates.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('sign-up form', () => {
  const valid = { name: 'Ann', email: 'ann@example.test', role: 'buyer', password: 'longenough', confirmPassword: 'longenough' };

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
    expect(result.error!.issues[0]).toMatchObject({ path: ['confirmPassword'], message: messages.passwordMismatch });
  });

  it('refuses admin as a choice', () => {
    expect(signUpForm.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
});

describe('product rules', () => {
  it('needs a description with its own message', () => {
    const result = productCreateBody.safeParse({ description: '' });
    const description = result.error!.issues.find((i) => i.path[0] === 'description');
    expect(description?.message).toBe(messages.enterDescription);
  });

  it.each([['0', true], ['100', true], ['3', true], ['101', false], ['-1', false], ['2.5', false], ['', false]])(
    'years used %j valid: %s',
    (value, ok) => {
      expect(yearsUsedSchema.safeParse(value).success).toBe(ok);
    },
  );

  it.each([['+880 1711-000100', true], ['01711000100', true], ['12345', false], ['call me', false]])(
    'phone %j valid: %s',
    (value, ok) => {
      expect(phoneSchema.safeParse(value).success).toBe(ok);
    },
  );
});

describe('card numbers', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});

describe('post date label', () => {
  it('keeps the first 15 characters of the date', () => {
    expect(postDateLabel(new Date(2026, 10, 21, 12))).toBe('Sat Nov 21 2026');
  });
});
