/**
 * Images: category thumbnails shipped with the server, and seller photos from the image store.
 * Served with their real type, nosniff and long cache headers (names never change content).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sellerMessages } from '@furniture-mart/shared';
import { categoryThumbnailSvg } from '../../platform/db/seed/illustrations.js';
import { IMAGE_KEY_PATTERN, MEDIA_UPLOADS_PATH } from '../../platform/images/store.js';
import { NotFound } from '../../platform/errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/media/categories/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[a-z-]+\.svg$/) }),
      },
    },
    async (request, reply) => {
      const svg = categoryThumbnailSvg(request.params.file.replace(/\.svg$/, ''));
      if (!svg) throw new NotFound(sellerMessages.imageNotFound);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );

  // Seller photos from whichever store holds them: local files, or a bucket without a public URL of its own.
  const store = app.services.images;
  route.get(
    `${MEDIA_UPLOADS_PATH}/:key`,
    { schema: { hide: true, params: z.object({ key: z.string().regex(IMAGE_KEY_PATTERN) }) } },
    async (request, reply) => {
      const image = await store.read(request.params.key);
      if (!image) throw new NotFound(sellerMessages.imageNotFound);
      reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff');
      if (image.size !== undefined) reply.header('content-length', image.size);
      return reply.send(image.body);
    },
  );
}
