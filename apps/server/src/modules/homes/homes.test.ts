/**
 * GET/PUT /api/my/home and the fit verdict a product page gives a buyer with a saved home.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fitHome,
  homeMessages,
  measureLimits,
  messages,
  type HomeProfile,
  type ProductPage,
} from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { insertProduct } from '../../../test/helpers/fixtures.js';
import { homeProfiles } from '../../platform/db/schema.js';

let ctx: TestContext;
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, otherBuyer, seller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller'),
  ]);
});
afterAll(() => ctx.close());

const frontDoor = { kind: 'door', name: 'Front door', widthMm: 760, heightMm: 2000 };
const stairs = { kind: 'stairs', name: 'Stairs', widthMm: '900' };
const lift = { kind: 'lift', name: 'Lift', widthMm: 800, heightMm: 2000, depthMm: 1400 };

describe('GET/PUT /api/my/home', () => {
  it('starts empty, saves the openings in order and gives them back, each buyer their own', async () => {
    const empty = await buyer.client.get('/api/my/home');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ openings: [] });

    const saved = await buyer.client.put('/api/my/home', { openings: [frontDoor, stairs, lift] });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: HomeProfile = {
      openings: [
        { ...frontDoor, kind: 'door', depthMm: null },
        { kind: 'stairs', name: 'Stairs', widthMm: 900, heightMm: null, depthMm: null },
        { ...lift, kind: 'lift' },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await buyer.client.get('/api/my/home')).json()).toEqual(expected);
    expect((await otherBuyer.client.get('/api/my/home')).json()).toEqual({ openings: [] });
    // What GET answers (nulls included) can be sent back as it is.
    const again = await buyer.client.put('/api/my/home', expected);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(expected);

    const cleared = await otherBuyer.client.put('/api/my/home', { openings: [] });
    expect(cleared.json()).toEqual({ openings: [] });
    expect((await buyer.client.get('/api/my/home')).json()).toEqual(expected);
  });

  it('refuses each bad opening with a 400 naming the field, keeping what was saved', async () => {
    const before = (await buyer.client.get('/api/my/home')).json();
    const cases: [unknown, string, string | RegExp][] = [
      [{ openings: [{ ...frontDoor, heightMm: undefined }] }, 'openings.0.heightMm', /door height|height/],
      [{ openings: [{ ...frontDoor, widthMm: -760 }] }, 'openings.0.widthMm', /whole millimetres/],
      [{ openings: [{ ...frontDoor, widthMm: 0 }] }, 'openings.0.widthMm', /whole millimetres/],
      [{ openings: [{ ...frontDoor, widthMm: 5001 }] }, 'openings.0.widthMm', /whole millimetres/],
      [{ openings: [{ ...frontDoor, widthMm: 'wide' }] }, 'openings.0.widthMm', /whole millimetres/],
      [{ openings: [frontDoor, { ...lift, depthMm: undefined }] }, 'openings.1.depthMm', /cabin depth/],
      [{ openings: [{ ...frontDoor, kind: 'window' }] }, 'openings.0.kind', homeMessages.chooseOpeningKind],
      [{ openings: [{ ...frontDoor, name: '  ' }] }, 'openings.0.name', /.+/],
      [{ openings: [{ ...frontDoor, colour: 'red' }] }, 'openings.0', /.+/],
      [{ openings: 'front door' }, 'openings', messages.required],
      [{}, 'openings', messages.required],
      [
        { openings: Array.from({ length: measureLimits.maxOpenings + 1 }, () => frontDoor) },
        'openings',
        homeMessages.tooManyOpenings(measureLimits.maxOpenings),
      ],
      [{ openings: [], userId: otherBuyer.id }, 'body', /.+/],
    ];
    for (const [body, field, message] of cases) {
      const res = await buyer.client.put('/api/my/home', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const fields = res.json().error.fields as Record<string, string>;
      const shown = fields[field] ?? Object.entries(fields).find(([key]) => key.startsWith(field))?.[1];
      if (typeof message === 'string') expect(shown, JSON.stringify(fields)).toBe(message);
      else expect(shown, JSON.stringify(fields)).toMatch(message);
    }
    expect((await buyer.client.get('/api/my/home')).json()).toEqual(before);
  });

  it('is for buyers: 401 signed out, 403 for a seller', async () => {
    const visitor = new TestClient(ctx.app);
    expect((await visitor.get('/api/my/home')).statusCode).toBe(401);
    expect((await visitor.put('/api/my/home', { openings: [] })).statusCode).toBe(401);
    expect((await seller.client.get('/api/my/home')).statusCode).toBe(403);
    expect((await seller.client.put('/api/my/home', { openings: [frontDoor] })).statusCode).toBe(403);
    const rows = await ctx.database.db.select().from(homeProfiles).where(eq(homeProfiles.userId, seller.id));
    expect(rows).toEqual([]);
  });
});

describe('the fit on a product page', () => {
  let tilted: string;
  let tooWide: string;
  let unmeasured: string;
  let fitter: TestUser;

  beforeAll(async () => {
    const db = ctx.database.db;
    // A sofa that passes a 76 cm door on its back, its diagonal depth across; one that passes no way.
    tilted = (
      await insertProduct(db, seller.id, { widthMm: 2100, depthMm: 900, heightMm: 850, diagonalDepthMm: 700 })
    ).id;
    tooWide = (await insertProduct(db, seller.id, { widthMm: 2000, depthMm: 950, heightMm: 900 })).id;
    unmeasured = (await insertProduct(db, seller.id)).id;
    fitter = await signUp(ctx.app, 'buyer');
    const res = await fitter.client.put('/api/my/home', { openings: [frontDoor] });
    expect(res.statusCode).toBe(200);
  });

  const page = async (client: TestClient, id: string): Promise<ProductPage> => {
    const res = await client.get(`/api/products/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('says "fits if tilted" and "too wide by 16 cm", per opening, as the shared function does', async () => {
    const sofa = await page(fitter.client, tilted);
    expect(sofa.fit).toEqual({
      verdict: 'fits_tilted',
      openings: [{ kind: 'door', name: 'Front door', verdict: 'fits_tilted', shortfall: null }],
    });
    const wide = await page(fitter.client, tooWide);
    expect(wide.fit).toEqual({
      verdict: 'wont_fit',
      openings: [
        { kind: 'door', name: 'Front door', verdict: 'wont_fit', shortfall: { dimension: 'width', mm: 160 } },
      ],
    });
    const door = { kind: 'door' as const, name: 'Front door', widthMm: 760, heightMm: 2000, depthMm: null };
    expect(wide.fit).toEqual(
      fitHome({ widthMm: 2000, depthMm: 950, heightMm: 900, diagonalDepthMm: null, comesApart: false }, [
        door,
      ]),
    );
  });

  it('gives no fit to a visitor, a seller, a buyer without a home, or for a piece not measured', async () => {
    expect((await page(new TestClient(ctx.app), tilted)).fit).toBeNull();
    expect((await page(seller.client, tilted)).fit).toBeNull();
    expect((await page(otherBuyer.client, tilted)).fit).toBeNull();
    const notMeasured = await page(fitter.client, unmeasured);
    expect(notMeasured.fit).toBeNull();
    expect(notMeasured.dimensions.widthMm).toBeNull();
  });
});
