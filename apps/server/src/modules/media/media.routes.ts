/**
 * Images: category thumbnails shipped with the server, and seller photos from the local image store.
 * Served with their real type, nosniff and long cache headers (names never change content).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryThumbnailSvg } from '../../db/seed/illustrations.js';
import { LocalImageStore } from '../../images/local-store.js';
import { IMAGE_KEY_PATTERN } from '../../images/store.js';
import { NotFound } from '../../lib/errors.js';

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
      if (!svg) throw new NotFound('This image does not exist.');
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );

  const store = app.services.images;
  if (store instanceof LocalImageStore) {
    route.get(
      '/media/uploads/:key',
      { schema: { hide: true, params: z.object({ key: z.string().regex(IMAGE_KEY_PATTERN) }) } },
      async (request, reply) => {
        await sendFile(reply, store.filePath(request.params.key), 'image/webp', IMMUTABLE);
      },
    );
  }
}

async function sendFile(
  reply: FastifyReply,
  file: string,
  type: string,
  cacheControl: string,
): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new NotFound('This image does not exist.');
  reply
    .header('content-type', type)
    .header('content-length', info.size)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff');
  return reply.send(createReadStream(file));
}
