/**
 * Condition with evidence (decision 0077): a good or fair listing shows at least one flaw photo with a
 * caption and answers the checklist; every bad body is a 400 naming its field with nothing stored;
 * listings from before keep working with a prompt; and a booking keeps the listing as it was booked.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  t,
  type BookingDetail,
  type MyProduct,
  type Page,
  type ProductPage,
  type ReportQueueRow,
} from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { insertProduct, uploadPhoto } from '../../../test/helpers/fixtures.js';
import { productPhotos, products } from '../../platform/db/schema.js';

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signUp(ctx.app, 'seller');
  otherSeller = await signUp(ctx.app, 'seller');
  buyer = await signUp(ctx.app, 'buyer');
  admin = await signUp(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const checklist = {
  stains: true,
  odour: false,
  pets: false,
  smoke: false,
  missingParts: false,
  wobbles: false,
  scratches: true,
};

let counter = 0;
async function body(extra: Record<string, unknown> = {}, photos = 2) {
  counter += 1;
  const photoIds: string[] = [];
  for (let i = 0; i < photos; i++) photoIds.push(await uploadPhoto(seller.client));
  return {
    title: `Three-seat sofa ${counter}`,
    phone: '+880 1711 123456',
    originalPrice: '900',
    sellingPrice: '450',
    yearsUsed: '3',
    description: 'Linen cover, solid frame.',
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'good',
    photoIds,
    flaws: [{ photoId: photoIds[1] ?? photoIds[0], caption: 'A faded patch on the left arm' }],
    checklist,
    ...extra,
  };
}

const productCount = async () => (await ctx.database.db.select({ n: count() }).from(products))[0]!.n;
const unattached = async (ids: string[]) =>
  (
    await ctx.database.db
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(and(isNull(productPhotos.productId), inArray(productPhotos.id, ids)))
  ).length;

async function categoryId(): Promise<string> {
  const res = await seller.client.get('/api/categories');
  const kitchen = (res.json() as { id: string; slug: string }[]).find((c) => c.slug === 'kitchen');
  return kitchen!.id;
}

async function create(extra: Record<string, unknown> = {}, photos = 2) {
  return seller.client.post('/api/products', {
    categoryId: await categoryId(),
    ...(await body(extra, photos)),
  });
}

describe('adding a good or fair piece', () => {
  it('keeps the flaw photos and the checklist, and the product page shows them', async () => {
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ needsEvidence: false });
    const page = (await buyer.client.get(`/api/products/${res.json().id}`)).json() as ProductPage;
    expect(page.photos).toHaveLength(2);
    expect(page.flaws).toEqual([{ photoId: page.photos[1]!.id, caption: 'A faded patch on the left arm' }]);
    expect(page.checklist).toEqual(checklist);
  });

  it('takes an excellent piece without flaws or checklist', async () => {
    const res = await create({ condition: 'excellent', flaws: undefined, checklist: undefined });
    expect(res.statusCode, res.body).toBe(201);
    const page = (await buyer.client.get(`/api/products/${res.json().id}`)).json() as ProductPage;
    expect(page).toMatchObject({ flaws: [], checklist: null });
  });

  it('refuses each bad body with a 400 naming its field, and stores nothing', async () => {
    const foreign = await uploadPhoto(otherSeller.client);
    const cases: [
      string,
      (b: Awaited<ReturnType<typeof body>>) => Record<string, unknown>,
      string,
      string,
    ][] = [
      ['good without flaws', (b) => ({ ...b, flaws: undefined }), 'flaws', t('condition.showFlaw')],
      [
        'fair with no flaws',
        (b) => ({ ...b, condition: 'fair', flaws: [] }),
        'flaws',
        t('condition.showFlaw'),
      ],
      [
        'without checklist',
        (b) => ({ ...b, checklist: undefined }),
        'checklist',
        t('condition.answerChecklist'),
      ],
      [
        'a checklist with a question unanswered',
        (b) => ({ ...b, checklist: { ...checklist, smoke: undefined } }),
        'checklist.smoke',
        t('condition.answerChecklist'),
      ],
      [
        'a checklist answered in words',
        (b) => ({ ...b, checklist: { ...checklist, pets: 'no' } }),
        'checklist.pets',
        t('condition.answerChecklist'),
      ],
      [
        'a flaw photo of someone else',
        (b) => ({
          ...b,
          photoIds: [...b.photoIds, foreign],
          flaws: [{ photoId: foreign, caption: 'A tear' }],
        }),
        'flaws',
        t('condition.flawPhotoUnavailable'),
      ],
      [
        'a flaw photo not among the photos',
        (b) => ({ ...b, flaws: [{ photoId: foreign, caption: 'A tear' }] }),
        'flaws',
        t('condition.flawNotInPhotos'),
      ],
      [
        'a caption missing',
        (b) => ({ ...b, flaws: [{ photoId: b.photoIds[0] }] }),
        'flaws.0.caption',
        t('condition.enterCaption'),
      ],
      [
        'a blank caption',
        (b) => ({ ...b, flaws: [{ photoId: b.photoIds[0], caption: '   ' }] }),
        'flaws.0.caption',
        t('condition.enterCaption'),
      ],
      [
        'a caption too long',
        (b) => ({ ...b, flaws: [{ photoId: b.photoIds[0], caption: 'x'.repeat(141) }] }),
        'flaws.0.caption',
        t('common.atMostCharacters', { max: 140 }),
      ],
      [
        'a photo id that is not one',
        (b) => ({ ...b, flaws: [{ photoId: 'photo-1', caption: 'A tear' }] }),
        'flaws.0.photoId',
        t('condition.flawPhotoUnavailable'),
      ],
      [
        'two captions for one photo',
        (b) => ({
          ...b,
          flaws: [
            { photoId: b.photoIds[0], caption: 'A tear' },
            { photoId: b.photoIds[0], caption: 'A stain' },
          ],
        }),
        'flaws',
        t('condition.oneCaptionPerPhoto'),
      ],
    ];
    const kitchen = await categoryId();
    const before = await productCount();
    for (const [name, change, field, message] of cases) {
      const sent = change(await body({ categoryId: kitchen }));
      const res = await seller.client.post('/api/products', sent);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().error.fields?.[field], name).toBe(message);
      expect(await unattached(sent.photoIds as string[]), name).toBe((sent.photoIds as string[]).length);
    }
    expect(await productCount()).toBe(before);
  });
});

describe('listings from before', () => {
  it('are prompted in My Products, edited without evidence, and asked for it when it is touched', async () => {
    const old = await insertProduct(ctx.database.db, seller.id, { condition: 'fair', photos: 2 });
    const mine = (await seller.client.get('/api/my/products?pageSize=50')).json() as Page<MyProduct>;
    expect(mine.items.find((item) => item.id === old.id)).toMatchObject({ needsEvidence: true });

    const price = await seller.client.patch(`/api/products/${old.id}`, { sellingPrice: '90' });
    expect(price.statusCode, price.body).toBe(200);

    const toGood = await seller.client.patch(`/api/products/${old.id}`, { condition: 'good' });
    expect(toGood.statusCode).toBe(400);
    expect(toGood.json().error.fields).toEqual({ flaws: t('condition.showFlaw') });

    const page = (await seller.client.get(`/api/products/${old.id}`)).json() as ProductPage;
    const onlyFlaws = await seller.client.patch(`/api/products/${old.id}`, {
      flaws: [{ photoId: page.photos[0]!.id, caption: 'Ring mark on the top' }],
    });
    expect(onlyFlaws.statusCode).toBe(400);
    expect(onlyFlaws.json().error.fields).toEqual({ checklist: t('condition.answerChecklist') });
    const [stored] = await ctx.database.db
      .select({ caption: productPhotos.flawCaption })
      .from(productPhotos)
      .where(eq(productPhotos.id, page.photos[0]!.id));
    expect(stored!.caption).toBeNull();

    const both = await seller.client.patch(`/api/products/${old.id}`, {
      flaws: [{ photoId: page.photos[0]!.id, caption: 'Ring mark on the top' }],
      checklist,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ needsEvidence: false });
  });

  it('refuses an edit that would take away the only flaw photo, or the flaws', async () => {
    const res = await create();
    const id = res.json().id as string;
    const page = (await seller.client.get(`/api/products/${id}`)).json() as ProductPage;
    const dropPhoto = await seller.client.patch(`/api/products/${id}`, { photoIds: [page.photos[0]!.id] });
    expect(dropPhoto.statusCode).toBe(400);
    expect(dropPhoto.json().error.fields).toEqual({ flaws: t('condition.showFlaw') });
    const clear = await seller.client.patch(`/api/products/${id}`, { flaws: [] });
    expect(clear.statusCode).toBe(400);
    // Nothing changed: the photos and the caption are as they were.
    const after = (await seller.client.get(`/api/products/${id}`)).json() as ProductPage;
    expect(after.photos.map((photo) => photo.id)).toEqual(page.photos.map((photo) => photo.id));
    expect(after.flaws).toEqual(page.flaws);
    // Moved to another photo of its own, kept in the same edit: fine.
    const moved = await seller.client.patch(`/api/products/${id}`, {
      photoIds: [page.photos[0]!.id],
      flaws: [{ photoId: page.photos[0]!.id, caption: 'Worn corner' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const last = (await seller.client.get(`/api/products/${id}`)).json() as ProductPage;
    expect(last.flaws).toEqual([{ photoId: page.photos[0]!.id, caption: 'Worn corner' }]);
  });

  it('refuses a flaw photo of another seller in an edit, naming flaws', async () => {
    const res = await create();
    const foreign = await uploadPhoto(otherSeller.client);
    const edit = await seller.client.patch(`/api/products/${res.json().id}`, {
      flaws: [{ photoId: foreign, caption: 'A tear' }],
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toEqual({ flaws: t('condition.flawPhotoUnavailable') });
  });
});

describe('the listing as it was booked', () => {
  it('survives an edit of the listing, for the buyer, the seller and an admin', async () => {
    const res = await create({
      dimensions: { unit: 'cm', width: 210, depth: 90, height: 85, diagonalDepth: 70 },
    });
    const id = res.json().id as string;
    const before = (await seller.client.get(`/api/products/${id}`)).json() as ProductPage;
    const booked = await buyer.client.post('/api/bookings', {
      productId: id,
      phone: '+880 1711 555666',
      meetingLocation: 'Gulshan 2 circle, Dhaka',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().id as string;

    const added = await uploadPhoto(seller.client);
    const edit = await seller.client.patch(`/api/products/${id}`, {
      title: 'Sofa, renamed',
      condition: 'excellent',
      dimensions: { unit: 'cm', width: 150, depth: 80, height: 80 },
      photoIds: [added],
      flaws: [],
      checklist: { ...checklist, stains: false },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // The photos the listing let go are old enough for the clean-up, which keeps them for the order.
    await ctx.database.db
      .update(productPhotos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(
        inArray(
          productPhotos.id,
          before.photos.map((photo) => photo.id),
        ),
      );
    await ctx.app.services.uploads.removeUnattached();

    for (const viewer of [buyer, seller, admin]) {
      const detail = await viewer.client.get(`/api/bookings/${bookingId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      const kept = (detail.json() as BookingDetail).listingAtBooking!;
      expect(kept).toMatchObject({
        title: before.title,
        description: before.description,
        condition: 'good',
        checklist,
        dimensions: { widthMm: 2100, depthMm: 900, heightMm: 850, diagonalDepthMm: 700 },
        flaws: before.flaws,
      });
      expect(kept.photos.map((photo) => [photo.id, photo.url])).toEqual(
        before.photos.map((photo) => [photo.id, photo.url]),
      );
    }
    const files = await ctx.database.db
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(
        inArray(
          productPhotos.id,
          before.photos.map((photo) => photo.id),
        ),
      );
    expect(files).toHaveLength(2);
    const now = (await buyer.client.get(`/api/products/${id}`)).json() as ProductPage;
    expect(now).toMatchObject({ title: 'Sofa, renamed', condition: 'excellent', flaws: [] });

    // A report of the piece by the buyer leads the admin to that order, and so to the booked listing.
    const report = await buyer.client.post('/api/reports', {
      productId: id,
      reason: 'wrong_condition',
      details: 'The arm is torn, not faded.',
    });
    expect(report.statusCode, report.body).toBe(201);
    const queue = (await admin.client.get('/api/admin/reports')).json() as Page<ReportQueueRow>;
    expect(queue.items.find((row) => row.id === report.json().id)).toMatchObject({
      reporterOrder: { id: bookingId },
    });
  });
});
