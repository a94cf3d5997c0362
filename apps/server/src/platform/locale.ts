/**
 * The language of each request: the visitor's choice kept in a cookie (for someone signed in, the
 * server keeps that cookie in step with their account's language), else what the browser's
 * Accept-Language prefers, else English. An unknown code in the cookie reads as English, never an error.
 *
 * The whole request runs with that language as the catalogue's current one (an AsyncLocalStorage around
 * its lifecycle), so a service's typed error, a schema's message and the error handler's default
 * sentence all come out in it without anyone passing a language along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  LOCALE_COOKIE,
  loadCatalogue,
  localeFromCookie,
  locales,
  negotiateLocale,
  setLocaleSource,
  type Locale,
} from '@furniture-mart/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in. */
    locale: Locale;
  }
}

const requestLocale = new AsyncLocalStorage<Locale>();

/** How long the choice is kept: a year, renewed whenever the server writes it. */
const LOCALE_MAX_AGE = 60 * 60 * 24 * 365;

export async function registerLocale(app: FastifyInstance): Promise<void> {
  await Promise.all(locales.map((locale) => loadCatalogue(locale)));
  setLocaleSource(() => requestLocale.getStore());
  app.decorateRequest('locale', 'en');
  // The first hook of all: the rest of the lifecycle, the error handler included, runs inside `run`.
  app.addHook('onRequest', (request, _reply, done) => {
    const locale =
      localeFromCookie(request.headers.cookie) ?? negotiateLocale(request.headers['accept-language']);
    request.locale = locale;
    requestLocale.run(locale, done);
  });
}

/** Keeps `locale` as the browser's choice (the language switch, a sign-in, a page for an account). */
export function keepLocale(reply: FastifyReply, locale: Locale): void {
  const secure = reply.server.config.PUBLIC_URL.startsWith('https://') ? '; Secure' : '';
  // Fastify appends to any Set-Cookie already there (a session's own).
  void reply.header(
    'set-cookie',
    `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_MAX_AGE}; Path=/; SameSite=Lax${secure}`,
  );
}

/** Runs `work` in `locale` (a page rendered for an account whose language is not the cookie's). */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return requestLocale.run(locale, work);
}
