/**
 * The S3 store over real HTTP against s3rver, an S3-compatible server running in this process on the
 * loopback interface with a temporary directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../../test/helpers/app.js';
import { uploadFile, solidJpeg } from '../../../test/helpers/images.js';
import { createImageStore } from './create-store.js';
import { LocalImageStore } from './local-store.js';
import { S3ImageStore } from './s3-store.js';

const bucket = 'furniture-photos';
let server: S3rver;
let directory: string;
let endpoint: string;

function s3Env(extra: Record<string, string> = {}) {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ...extra,
  };
}

async function s3Store(extra: Record<string, string> = {}) {
  return createImageStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: directory, ...s3Env(extra) }));
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'fm-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address: AddressInfo = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const key = (variant: 'display' | 'thumb' = 'display') => `${crypto.randomUUID()}-${variant}.webp`;

describe('createImageStore', () => {
  it('picks the S3 store when S3_BUCKET is set and local disk otherwise', async () => {
    expect(await s3Store()).toBeInstanceOf(S3ImageStore);
    expect(await createImageStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: directory }))).toBeInstanceOf(
      LocalImageStore,
    );
  });
});

describe('S3ImageStore', () => {
  it('puts an object that is then served over HTTP with its type and cache headers', async () => {
    const store = await s3Store();
    const name = key();
    const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .webp()
      .toBuffer();
    await store.put(name, data, 'image/webp');

    const response = await fetch(`${endpoint}/${bucket}/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);

    const read = await store.read(name);
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(read!.size).toBe(data.length);
  });

  it('deletes an object, and deleting or reading a missing one is not an error', async () => {
    const store = await s3Store();
    const name = key('thumb');
    await store.put(name, Buffer.from('webp bytes'), 'image/webp');
    await store.delete(name);
    expect((await fetch(`${endpoint}/${bucket}/${name}`)).status).toBe(404);
    expect(await store.read(name)).toBeNull();
    await expect(store.delete(name)).resolves.toBeUndefined();
  });

  it('builds URLs from the public URL, or through the media route without one', async () => {
    const name = key();
    expect((await s3Store({ S3_PUBLIC_URL: 'https://cdn.example.com/photos/' })).url(name)).toBe(
      `https://cdn.example.com/photos/${name}`,
    );
    expect((await s3Store()).url(name)).toBe(`/media/uploads/${name}`);
  });

  it('refuses keys that a server did not make', async () => {
    const store = await s3Store();
    await expect(store.put('../secrets.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /invalid image key/,
    );
  });
});

describe('uploads with S3 configured', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('stores both variants in the bucket and serves them through the API and the public URL', async () => {
    const env = s3Env({ S3_PUBLIC_URL: `${endpoint}/${bucket}` });
    ctx = await createTestApp(env, { images: await s3Store({ S3_PUBLIC_URL: `${endpoint}/${bucket}` }) });
    const seller = await signUp(ctx.app, 'seller');
    const response = await uploadFile(seller.client, { data: await solidJpeg(1000, 500) });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.url.startsWith(`${endpoint}/${bucket}/`)).toBe(true);

    for (const url of [body.url, body.thumbUrl]) {
      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await direct.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');

      const proxied = await new TestClient(ctx.app).get(`/media/uploads/${path.basename(url)}`);
      expect(proxied.statusCode).toBe(200);
      expect(proxied.headers['content-type']).toBe('image/webp');
      expect(proxied.headers['x-content-type-options']).toBe('nosniff');
    }

    // Cleaning up an unclaimed photo removes its objects from the bucket too.
    await ctx.database.db.execute(`update product_photos set created_at = now() - interval '2 days'`);
    expect(await ctx.app.services.uploads.removeUnattached()).toBe(1);
    expect((await fetch(body.url)).status).toBe(404);
    expect((await fetch(body.thumbUrl)).status).toBe(404);
  });
});
