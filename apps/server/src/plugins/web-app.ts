/**
 * Serves the built web app: hashed assets with long cache headers, every other non-/api GET falling
 * back to index.html so client-side routes work on reload.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { webDistDir } from '../paths.js';

export async function registerWebApp(app: FastifyInstance, root = webDistDir): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

}
