import { useState } from 'react';
import { currentLocale, localeNames, locales, t, type Locale } from '@furniture-mart/shared';
import { request } from '../lib/api';

/**
 * The language switch of the top navigation and the footer: the other language, named in itself. The
 * choice is kept by the server (a cookie, and the account when signed in); the page then loads again,
 * so it arrives rendered in the new language.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const [switching, setSwitching] = useState(false);
  const current = currentLocale();
  const other: Locale = locales.find((locale) => locale !== current) ?? 'en';
  const choose = async () => {
    setSwitching(true);
    try {
      await request('/api/locale', { method: 'POST', body: { locale: other } });
      window.location.reload();
    } catch {
      setSwitching(false);
    }
  };
  return (
    <button
      type="button"
      lang={other === 'bn' ? 'bn-BD' : 'en'}
      className={`btn btn-ghost ${className}`}
      onClick={() => void choose()}
      disabled={switching}
      title={t('nav.languageSwitchTitle')}
      data-language-switch={other}
    >
      {localeNames[other]}
    </button>
  );
}
