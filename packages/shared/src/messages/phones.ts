/** Phone numbers as people type them. */
import type { PhoneProblem } from '../enums.js';
import { messages } from './common.js';

const sentences: Record<PhoneProblem, string> = {
  empty: messages.required,
  characters:
    'Use only digits, spaces, dashes, dots and brackets in a phone number, and + before a country code.',
  too_short: 'This phone number is too short.',
  too_long: 'This phone number is too long.',
  other_country: 'Enter a phone number of this country.',
  not_mobile: 'Enter a mobile number.',
  invalid: 'Enter a valid phone number.',
};

export const phoneMessages = {
  /** Why a typed phone number is refused; in Bangladesh with what a mobile number looks like. */
  problem: (problem: PhoneProblem, region: string) => {
    if (problem === 'empty' || problem === 'characters') return sentences[problem];
    if (region !== 'BD') return sentences[problem];
    const hint = 'Enter a Bangladeshi mobile number: 11 digits starting with 01, such as 01711-223344.';
    return problem === 'too_short' || problem === 'too_long' ? `${sentences[problem]} ${hint}` : hint;
  },
} as const;
