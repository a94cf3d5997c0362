/**
 * The languages the product speaks and how a request's language is chosen. English is the default and
 * the fallback for anything unknown; Bangla is written for Bangladesh (bn-BD).
 */
export const locales = ['en', 'bn'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

/** The BCP 47 tag of each language: `<html lang>`, `Intl` (Bangla digits and dates come from `bn-BD`). */
export const localeTags: Record<Locale, string> = { en: 'en', bn: 'bn-BD' };

/** Each language's own name for itself: what the language switch shows. */
export const localeNames: Record<Locale, string> = { en: 'English', bn: 'বাংলা' };

/**
 * The cookie that keeps a visitor's choice. For someone signed in it mirrors their account's language,
 * which the server writes back into it at sign-in and on every page it renders for them.
 */
export const LOCALE_COOKIE = 'fm_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * A stored or sent language code as a language: an unknown code (an old cookie, a value typed by hand)
 * is English, never an error.
 */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** The language of a tag such as `bn-BD`, `bn` or `en-GB`; undefined when we do not speak it. */
export function localeOfTag(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/**
 * The language a first visit gets from its `Accept-Language` header: the one of ours it ranks highest
 * (q-values respected, `*` ignored), else English.
 */
export function negotiateLocale(acceptLanguage: string | string[] | undefined): Locale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',').slice(0, 30)) {
    const [tag = '', ...params] = part.split(';');
    const locale = localeOfTag(tag);
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? defaultLocale;
}

/** The language a `Cookie` header chose, if it chose any (an unknown code chooses English). */
export function localeFromCookie(cookieHeader: string | undefined): Locale | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === LOCALE_COOKIE)
      return toLocale(part.slice(eqAt + 1).trim());
  }
  return undefined;
}
