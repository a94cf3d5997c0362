import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { TestClient, createTestApp, signUp, type TestContext } from '../../../../test/helpers/app.js';
import { LocalImageStore } from '../../images/local-store.js';
import { IMAGE_KEY_PATTERN } from '../../images/store.js';
import { mailOutbox, productPhotos, products, users } from '../schema.js';
import { DEMO_PASSWORD, demoAccounts, demoProducts } from './demo-data.js';
import { demoEvidence } from './demo-evidence.js';
import { seedDemoIfEmpty } from './demo.js';

/** Local files that can be made to fail after a number of writes: a seed stopped part way. */
class StoppingImageStore extends LocalImageStore {
  writesLeft = Infinity;
  override async put(key: string, data: Buffer): Promise<void> {
    if (this.writesLeft <= 0) throw new Error('stopped while seeding');
    this.writesLeft -= 1;
    await super.put(key, data);
  }
}

const demoEmails = demoAccounts.map((account) => account.email);

async function demoState(ctx: TestContext) {
  const { db } = ctx.app.database;
  const accounts = await db
    .select({ email: users.email, role: users.role, verified: users.verified })
    .from(users)
    .where(inArray(users.email, demoEmails));
  const [productCount] = await db.select({ n: count() }).from(products);
  const [photoCount] = await db.select({ n: count() }).from(productPhotos);
  return { accounts, products: productCount!.n, photos: photoCount!.n };
}

describe('demo data on the first start', () => {
  let ctx: TestContext;
  let store: StoppingImageStore;
  const uploads = mkdtempSync(path.join(tmpdir(), 'fm-demo-'));
  afterAll(() => rmSync(uploads, { recursive: true, force: true }));

  beforeAll(() => {
    store = new StoppingImageStore(uploads);
  });
  afterEach(async () => ctx?.close());

  it('finishes on the next start a seed that was stopped part way, with no half of it left between', async () => {
    ctx = await createTestApp({}, { images: store });
    store.writesLeft = 13;
    await expect(seedDemoIfEmpty(ctx.app)).rejects.toThrow('stopped while seeding');
    // Accounts are written first, each on its own; no product is in place without the rest.
    const stopped = await demoState(ctx);
    expect(stopped.accounts).toHaveLength(demoAccounts.length);
    expect(stopped.products).toBe(0);
    expect(stopped.photos).toBe(0);

    store.writesLeft = Infinity;
    expect(await seedDemoIfEmpty(ctx.app)).toBe(true);
    const seeded = await demoState(ctx);
    expect(seeded.products).toBe(demoProducts.length);
    expect(seeded.photos).toBe(demoProducts.length * 2);
    // Every good or fair piece shows its evidence: a close-up flaw photo with a caption and the checklist.
    const pieces = await ctx.app.database.db
      .select({
        condition: products.condition,
        checklist: products.checklist,
        caption: productPhotos.flawCaption,
      })
      .from(products)
      .innerJoin(productPhotos, eq(productPhotos.productId, products.id))
      .where(eq(productPhotos.position, 1));
    expect(pieces).toHaveLength(demoProducts.length);
    for (const piece of pieces) {
      const shown = piece.checklist !== null && piece.caption !== null;
      expect(shown, JSON.stringify(piece)).toBe(piece.condition !== 'excellent');
    }
    expect(Object.keys(demoEvidence).sort()).toEqual(
      demoProducts
        .filter((item) => item.condition !== 'excellent')
        .map((item) => item.title)
        .sort(),
    );
    expect(Object.fromEntries(seeded.accounts.map((a) => [a.email, [a.role, a.verified]]))).toEqual(
      Object.fromEntries(demoAccounts.map((a) => [a.email, [a.role, a.verified]])),
    );
    // The files stored are exactly those the products show: what the stopped seed stored was stored
    // again under the same keys, not left beside them.
    const rows = await ctx.app.database.db.select().from(productPhotos);
    const shown = rows.flatMap((row) => [row.displayKey, row.middleKey, row.thumbKey]);
    expect(new Set(shown).size).toBe(demoProducts.length * 2 * 3);
    expect(readdirSync(uploads).sort()).toEqual([...shown].sort());
    expect(shown.every((key) => IMAGE_KEY_PATTERN.test(key!))).toBe(true);

    // Complete now: a later start changes nothing.
    expect(await seedDemoIfEmpty(ctx.app)).toBe(false);
    expect(await demoState(ctx)).toEqual(seeded);

    // The demo addresses are not real: nothing is mailed to them, and they sign in with the demo password.
    const mails = await ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, demoEmails));
    expect(mails).toEqual([]);
    const signIn = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
      email: demoAccounts[0]!.email,
      password: DEMO_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('gives a demo account its role when a stop left it as a plain buyer', async () => {
    ctx = await createTestApp({}, { images: store });
    await signUp(ctx.app, 'buyer', { email: 'admin@furnituremart.test', name: 'Ayesha Admin' });

    expect(await seedDemoIfEmpty(ctx.app)).toBe(true);
    const [admin] = await ctx.app.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'admin@furnituremart.test'));
    expect(admin!.role).toBe('admin');
    expect((await demoState(ctx)).products).toBe(demoProducts.length);
  });

  it('leaves alone a database someone has signed up to', async () => {
    ctx = await createTestApp({}, { images: store });
    await signUp(ctx.app, 'seller');

    expect(await seedDemoIfEmpty(ctx.app)).toBe(false);
    const state = await demoState(ctx);
    expect(state.accounts).toHaveLength(0);
    expect(state.products).toBe(0);
  });
});
