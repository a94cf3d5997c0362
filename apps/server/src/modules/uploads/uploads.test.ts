import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageLimits, sellerMessages } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { productPhotos } from '../../platform/db/schema.js';
import { maxPendingPhotosPerSeller } from './uploads.service.js';
import {
  hasGpsDirectory,
  hugeBlankPng,
  multipartBody,
  rotatedJpegWithGps,
  solidJpeg,
  solidPng,
  uploadFile,
  uploadFiles,
  uploadPhoto,
} from '../../../test/helpers/images.js';

let ctx: TestContext;
let seller: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signUp(ctx.app, 'seller');
});
afterAll(() => ctx.close());

const uploadsDir = () => path.join(ctx.dataDir, 'uploads');
const storedFiles = async () =>
  (await readdir(uploadsDir()).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));

describe('POST /api/uploads/images: who may upload', () => {
  it('refuses a signed-out visitor and an admin; a buyer uploads the photos of a refusal', async () => {
    const data = await solidJpeg();
    expect((await uploadFile(new TestClient(ctx.app), { data })).statusCode).toBe(401);
    const buyer = await signUp(ctx.app, 'buyer');
    expect((await uploadFile(buyer.client, { data })).statusCode).toBe(201);
    const admin = await signUp(ctx.app, 'admin');
    expect((await uploadFile(admin.client, { data })).statusCode).toBe(403);
  });
});

describe('POST /api/uploads/images: accepted photos', () => {
  it('stores a JPEG as display, middle and thumbnail WebP under server-made names and answers an unattached photo', async () => {
    const response = await uploadFile(seller.client, {
      data: await solidJpeg(2400, 1200),
      filename: '../../etc/passwd.jpg',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      width: 1600,
      height: 800,
      middleWidth: 800,
      middleHeight: 400,
      thumbWidth: 400,
      thumbHeight: 200,
    });
    expect(body.url).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}-display\.webp$/);
    expect(body.middleUrl).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}-middle\.webp$/);
    expect(body.thumbUrl).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}-thumb\.webp$/);
    expect(body.url).not.toContain('passwd');

    const [row] = await ctx.database.db.select().from(productPhotos).where(eq(productPhotos.id, body.id));
    expect(row).toMatchObject({ ownerId: seller.id, productId: null });

    const served = await seller.client.get(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const middle = await seller.client.get(body.middleUrl);
    expect(middle.statusCode).toBe(200);
    expect(await sharp(middle.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 400,
    });
  });

  it('accepts PNG (with transparency) and WebP, deciding by content whatever the name and type say', async () => {
    const png = await uploadFile(seller.client, {
      data: await solidPng(),
      filename: 'photo.gif',
      type: 'text/plain',
    });
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ width: 240, height: 160 });
    const webp = await sharp({ create: { width: 90, height: 120, channels: 3, background: '#345' } })
      .webp()
      .toBuffer();
    const answer = await uploadFile(seller.client, {
      data: webp,
      filename: 'noext',
      type: 'application/octet-stream',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      width: 90,
      height: 120,
      middleWidth: 90,
      middleHeight: 120,
      thumbWidth: 90,
      thumbHeight: 120,
    });
  });

  it('turns a JPEG upright from its EXIF and keeps no EXIF, GPS or camera data at all', async () => {
    const original = await rotatedJpegWithGps(300, 200);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('Tracker 3000'))).toBe(true);
    expect(hasGpsDirectory(before.exif!)).toBe(true);

    const response = await uploadFile(seller.client, { data: original });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ width: 200, height: 300 });

    for (const url of [body.url, body.middleUrl, body.thumbUrl]) {
      const file = await readFile(path.join(uploadsDir(), path.basename(url)));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width!);
      expect(file.includes(Buffer.from('Tracker 3000'))).toBe(false);
      expect(file.includes(Buffer.from('TestCam'))).toBe(false);
    }
    const served = await seller.client.get(body.url);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });
});

describe('POST /api/uploads/images: refused files', () => {
  async function expectRefused(file: Parameters<typeof uploadFile>[1], status: number) {
    const before = await storedFiles();
    const response = await uploadFile(seller.client, file);
    expect(response.statusCode, response.body).toBe(status);
    const { error } = response.json();
    expect(error.message.length).toBeGreaterThan(10);
    expect(await storedFiles()).toEqual(before);
    return error as { code: string; message: string };
  }

  it('refuses a text file named .jpg with 415', async () => {
    const error = await expectRefused(
      { data: Buffer.from('hello, I am not a photo\n'.repeat(20)), filename: 'cat.jpg' },
      415,
    );
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an SVG with a script with 415, even when it says it is a JPEG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
    );
    await expectRefused({ data: svg, filename: 'image.jpg', type: 'image/jpeg' }, 415);
    await expectRefused({ data: svg, filename: 'image.svg', type: 'image/svg+xml' }, 415);
  });

  it('refuses a truncated JPEG with 415', async () => {
    const full = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a52' } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const error = await expectRefused({ data: full.subarray(0, Math.floor(full.length / 2)) }, 415);
    expect(error.message).toMatch(/damaged or incomplete/);
  });

  it('refuses an empty file with 415', async () => {
    const error = await expectRefused({ data: Buffer.alloc(0) }, 415);
    expect(error.message).toMatch(/empty/);
  });

  it('refuses a GIF and an AVIF with 415', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expectRefused({ data: gif, filename: 'a.gif', type: 'image/gif' }, 415);
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
      .avif()
      .toBuffer();
    await expectRefused({ data: avif, filename: 'a.avif', type: 'image/avif' }, 415);
  });

  it('refuses a file over 10 MiB with 413 while it streams in', async () => {
    const data = Buffer.alloc(imageLimits.maxBytes + 1, 0xff);
    const error = await expectRefused({ data }, 413);
    expect(error.message).toBe(sellerMessages.fileTooLarge);
  });

  it('refuses a body declared far larger than any photo with 413 before reading it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: {
        origin: TEST_ORIGIN,
        cookie: seller.client.cookie!,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      payload: '--x\r\n',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(sellerMessages.fileTooLarge);
  });

  it('refuses a 15000×15000 PNG with 400 in milliseconds, from its header', async () => {
    const flood = hugeBlankPng(15000, 15000);
    expect(flood.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const error = await expectRefused({ data: flood, filename: 'flood.png', type: 'image/png' }, 400);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(error.message).toMatch(/40 megapixels/);
  });

  it('refuses a request that is not multipart with 415, and a form without a file with 400', async () => {
    const json = await seller.client.post('/api/uploads/images', { file: 'abc' });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(sellerMessages.notMultipart);

    const form = new FormData();
    form.append('note', 'no photo here');
    const encoded = new Response(form);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: {
        origin: TEST_ORIGIN,
        cookie: seller.client.cookie!,
        'content-type': encoded.headers.get('content-type')!,
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(sellerMessages.noFile);
  });

  it('refuses two files in one request with 400 and stores neither', async () => {
    const before = await storedFiles();
    const response = await uploadFiles(seller.client, [
      { data: await solidJpeg() },
      { data: await solidJpeg() },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(sellerMessages.oneFileOnly);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a malformed multipart body with 400', async () => {
    const { payload, contentType } = await multipartBody([{ data: await solidJpeg() }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: { origin: TEST_ORIGIN, cookie: seller.client.cookie!, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 60),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_UPLOAD');
  });
});

describe('unattached photos', () => {
  it('removes photos no product claimed within a day, rows and files, and keeps newer ones', async () => {
    const other = await signUp(ctx.app, 'seller');
    const oldId = await uploadPhoto(other.client);
    const newId = await uploadPhoto(other.client);
    const [old] = await ctx.database.db.select().from(productPhotos).where(eq(productPhotos.id, oldId));
    expect(await storedFiles()).toEqual(
      expect.arrayContaining([old!.displayKey, old!.middleKey, old!.thumbKey]),
    );
    await ctx.database.db
      .update(productPhotos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(productPhotos.id, oldId));

    const removed = await ctx.app.services.uploads.removeUnattached();
    expect(removed).toBe(1);
    const left = await ctx.database.db
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(eq(productPhotos.ownerId, other.id));
    expect(left.map((row) => row.id)).toEqual([newId]);
    const files = await storedFiles();
    expect(files).not.toContain(old!.displayKey);
    expect(files).not.toContain(old!.thumbKey);
    expect(files).not.toContain(old!.middleKey);
    expect((await other.client.get(`/media/uploads/${old!.displayKey}`)).statusCode).toBe(404);
  });

  it('limits how many photos one seller may keep waiting for a product', async () => {
    const busy = await signUp(ctx.app, 'seller');
    const [template] = await ctx.database.db.select().from(productPhotos).limit(1);
    const { id: _id, createdAt: _createdAt, ...fields } = template!;
    await ctx.database.db.insert(productPhotos).values(
      Array.from({ length: maxPendingPhotosPerSeller }, () => ({
        ...fields,
        ownerId: busy.id,
        productId: null,
      })),
    );
    const response = await uploadFile(busy.client, { data: await solidJpeg() });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.message).toBe(sellerMessages.tooManyPendingPhotos);
  });

  it('counts concurrent uploads one after another, so they cannot pass the limit together', async () => {
    const busy = await signUp(ctx.app, 'seller');
    const [template] = await ctx.database.db.select().from(productPhotos).limit(1);
    const { id: _id, createdAt: _createdAt, ...fields } = template!;
    const room = 3;
    await ctx.database.db.insert(productPhotos).values(
      Array.from({ length: maxPendingPhotosPerSeller - room }, () => ({
        ...fields,
        ownerId: busy.id,
        productId: null,
      })),
    );
    const data = await solidJpeg();
    const answers = await Promise.all(Array.from({ length: 8 }, () => uploadFile(busy.client, { data })));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(room);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - room);
    const [pending] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productPhotos)
      .where(eq(productPhotos.ownerId, busy.id));
    expect(pending!.n).toBe(maxPendingPhotosPerSeller);
  });
});

describe('GET /media/uploads/:key', () => {
  it('answers 404 for an unknown key and 400 for a name that is not a key', async () => {
    const client = new TestClient(ctx.app);
    expect(
      (await client.get('/media/uploads/00000000-0000-4000-8000-000000000000-display.webp')).statusCode,
    ).toBe(404);
    expect((await client.get('/media/uploads/..%2F..%2Fpackage.json')).statusCode).toBe(400);
  });
});
