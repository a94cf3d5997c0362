/** Phone numbers as people type them. */
import type { PhoneProblem } from '../enums.js';
import { t, type MessageKey } from './runtime.js';

const keys: Record<Exclude<PhoneProblem, 'empty'>, MessageKey> = {
  characters: 'phones.characters',
  too_short: 'phones.tooShort',
  too_long: 'phones.tooLong',
  other_country: 'phones.otherCountry',
  not_mobile: 'phones.notMobile',
  invalid: 'phones.invalid',
};

export const phoneMessages = {
  /** Why a typed phone number is refused; in Bangladesh with what a mobile number looks like. */
  problem: (problem: PhoneProblem, region: string) => {
    if (problem === 'empty') return t('common.required');
    if (problem === 'characters' || region !== 'BD') return t(keys[problem]);
    const hint = t('phones.bangladeshHint');
    return problem === 'too_short' || problem === 'too_long' ? `${t(keys[problem])} ${hint}` : hint;
  },
} as const;
