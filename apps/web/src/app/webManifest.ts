/**
 * The web manifest of each language (`manifest.webmanifest`, `manifest.bn.webmanifest`), written by the
 * build (scripts/prerender.mjs) from the catalogue; each language's app page names its own.
 */
import { localeTags, translate, type Locale } from '@furniture-mart/shared';

export function manifestFile(locale: Locale): string {
  return locale === 'en' ? 'manifest.webmanifest' : `manifest.${locale}.webmanifest`;
}

export function webManifest(locale: Locale) {
  return {
    name: translate(locale, 'app.name'),
    short_name: translate(locale, 'app.shortName'),
    description: translate(locale, 'app.manifestDescription'),
    lang: localeTags[locale],
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#7c4a1e',
    background_color: '#fffcf7',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
