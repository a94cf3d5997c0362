import { errorCode, messages } from '@furniture-mart/shared';
import { errorMessage, isApiError } from '../../lib/api';

/** Wrong password and unknown email get the same answer, so accounts cannot be discovered. */
export function signInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === errorCode.INVALID_CREDENTIALS) return messages.loginFailed;
  return errorMessage(error);
}

export function isEmailTaken(error: unknown): boolean {
  return isApiError(error) && error.code === errorCode.EMAIL_TAKEN;
}

export function signUpErrorMessage(error: unknown): string {
  return isEmailTaken(error) ? messages.emailTaken : errorMessage(error);
}
