/**
 * The message catalogue at run time: every sentence a person reads, by key, in each language. The texts
 * live in one JSON file per language beside this one (en.json, bn.json), ICU MessageFormat with named
 * arguments, edited by translators without touching code; keys are typed from the English file.
 *
 * Formatting is FormatJS's intl-messageformat (docs/decisions/0050): plurals through Intl.PluralRules,
 * `{n, number}` and `{d, date}` through Intl with the language's tag, so Bangla gets Bangla digits. The
 * server parses the ICU text on first use; the web build hands the browser the catalogue already parsed
 * (packages/shared/src/messages/compile.ts), so the browser never loads the parser.
 *
 * Which language `t` speaks is asked of a source: in the browser, the page's language; on the server,
 * the request's (the server's platform/locale.ts) or the render's (the web app's serverRender.tsx).
 * Mail goes out in its recipient's language through `translate`, which names the language itself.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from './en.json' with { type: 'json' };
import type blogEn from './blog.en.json';
import { defaultLocale, localeTags, type Locale } from './locales.js';

/**
 * Areas of long texts only one page shows (the blog's answers), in files of their own per language
 * (`blog.en.json`), loaded by that page rather than with every page.
 */
type AreaMessages = typeof blogEn;

export type MessageKey = keyof typeof en | keyof AreaMessages;

/** The values of a message's arguments, by name. */
export type MessageValues = Record<string, string | number | Date>;

/** One message: ICU text, or its parsed form when the web build compiled the catalogue. */
export type CatalogueEntry = string | MessageFormatElement[];
export type Catalogue = Readonly<Record<string, CatalogueEntry>>;

const catalogues: Partial<Record<Locale, Record<string, CatalogueEntry>>> = { en: { ...(en as Catalogue) } };

/** Loads a language's catalogue on demand (the English one is always there). */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  bn: () => import('./bn.json', { with: { type: 'json' } }) as Promise<{ default: Catalogue }>,
};

const loadedCores = new Set<Locale>([defaultLocale]);

/** Makes a language's messages available; before that they read as English. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (loadedCores.has(locale)) return;
  const { default: catalogue } = await loaders[locale as Exclude<Locale, 'en'>]();
  catalogues[locale] = { ...catalogue, ...catalogues[locale] };
  loadedCores.add(locale);
}

export type MessageArea = 'blog';

const areaLoaders: Record<MessageArea, Record<Locale, () => Promise<{ default: Catalogue }>>> = {
  blog: {
    en: () => import('./blog.en.json', { with: { type: 'json' } }) as Promise<{ default: Catalogue }>,
    bn: () => import('./blog.bn.json', { with: { type: 'json' } }) as Promise<{ default: Catalogue }>,
  },
};
const loadedAreas = new Set<string>();

/** Makes an area's messages available in a language (and in English, the fallback). */
export async function loadArea(area: MessageArea, locale: Locale): Promise<void> {
  await Promise.all(
    [...new Set([defaultLocale, locale])].map(async (language) => {
      const id = `${area}:${language}`;
      if (loadedAreas.has(id)) return;
      const { default: messages } = await areaLoaders[area][language]();
      catalogues[language] = { ...catalogues[language], ...messages };
      loadedAreas.add(id);
    }),
  );
}

export function hasCatalogue(locale: Locale): boolean {
  return loadedCores.has(locale);
}

// ---------- the current language ----------

let pageLocale: Locale = defaultLocale;
let localeSource: (() => Locale | undefined) | null = null;

/** The browser's language: one per page (switching reloads the page). */
export function setPageLocale(locale: Locale): void {
  pageLocale = locale;
}

/**
 * Where the server reads the language of the work in progress (a request, a render); when it says
 * nothing, the page's language (English on a server).
 */
export function setLocaleSource(source: () => Locale | undefined): void {
  localeSource = source;
}

export function currentLocale(): Locale {
  return localeSource?.() ?? pageLocale;
}

// ---------- formatting ----------

/** Text without ICU syntax needs no formatter; anything else goes through one, kept per language and key. */
const SYNTAX = /[{}']/;
const formatters = new Map<string, IntlMessageFormat>();

/** The message in this language, with its arguments; English where the language lacks it. */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const own = catalogues[locale]?.[key];
  const entryLocale = own === undefined ? defaultLocale : locale;
  const entry = own ?? catalogues.en![key];
  if (entry === undefined) return key;
  if (typeof entry === 'string' && !SYNTAX.test(entry)) return entry;
  const id = `${entryLocale}\u0000${key}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new IntlMessageFormat(entry, localeTags[entryLocale], undefined, { ignoreTag: true });
    formatters.set(id, formatter);
  }
  return String(formatter.format(values));
}

/** Whether the catalogue has this key (for names that may or may not have a message, like a category's). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogues.en!, key);
}

/** The message in the current language (see currentLocale). */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(currentLocale(), key, values);
}

// ---------- the catalogue by area, as the code has always read it ----------

type GroupKeys<P extends string> = {
  [K in MessageKey]: K extends `${P}.${infer Rest}` ? Rest : never;
}[MessageKey];

/** The messages under `prefix.` as properties, each read in the current language when it is read. */
export type MessageGroup<P extends string> = { readonly [K in GroupKeys<P>]: string };

/**
 * The messages of one area (`seller.productAdded` as `sellerMessages.productAdded`), each property
 * translated when read. Messages with arguments are given as functions in `withArguments`; new code may
 * as well call `t('area.key', { ... })`.
 */
export function messageGroup<
  P extends string,
  F extends Partial<Record<GroupKeys<P>, unknown>> = Record<never, never>,
>(prefix: P, withArguments?: F): Omit<MessageGroup<P>, keyof F> & F {
  const group = {} as Record<string, unknown>;
  const start = `${prefix}.`;
  for (const key of Object.keys(en) as MessageKey[]) {
    if (!key.startsWith(start)) continue;
    const name = key.slice(start.length);
    if (withArguments && name in withArguments) continue;
    Object.defineProperty(group, name, { enumerable: true, get: () => t(key) });
  }
  return Object.assign(group, withArguments) as Omit<MessageGroup<P>, keyof F> & F;
}

/** `messageGroup` as a record over a list of names (`reportReasonLabels[reason]`). */
export function messageRecord<N extends string>(
  prefix: string,
  names: readonly N[],
): Readonly<Record<N, string>> {
  const record = {} as Record<N, string>;
  for (const name of names) {
    Object.defineProperty(record, name, {
      enumerable: true,
      get: () => t(`${prefix}.${name}` as MessageKey),
    });
  }
  return record;
}
