/**
 * Demo data: accounts for every role and about thirty products with photos. Seeded on the first start of
 * an empty embedded database outside production, and by `npm run db:seed` on demand; never in production.
 */
import { count, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { accounts, categories, productPhotos, products, users } from '../schema.js';
import { advisoryLocks } from '../client.js';
import { processImage } from '../../images/pipeline.js';
import { photoFileColumns, photoFiles, stablePhotoFileKeys } from '../../images/photo-files.js';
import { closeUpSvg, furnitureSvg, palettes } from './illustrations.js';
import { areasOf, findDistrict } from '@furniture-mart/shared/places';
import { DEMO_PASSWORD, demoAccounts, demoProducts, type DemoProduct } from './demo-data.js';
import { checklistOf, demoEvidence } from './demo-evidence.js';

/**
 * Seeds a database nobody has used yet: one with no accounts but the demo's, where the demo's products
 * are not in place. A first start stopped while seeding (Ctrl-C, a crash) therefore leaves no half of a
 * demo behind for good: the next start finishes it. Under an advisory lock (with seedDemo), so instances
 * started together, or two seeding commands, take turns and the later ones find the data in place.
 */
export async function seedDemoIfEmpty(app: FastifyInstance, onSeeding?: () => void): Promise<boolean> {
  return app.database.withLock(advisoryLocks.demoSeed, async () => {
    const { db } = app.database;
    const demoEmails = demoAccounts.map((account) => account.email);
    const [others] = await db.select({ n: count() }).from(users).where(notInArray(users.email, demoEmails));
    if ((others?.n ?? 0) > 0 || (await demoProductsInPlace(app))) return false;
    onSeeding?.();
    await seedDemoUnlocked(app);
    return true;
  });
}

export async function seedDemo(app: FastifyInstance): Promise<void> {
  await app.database.withLock(advisoryLocks.demoSeed, () => seedDemoUnlocked(app));
}

async function demoProductsInPlace(app: FastifyInstance): Promise<boolean> {
  const sellerEmails = demoAccounts.filter((account) => account.role === 'seller').map((a) => a.email);
  const [row] = await app.database.db
    .select({ n: count() })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(inArray(users.email, sellerEmails));
  return (row?.n ?? 0) > 0;
}

/**
 * Accounts first (through sign-up, which commits on its own), then their roles and every product in one
 * transaction: the products are all there or none are, and an account left as a plain buyer by a stop
 * gets its role on the next run. Photo files are stored before that transaction, under keys named for
 * the product and its seller's account: a stop leaves no product without its photos, and the next run
 * stores the same files again over those it left, not beside them.
 */
async function seedDemoUnlocked(app: FastifyInstance): Promise<void> {
  if (app.config.NODE_ENV === 'production') throw new Error('Demo data is never seeded in production.');
  const { db } = app.database;
  const ids = await ensureAccounts(app);
  const productsNeeded = !(await demoProductsInPlace(app));

  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const now = Date.now();
  const pieces: { item: DemoProduct; index: number; categoryId: string; photos: StoredPhoto[] }[] = [];
  for (const [index, item] of demoProducts.entries()) {
    const categoryId = categoryBySlug.get(item.category);
    if (!productsNeeded || !categoryId) continue;
    // A good or fair piece's second photo is a close-up of its flaw (demo-evidence.ts).
    const evidence = demoEvidence[item.title];
    const photos = await Promise.all(
      [0, 1].map((variant) =>
        storeIllustration(
          app,
          item.piece,
          (index + variant * 3) % palettes.length,
          `demo-photo:${ids[item.seller]}:${index}:${variant}`,
          variant === 1 && evidence !== undefined,
        ),
      ),
    );
    pieces.push({ item, index, categoryId, photos });
  }

  await db.transaction(async (tx) => {
    // Admin and verification are granted here the same way an operator would: directly, server-side.
    // The demo addresses receive no mail, so they are not asked to confirm them.
    for (const account of demoAccounts) {
      await tx
        .update(users)
        .set({ role: account.role, verified: account.verified, emailVerified: true })
        .where(eq(users.id, ids[account.key]!));
    }
    for (const { item, index, categoryId, photos } of pieces) {
      // Spread post dates over the past weeks so "newest first" means something.
      const postedAt = new Date(now - index * 9 * 60 * 60 * 1000);
      const [product] = await tx
        .insert(products)
        .values({
          sellerId: ids[item.seller]!,
          categoryId,
          title: item.title,
          description: item.description,
          phone: '+8801711000' + String(100 + index).slice(-3),
          location: item.location,
          ...demoPlace(item.location, index),
          condition: item.condition,
          originalPriceCents: item.original * 100,
          sellingPriceCents: item.price * 100,
          currency: app.config.CURRENCY,
          yearsUsed: item.years,
          widthMm: item.dims ? item.dims[0] * 10 : null,
          depthMm: item.dims ? item.dims[1] * 10 : null,
          heightMm: item.dims ? item.dims[2] * 10 : null,
          diagonalDepthMm: item.diagonal ? item.diagonal * 10 : null,
          comesApart: Boolean(item.apart),
          weightG: item.kg ? item.kg * 1000 : null,
          checklist: demoEvidence[item.title] ? checklistOf(demoEvidence[item.title]!.yes) : null,
          advertised: Boolean(item.advertised),
          advertisedAt: item.advertised ? postedAt : null,
          postedAt,
        })
        .returning({ id: products.id });
      await tx.insert(productPhotos).values(
        photos.map((photo, position) => ({
          ...photo,
          ownerId: ids[item.seller]!,
          productId: product!.id,
          position,
          flawCaption: position === 1 ? (demoEvidence[item.title]?.flaw ?? null) : null,
        })),
      );
    }
  });
}

/**
 * Each account with its password, written directly as the server's shell would (Better Auth's own hasher,
 * as `npm run user:password` does), not through sign-up: the demo addresses are not real, so nothing may
 * be mailed to them, and sign-up would queue a verification mail.
 */
async function ensureAccounts(app: FastifyInstance): Promise<Record<string, string>> {
  const { db } = app.database;
  const { password } = await app.auth.$context;
  const ids: Record<string, string> = {};
  for (const account of demoAccounts) {
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (!user) {
      const hash = await password.hash(DEMO_PASSWORD);
      user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ name: account.name, email: account.email, emailVerified: true })
          .returning({ id: users.id });
        await tx
          .insert(accounts)
          .values({ accountId: created!.id, providerId: 'credential', userId: created!.id, password: hash });
        return created!;
      });
    }
    ids[account.key] = user.id;
  }
  return ids;
}

type StoredPhoto = Awaited<ReturnType<typeof storeIllustration>>;

async function storeIllustration(
  app: FastifyInstance,
  piece: Parameters<typeof furnitureSvg>[0],
  palette: number,
  name: string,
  closeUp = false,
) {
  const svg = (closeUp ? closeUpSvg : furnitureSvg)(piece, palettes[palette]!);
  // Rendered to PNG first: uploads never accept SVG, and the seed goes through the same pipeline.
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const processed = await processImage(png);
  const keys = stablePhotoFileKeys(name);
  for (const [key, data] of photoFiles(keys, processed))
    await app.services.images.put(key, data, 'image/webp');
  return photoFileColumns(keys, processed);
}

/**
 * A demo piece's district: its division's home district (Khulna in Khulna); in the two cities with
 * thanas, one of the first few, so filters by area have something to show.
 */
function demoPlace(division: string, index: number): { district: string; area: string | null } {
  // Chittagong division's home district is Chattogram (decision 0040); the others share its name.
  const home = findDistrict(division === 'Chittagong' ? 'chattogram' : division.toLowerCase())!;
  const thanas = areasOf(home.id)
    .filter((area) => area.kind === 'thana')
    .slice(0, 4);
  return { district: home.id, area: thanas.length > 0 ? thanas[index % thanas.length]!.id : null };
}
