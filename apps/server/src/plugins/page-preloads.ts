/**
 * The web app loads each page's code only when its route is visited, which on a first visit means the
 * browser learns of that code only after the app's own script has downloaded and run. For an address
 * that names a page, the app page is sent with `modulepreload` links for that page's chunks, so they
 * download alongside the app instead of after it. Which files make up a page comes from the build's
 * manifest (Vite's `build.manifest`).
 *
 * Pages the build rendered ahead (dist/prerendered/<page>.html: login and sign-up, the same for every
 * visitor) are sent instead of the empty app page to visitors, so they show before any script runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Addresses of the web app's router and the page module each one loads (apps/web/src/app/router.tsx). */
export const pageModules: readonly { pattern: RegExp; module: string; prerendered?: boolean }[] = [
  { pattern: /^\/login$/, module: 'src/features/auth/pages/LoginPage.tsx', prerendered: true },
  { pattern: /^\/signup$/, module: 'src/features/auth/pages/SignUpPage.tsx', prerendered: true },
  { pattern: /^\/blog$/, module: 'src/features/catalogue/pages/BlogPage.tsx' },
  { pattern: /^\/search$/, module: 'src/features/catalogue/pages/SearchPage.tsx' },
  { pattern: /^\/categories\/[^/]+$/, module: 'src/features/catalogue/pages/CategoryPage.tsx' },
  { pattern: /^\/dashboard$/, module: 'src/features/dashboard/pages/DashboardHomePage.tsx' },
  { pattern: /^\/dashboard\/myOrders$/, module: 'src/features/buyer/pages/MyOrdersPage.tsx' },
  { pattern: /^\/dashboard\/payment\/[^/]+$/, module: 'src/features/payments/pages/PaymentPage.tsx' },
  { pattern: /^\/dashboard\/myProducts$/, module: 'src/features/seller/pages/MyProductsPage.tsx' },
  { pattern: /^\/dashboard\/addProduct$/, module: 'src/features/seller/pages/AddProductPage.tsx' },
  { pattern: /^\/dashboard\/allSellers$/, module: 'src/features/admin/pages/AllSellersPage.tsx' },
  { pattern: /^\/dashboard\/allBuyers$/, module: 'src/features/admin/pages/AllBuyersPage.tsx' },
  { pattern: /^\/dashboard\/allReport$/, module: 'src/features/admin/pages/ReportedItemsPage.tsx' },
  { pattern: /^\/dashboard\/activity$/, module: 'src/features/admin/pages/ActivityPage.tsx' },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PagePreloads {
  /**
   * The app page for this address: rendered ahead for a visitor when the build did, with preload links
   * when it names a page, else as built. Someone signed in sees another header, so never gets a page
   * rendered for visitors.
   */
  pageFor(pathname: string, visitor?: boolean): string;
  /** The modules of the manifest this server knows pages for (for tests). */
  readonly manifest: Manifest | null;
}

export function loadPagePreloads(root: string): PagePreloads {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : null;
  const pages = new Map<string, string>();
  const prerenderedDir = path.join(root, 'prerendered');
  const prerendered = (pathname: string): string | null => {
    const file = path.join(prerenderedDir, `${pathname.slice(1)}.html`);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };

  /** Every chunk a module needs, in order, following static imports. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest?.[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = manifest ? Object.keys(manifest).find((key) => manifest[key]!.isEntry) : undefined;
  // index.html already names the entry's chunks.
  const alreadyLoaded = entry ? closure(entry) : new Set<string>();

  function pageWithPreloads(module: string, base: string): string {
    if (!manifest?.[module]) return base;
    // A page rendered ahead paints without its scripts: they load behind what it needs to paint.
    const priority = base === indexHtml ? '' : ' fetchpriority="low"';
    const links: string[] = [];
    for (const key of closure(module)) {
      if (alreadyLoaded.has(key)) continue;
      const chunk = manifest[key]!;
      links.push(`<link rel="modulepreload"${priority} crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? []) links.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
    return links.length === 0 ? base : base.replace('</head>', `${links.join('')}</head>`);
  }

  return {
    manifest,
    pageFor(pathname, visitor = false) {
      const page = pageModules.find(({ pattern }) => pattern.test(pathname));
      if (!page) return indexHtml;
      const ahead = visitor && page.prerendered;
      const key = `${page.module}${ahead ? ':visitor' : ''}`;
      let html = pages.get(key);
      if (html === undefined) {
        const base = (ahead && prerendered(pathname)) || indexHtml;
        pages.set(key, (html = pageWithPreloads(page.module, base)));
      }
      return html;
    },
  };
}
