import { currentLocale, localeFromCookie } from '@furniture-mart/shared';
import { SIGNED_IN_HINT } from '@furniture-mart/shared/render';

// The hint is set by the server beside the httpOnly session cookie (`1`), or `0` once it has refused
// that session. It only spares visitors a request whose 401 the browser would log as an error; the
// session itself is checked by the server on every call.

/** False when the browser surely holds no session, so asking the server can be skipped. */
export function mayBeSignedIn(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT}=1`);
}

/**
 * Whether the server has just chosen another language for this browser (a sign-in brings back the
 * account's): the page then loads again in it rather than carrying on in the old one.
 */
export function languageChangedByServer(): boolean {
  if (typeof document === 'undefined') return false;
  const chosen = localeFromCookie(document.cookie);
  return chosen !== undefined && chosen !== currentLocale();
}
