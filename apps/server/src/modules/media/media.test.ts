/** The media routes: category thumbnails by slug, seller photos by key. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestContext } from '../../../test/helpers/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('category thumbnails', () => {
  it('serves a known slug as SVG', async () => {
    const res = await new TestClient(ctx.app).get('/media/categories/bed-room.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  // Found by the release fuzz suite: "constructor" found Object.prototype's member and answered 500.
  it('answers 404 for constructor.svg, a name every object has', async () => {
    const res = await new TestClient(ctx.app).get('/media/categories/constructor.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This image does not exist.' } });
  });
});
