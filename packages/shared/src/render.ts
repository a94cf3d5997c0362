/**
 * What the web build hands the server: the page table it wrote (`dist/pages.json`), the pages it
 * rendered ahead (`dist/prerendered/`), and its server-side bundle (`dist-ssr/serverRender.js`), which
 * renders pages per request. The web app declares its pages once (apps/web/src/app/pages.tsx); the
 * server reads only this output, never the web app's source.
 */
import type { Locale, Me } from './index.js';

/**
 * A readable, non-secret cookie that tells the web app whether to ask who is signed in (decision
 * 0005). The server keeps it in step with the session; the browser only reads it.
 */
export const SIGNED_IN_HINT = 'fm_signed_in';

/**
 * Who may see a page; anyone else is sent to sign in. `catalogue`: people signed in, or anyone when the
 * shop opens its catalogue (CATALOGUE_ACCESS=public, told by GET /api/config).
 */
export type PageAccess = 'public' | 'catalogue' | 'signed-in' | 'buyer' | 'seller' | 'admin';

/** One address of the sitemap, with when what it shows last changed (ISO date) when that is known. */
export interface SitemapAddress {
  path: string;
  lastmod?: string;
}

/** What a page rendered per request came to: the page, no such thing to show (404), or not here. */
export type RenderOutcome = RenderedPage | 'not-found' | null;

/**
 * How a page first reaches the browser: rendered by the build (`ahead`, the same for every visitor),
 * by the server per request with its data (`request`), or only in the browser (`browser`).
 */
export type PageRendering = 'ahead' | 'request' | 'browser';

/** One page of the table the web build writes. */
export interface BuiltPage {
  /** The address pattern, as the router reads it: `/categories/:id`; `:name` stands for one segment. */
  path: string;
  access: PageAccess;
  rendering: PageRendering;
  /** The key of the page's own module in the build manifest; absent when it ships with the app. */
  module?: string;
  /** Listed in the sitemap (a pattern with parameters: each of its addresses the renderer lists). */
  sitemap: boolean;
}

export interface BuiltPageTable {
  pages: BuiltPage[];
}

/** Where the web build writes the page table, relative to its output folder. */
export const PAGE_TABLE_FILE = 'pages.json';

/** Where the web build writes a page rendered ahead, relative to its output folder: one per language. */
export function prerenderedFile(pathname: string, locale: Locale = 'en'): string {
  const name = pathname === '/' ? 'index' : pathname.slice(1).replaceAll('/', '_');
  return `prerendered/${locale === 'en' ? '' : `${locale}/`}${name}.html`;
}

/**
 * The app page as built in a language (`index.html` is English): its `<html lang>`, title, description,
 * web manifest and, for Bangla, the preloaded Bengali font. The server sends it for pages rendered in
 * the browser, and fills it with the pages it renders.
 */
export function appPageFile(locale: Locale): string {
  return locale === 'en' ? 'index.html' : `index.${locale}.html`;
}

/** A section's shell (the dashboard's layout with skeletons) in a language. */
export function shellFile(section: string, locale: Locale): string {
  return `prerendered/${locale === 'en' ? '' : `${locale}/`}${section}.shell.html`;
}

/** A page rendered outside the browser. */
export interface RenderedPage {
  /** The page's own <title> element, for the head. */
  title: string;
  /** Other elements React hoists to the head (preloads of the images the page shows first). */
  head: string;
  /** What goes inside #root. */
  html: string;
  /** The state it was rendered with, as JSON that is safe inside a <script> element. */
  state: string;
}

/** Answers an API call (always a GET) on the server, as the browser it renders for would get it. */
export type ApiFetch = (path: string) => Promise<Response>;

/** What the web app's server-side bundle exports for the server. */
export interface PageRenderer {
  /**
   * The page at `url` with its data, for this viewer; `not-found` when what it shows does not exist (its
   * API read answered 404); null when it is not rendered per request, is for members only and no one is
   * signed in, or its data could not all be read.
   */
  renderWithData(url: URL, me: Me | null, fetchApi: ApiFetch, locale: Locale): Promise<RenderOutcome>;
  /** The app page as built (index.html) with a rendered page in it. */
  pageHtml(template: string, page: RenderedPage): string;
  /** Every address of a sitemap page with parameters (`/categories/:id`), read through the API. */
  sitemapAddresses(pattern: string, fetchApi: ApiFetch): Promise<SitemapAddress[]>;
}
