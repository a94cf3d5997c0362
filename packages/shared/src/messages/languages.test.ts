import { describe, expect, it } from 'vitest';
import enCore from './en.json' with { type: 'json' };
import bnCore from './bn.json' with { type: 'json' };
import enBlog from './blog.en.json' with { type: 'json' };
import bnBlog from './blog.bn.json' with { type: 'json' };
import { compileCatalogue, messageArguments, serverOnlyAreas } from './compile.js';
import { cancelReasonLabel, cancelReasons, cancelSaleReason, messages } from './common.js';
import { sellerMessages } from './seller.js';
import { localeFromCookie, negotiateLocale, toLocale } from './locales.js';
import {
  loadArea,
  loadCatalogue,
  setLocaleSource,
  t,
  translate,
  type Catalogue,
  type MessageKey,
  type MessageValues,
} from './runtime.js';

/** Every file of a language: its catalogue and the areas loaded by one page (the blog). */
const english: Record<string, string> = { ...enCore, ...enBlog };
const bangla: Record<string, string> = { ...bnCore, ...bnBlog };

/** Bangla that is rightly the same as the English: the brand and what is not words. */
const sameInBothLanguages = new Set<string>([
  'mail.signature',
  'app.shortName',
  'app.title',
  'app.pageTitle',
  'product.sizeSeparator',
  'listing.atLeast',
  'photos.percent',
  'fit.length',
  'productPage.shareDescription',
]);

/** A value of the right kind for each argument, so every message can be formatted. */
function sampleValues(key: string, text: string): MessageValues {
  const values: MessageValues = {};
  for (const argument of messageArguments(key, text)) {
    const [name, kind] = argument.split(':') as [string, string];
    values[name] = kind === 'plural' || kind === 'number' ? 2 : kind === 'date' ? new Date(0) : 'x';
  }
  return values;
}

describe('the catalogue in every language', () => {
  it('has every key in English and in Bangla, and no other', () => {
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
  });

  it('gives each message the same arguments, of the same kinds, in both languages', () => {
    for (const key of Object.keys(english)) {
      expect(messageArguments(key, bangla[key]!), key).toEqual(messageArguments(key, english[key]!));
    }
  });

  it('translates every message into Bangla', () => {
    const untranslated = Object.keys(english).filter(
      (key) => !sameInBothLanguages.has(key) && bangla[key] === english[key],
    );
    expect(untranslated).toEqual([]);
  });

  it('formats every message the same from its text (server) and from its compiled form (browser)', async () => {
    await loadCatalogue('bn');
    await loadArea('blog', 'bn');
    for (const [locale, source] of [
      ['en', english],
      ['bn', bangla],
    ] as const) {
      const compiled: Catalogue = compileCatalogue(source);
      for (const [key, text] of Object.entries(source)) {
        const values = sampleValues(key, text);
        const fromText = translate(locale, key as MessageKey, values);
        const entry = compiled[key]!;
        if (typeof entry === 'string') expect(entry, key).toBe(fromText);
        else expect(Array.isArray(entry), key).toBe(true);
      }
    }
  });

  it('leaves the server-only areas out of the browser catalogue', () => {
    const compiled = compileCatalogue(english, serverOnlyAreas);
    expect(Object.keys(compiled).some((key) => key.startsWith('mail.'))).toBe(false);
    expect(compiled['common.required']).toBe('this field is required');
  });
});

describe('messages in the language being read', () => {
  it('keeps the specification English verbatim', () => {
    expect(translate('en', 'common.required')).toBe('this field is required');
    expect(translate('en', 'common.confirmDeleteSeller')).toBe(
      'Are you sure you want to delete this seller? this sellers products also delete!',
    );
  });

  it('reads each property in the language of the moment', async () => {
    await loadCatalogue('bn');
    let locale: 'en' | 'bn' = 'bn';
    setLocaleSource(() => locale);
    try {
      expect(messages.required).toBe('এই ঘরটি পূরণ করা আবশ্যক');
      expect(sellerMessages.productUpdated).toBe('আপনার পরিবর্তন সংরক্ষণ হয়েছে।');
      locale = 'en';
      expect(messages.required).toBe('this field is required');
    } finally {
      setLocaleSource(() => undefined);
    }
  });

  it('counts with real plurals and writes numbers in the language', async () => {
    await loadCatalogue('bn');
    expect(translate('en', 'common.atMostCharacters', { max: 1 })).toBe('Use at most 1 character.');
    expect(translate('en', 'common.atMostCharacters', { max: 1200 })).toBe('Use at most 1200 characters.');
    expect(translate('bn', 'common.atMostCharacters', { max: 1200 })).toBe('সর্বোচ্চ ১২০০ অক্ষর লিখুন।');
    expect(translate('bn', 'listing.count', { total: 1234 })).toBe('১,২৩৪টি পণ্য');
    expect(translate('en', 'listing.count', { total: 1 })).toBe('1 piece');
    expect(messages.signInLimitReached(1)).toBe(
      'Too many failed sign-in attempts. Please wait 1 minute and try again.',
    );
  });

  it('falls back to English for a language whose catalogue is not loaded', () => {
    expect(t('common.backToHome')).toBe('Back to Home');
  });

  it('loads an area of long texts on demand, in the language and in English', async () => {
    await loadArea('blog', 'bn');
    expect(translate('bn', 'blog.title')).toBe('আমাদের ব্লগ');
    expect(translate('en', 'blog.title')).toBe('Our Blog');
  });

  it('shows stored cancel reasons in the reader’s language, the seller’s own words as written', async () => {
    await loadCatalogue('bn');
    expect(cancelReasonLabel(cancelReasons.soldToAnother, 'bn')).toBe('অন্য ক্রেতার কাছে বিক্রি হয়ে গেছে');
    expect(cancelReasonLabel(cancelSaleReason('broken leg'), 'bn')).toBe(
      'বিক্রেতা বিক্রি বাতিল করেছেন: broken leg',
    );
    expect(cancelReasonLabel(cancelSaleReason('broken leg'), 'en')).toBe(
      'sale cancelled by the seller: broken leg',
    );
    expect(cancelReasonLabel('something else', 'bn')).toBe('something else');
  });
});

describe('choosing a language', () => {
  it.each([
    ['bn-BD,bn;q=0.9,en;q=0.8', 'bn'],
    ['en-GB,en;q=0.9,bn;q=0.8', 'en'],
    ['fr-FR,bn;q=0.5', 'bn'],
    ['en;q=0.2,bn;q=0.9', 'bn'],
    ['bn;q=0', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('reads Accept-Language %j as %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('reads the cookie, and an unknown code there as English', () => {
    expect(localeFromCookie('a=1; fm_locale=bn; b=2')).toBe('bn');
    expect(localeFromCookie('fm_locale=xx')).toBe('en');
    expect(localeFromCookie('other=bn')).toBeUndefined();
    expect(toLocale('klingon')).toBe('en');
  });
});
