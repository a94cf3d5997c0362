/**
 * Pages the build rendered ahead (dist/prerendered/<page>.html: login and sign-up, the same for every
 * visitor) are sent to visitors instead of the empty app page, so they show before any script runs.
 * The app hydrates such a page only once that page's own chunk has loaded, so the page names its
 * chunks with `modulepreload` links (from the build manifest, Vite's `build.manifest`); they load at
 * low priority, behind the styles the page needs to paint.
 *
 * Pages rendered in the browser get no such links: preloading their chunks measured worse on a
 * throttled phone (the app and the page then run as one long task before anything shows).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Addresses rendered at build time (apps/web/src/prerender.tsx) and the page module each one loads. */
export const pagesRenderedAhead: readonly { pathname: string; module: string }[] = [
  { pathname: '/login', module: 'src/features/auth/pages/LoginPage.tsx' },
  { pathname: '/signup', module: 'src/features/auth/pages/SignUpPage.tsx' },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface AppPages {
  /**
   * The app page for this address: rendered ahead when the build did and the request is a visitor's
   * (someone signed in sees another header), else the page as built.
   */
  pageFor(pathname: string, visitor: boolean): string;
}

export function loadAppPages(root: string): AppPages {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : {};

  /** Every chunk a module needs, following static imports. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // The page as built already names the entry's chunks.
  const alreadyLoaded = entry ? closure(entry) : new Set<string>();

  function withPreloads(page: string, module: string): string {
    const links: string[] = [];
    for (const key of closure(module)) {
      if (alreadyLoaded.has(key)) continue;
      const chunk = manifest[key]!;
      links.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? []) links.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
    return page.replace('</head>', `${links.join('')}</head>`);
  }

  const ahead = new Map<string, string>();
  for (const { pathname, module } of pagesRenderedAhead) {
    const file = path.join(root, 'prerendered', `${pathname.slice(1)}.html`);
    if (existsSync(file)) ahead.set(pathname, withPreloads(readFileSync(file, 'utf8'), module));
  }

  return {
    pageFor: (pathname, visitor) => (visitor && ahead.get(pathname)) || indexHtml,
  };
}
