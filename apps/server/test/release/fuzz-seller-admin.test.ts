/** Release gate "fuzzing", the seller-admin routes. See fuzz.ts for what is generated and checked. */
import { describe, expect, it } from 'vitest';
import { uploadBodyLimit } from '../../src/modules/uploads/read-upload.js';
import { TEST_ORIGIN } from '../helpers/app.js';
import { fuzzGroup } from './fuzz-suite.js';
import { problemOf } from './send.js';
import { buildReleaseApp, createWorld, multipartBody } from './world.js';

fuzzGroup('seller-admin');

describe('an upload over the size limit', () => {
  it('is refused with 413 in the error format, before the photo is read', async () => {
    const ctx = await buildReleaseApp();
    try {
      const world = await createWorld(ctx.app);
      const { payload, headers } = multipartBody(Buffer.alloc(uploadBodyLimit + 1024, 0xff));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        headers: { origin: TEST_ORIGIN, cookie: world.seller.client.cookie!, ...headers },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(problemOf(res, 'POST')).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});
