/**
 * The listing filter "fits my home" (fits=1): the SQL keeps exactly the pieces the shared fitHome says
 * pass every opening, counted like the other filters, for doors, stairs and lifts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fitHome,
  homeMessages,
  type HomeProfileRequest,
  type Opening,
  type ProductCardPage,
} from '@furniture-mart/shared';
import type {
  TestClient} from '../../../test/helpers/app.js';
import {
  createTestApp,
  signUp,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { insertProduct } from '../../../test/helpers/fixtures.js';
import { categories } from '../../platform/db/schema.js';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;
let studyId: string;

interface Piece {
  id: string;
  widthMm: number | null;
  depthMm: number | null;
  heightMm: number | null;
  diagonalDepthMm: number | null;
  comesApart: boolean;
}
const pieces: Piece[] = [];

/** A small deterministic generator, so every run lists the same pieces. */
function* sizes(): Generator<number> {
  let seed = 42;
  for (;;) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    yield 300 + (seed % 2000);
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  [seller, buyer] = await Promise.all([signUp(ctx.app, 'seller'), signUp(ctx.app, 'buyer')]);
  const [study] = await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, 'study-room'));
  studyId = study!.id;
  const next = sizes();
  const take = () => next.next().value as number;
  for (let index = 0; index < 40; index++) {
    const depthMm = take();
    const measured = index % 10 !== 9;
    const piece = {
      widthMm: measured ? take() : null,
      depthMm: measured ? depthMm : null,
      heightMm: measured ? take() : 800,
      diagonalDepthMm: index % 3 === 0 ? Math.max(1, depthMm - 250) : null,
      comesApart: index % 7 === 0,
    };
    const { id } = await insertProduct(ctx.database.db, seller.id, { ...piece, categoryId: studyId });
    pieces.push({ id, ...piece });
  }
});
afterAll(() => ctx.close());

async function listing(client: TestClient, url: string): Promise<ProductCardPage> {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return 'products' in body ? body.products : body;
}

/** The ids the shared function passes through every opening. */
function expectedIds(openings: Opening[]): string[] {
  return pieces
    .filter((piece) => {
      const { widthMm, depthMm, heightMm } = piece;
      if (widthMm === null || depthMm === null || heightMm === null) return false;
      const fit = fitHome({ ...piece, widthMm, depthMm, heightMm }, openings);
      return fit.openings.every((opening) => opening.verdict !== 'wont_fit');
    })
    .map((piece) => piece.id)
    .sort();
}

const homes: [string, HomeProfileRequest][] = [
  ['a 76 cm front door', { openings: [{ kind: 'door', name: 'Front door', widthMm: 760, heightMm: 2000 }] }],
  [
    'a door, narrow stairs without headroom and a lift',
    {
      openings: [
        { kind: 'door', name: 'Front door', widthMm: 800, heightMm: 2030 },
        { kind: 'stairs', name: 'Stairs', widthMm: 900 },
        { kind: 'lift', name: 'Lift', widthMm: 800, heightMm: 2000, depthMm: 1400 },
      ],
    },
  ],
  [
    'a small lift and low stairs',
    {
      openings: [
        { kind: 'lift', name: 'Lift', widthMm: 700, heightMm: 1900, depthMm: 1100 },
        { kind: 'stairs', name: 'Stairs', widthMm: 1000, heightMm: 1500 },
      ],
    },
  ],
];

describe('GET ... ?fits=1', () => {
  it.each(homes)('with %s keeps exactly the pieces fitHome passes, and counts them', async (_name, home) => {
    const saved = await buyer.client.put('/api/my/home', home);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = expectedIds(saved.json().openings);
    // Neither everything nor nothing, or the comparison would prove little.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(pieces.length);

    const category = await listing(buyer.client, `/api/categories/study-room?fits=1&pageSize=100`);
    expect(category.items.map((item) => item.id).sort()).toEqual(expected);
    expect(category.total).toBe(expected.length);

    const search = await listing(buyer.client, `/api/products?fits=1&category=study-room&pageSize=100`);
    expect(search.items.map((item) => item.id).sort()).toEqual(expected);
    expect(search.total).toBe(expected.length);

    // With other filters, and a page at a time.
    const firstPage = await listing(
      buyer.client,
      `/api/categories/study-room?fits=1&pageSize=5&sort=price_asc`,
    );
    expect(firstPage.total).toBe(expected.length);
    expect(firstPage.items).toHaveLength(Math.min(5, expected.length));
  });

  it('without the filter lists every piece', async () => {
    const all = await listing(buyer.client, `/api/categories/study-room?pageSize=100`);
    expect(all.total).toBe(pieces.length);
  });

  it('refuses fits=1 without a saved home, and any other value', async () => {
    const homeless = await signUp(ctx.app, 'buyer');
    const seller2 = await signUp(ctx.app, 'seller');
    for (const client of [homeless.client, seller2.client]) {
      const res = await client.get('/api/categories/study-room?fits=1');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ fits: homeMessages.filterNeedsHome });
    }
    const bad = await buyer.client.get('/api/products?fits=yes');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['fits']);
  });
});
