/**
 * Every page of the web app's page table, rendered on the server in Bangla with real data (the web
 * build's server-side bundle, reading this app's API), holds no English word a person would read:
 * outside the allow-list (the brand, names of people and products, email addresses, the names of the
 * software the blog talks about), every word a page shows or its labels say is Bangla.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale, Me } from '@furniture-mart/shared';
import type { ApiFetch, RenderedPage } from '@furniture-mart/shared/render';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../test/helpers/app.js';
import {
  firstCategoryId,
  insertBooking,
  insertProduct,
  insertReport,
  markPaid,
} from '../../test/helpers/fixtures.js';
import { webDistDir } from '../paths.js';
import { fetchInProcess, readPageTable } from './app-pages.js';

interface CompleteRenderer {
  renderComplete(url: URL, me: Me | null, fetchApi: ApiFetch, locale: Locale): Promise<RenderedPage | null>;
}

let ctx: TestContext;
let renderer: CompleteRenderer;
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};
const mes = new Map<TestUser, Me>();

/** Words that are rightly Latin on a Bangla page. */
const allowed = new Set(
  [
    // the brand, and the language switch naming English in English (lang="en")
    'English',
    'Furniture',
    'Mart',
    // software and formats the pages name
    'React',
    'Angular',
    'Vue',
    'JavaScript',
    'TypeScript',
    'JSX',
    'HTML',
    'HTTP',
    'RxJS',
    'Next',
    'js',
    'Router',
    'TanStack',
    'Query',
    'SWR',
    'RTK',
    'Redux',
    'Toolkit',
    'Zustand',
    'Jotai',
    'MobX',
    'Hook',
    'Form',
    'Vitest',
    'Jest',
    'Testing',
    'Library',
    'Pinia',
    'Evan',
    'You',
    'Meta',
    'Google',
    'Context',
    'URL',
    'props',
    'signals',
    'JPEG',
    'PNG',
    'WebP',
    'MM',
    'YY',
    // partners' names (their logos)
    'Oakline',
    'Movers',
    'Grainwell',
    'Restorers',
    'Hearth',
    'and',
    'Home',
    'Cleaning',
    'Loomcraft',
    'Upholstery',
  ].map((word) => word.toLowerCase()),
);

/** The words a person reads on a page: its text and what its labels, titles and alternatives say. */
function readableWords(html: string): string[] {
  const attributes = [
    ...html.matchAll(/\s(?:aria-label|aria-roledescription|alt|title|placeholder)="([^"]*)"/g),
  ]
    .map((match) => match[1]!)
    .join(' ');
  const text = html
    .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/g, ' ')
    // Code in the blog is code, not words.
    .replace(/<code\b[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return (
    `${text} ${attributes}`
      .replace(/&#x27;|&#39;|&quot;|&amp;|&lt;|&gt;|&nbsp;/g, ' ')
      .replace(/[\w.+-]+@[\w.-]+/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      .match(/[A-Za-z]{2,}/g) ?? []
  );
}

function englishWords(html: string, names: string[]): string[] {
  const fromNames = new Set(
    names.flatMap((name) => name.match(/[A-Za-z]{2,}/g) ?? []).map((w) => w.toLowerCase()),
  );
  return [
    ...new Set(
      readableWords(html).filter(
        (word) => !allowed.has(word.toLowerCase()) && !fromNames.has(word.toLowerCase()),
      ),
    ),
  ];
}

async function meOf(user: TestUser): Promise<Me> {
  let me = mes.get(user);
  if (!me) {
    me = (await user.client.get('/api/me')).json() as Me;
    mes.set(user, me);
  }
  return me;
}

beforeAll(async () => {
  const bundle = path.join(webDistDir, '..', 'dist-ssr', 'serverRender.js');
  if (!existsSync(bundle)) throw new Error('the web app is not built');
  renderer = (await import(pathToFileURL(bundle).href)) as CompleteRenderer;
  ctx = await createTestApp({ CURRENCY: 'BDT' });
  [buyer, seller, admin] = await Promise.all([
    signUp(ctx.app, 'buyer', { name: 'Rahim Uddin' }),
    signUp(ctx.app, 'seller', { name: 'Karim Sheikh', verified: true }),
    signUp(ctx.app, 'admin', { name: 'Nasrin Akter' }),
  ]);
  const db = ctx.app.database.db;
  const bedRoom = await firstCategoryId(db);
  const values = { categoryId: bedRoom, currency: 'BDT', description: 'সেগুন কাঠের মজবুত খাট।' };
  const [listed, booked, paid] = await Promise.all([
    insertProduct(db, seller.id, {
      ...values,
      title: 'সেগুন কাঠের খাট',
      advertised: true,
      sellingPriceCents: 12_500_000,
    }),
    insertProduct(db, seller.id, { ...values, title: 'কাঠের আলমারি' }),
    insertProduct(db, seller.id, { ...values, title: 'ডাইনিং টেবিল' }),
  ]);
  ids.product = listed.id;
  const meeting = { meetingLocation: 'মিরপুর ১০ গোলচত্বর' };
  ids.payment = await insertBooking(db, booked.id, buyer.id, meeting);
  ids.order = await insertBooking(db, paid.id, buyer.id, meeting);
  await markPaid(db, ids.order);
  ids.seller = seller.id;
  await buyer.client.post(`/api/favourites/${listed.id}`);
  await insertReport(db, {
    productId: listed.id,
    reporterId: buyer.id,
    reason: 'scam',
    details: 'ছবি মেলে না',
  });
  await admin.client.post(`/api/admin/sellers/${seller.id}/verify`);
});
afterAll(() => ctx?.close());

/** An address of the pattern, with this world's ids. */
function addressOf(pattern: string): string {
  return pattern
    .replace('/categories/:id', '/categories/bed-room')
    .replace('/products/:id/edit', `/products/${ids.product}/edit`)
    .replace('/products/:id', `/products/${ids.product}`)
    .replace('/sellers/:id', `/sellers/${ids.seller}`)
    .replace('/orders/:id', `/orders/${ids.order}`)
    .replace('/payment/:id', `/payment/${ids.payment}`)
    .replace('/reset-password', '/reset-password?token=from-the-mail');
}

function viewerFor(pattern: string, access: string): TestUser | null {
  if (pattern.startsWith('/dashboard/orders/')) return buyer;
  if (access === 'seller') return seller;
  if (access === 'admin') return admin;
  if (access === 'public') return null;
  return buyer;
}

describe('every page in Bangla', () => {
  it('has pages to check', () => {
    expect(readPageTable(webDistDir).length).toBeGreaterThan(20);
  });

  for (const page of existsSync(path.join(webDistDir, 'pages.json')) ? readPageTable(webDistDir) : []) {
    it(`${page.path} shows no English word`, async () => {
      const viewer = viewerFor(page.path, page.access);
      const me = viewer ? await meOf(viewer) : null;
      const url = new URL(addressOf(page.path), 'http://localhost');
      const fetchApi = fetchInProcess(ctx.app, viewer?.client.cookie ?? '');
      const rendered = await renderer.renderComplete(url, me, fetchApi, 'bn');
      expect(rendered, 'rendered').not.toBeNull();
      // What a person reads: structured data for search engines (JSON-LD) is no text of the page.
      const html = `${rendered!.title}${rendered!.html}`.replace(/<script\b[\s\S]*?<\/script>/g, ' ');
      // The page itself, not a guard's way to sign in or an error.
      expect(html).not.toContain('role="alert"');
      const names = [buyer, seller, admin].map((user) => user.name);
      const english = englishWords(html, names);
      const where = english.map(
        (word) => html.replace(/<[^>]+>/g, ' ').match(new RegExp(`.{0,40}\\b${word}\\b.{0,40}`))?.[0] ?? word,
      );
      expect(english, where.join(' | ')).toEqual([]);
      // Numbers (prices, counts, dates) in Bangla digits: none in Latin ones outside ids and addresses.
      const visible = html.replace(/<code\b[\s\S]*?<\/code>/g, ' ').replace(/<[^>]+>/g, ' ');
      expect(visible.match(/(?<![\w.@/-])\d+(?![\w@])/g) ?? [], 'Latin digits').toEqual([]);
    });
  }

  it('checks English the same way, so the check can fail', async () => {
    const rendered = await renderer.renderComplete(
      new URL('/blog', 'http://localhost'),
      null,
      fetchInProcess(ctx.app),
      'en',
    );
    expect(englishWords(rendered!.html, [])).toContain('Blog');
  });
});
