/**
 * A new password (sign-up, change, reset) follows the shared rule (8 to 128 characters, not only
 * spaces) and is not one of the most common passwords (ASVS 5.0 6.2.4), checked against the list that
 * zxcvbn-ts maintains. The list is ~50,000 words, so it stays on the server; the forms show the server's
 * field message.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { messages, passwordSchema } from '@furniture-mart/shared';

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

export const newPasswordSchema = passwordSchema.refine(
  (password) => !isCommonPassword(password),
  messages.passwordTooCommon,
);
