import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import multipart from '@fastify/multipart';
import { uploadedImageSchema } from '@furniture-mart/shared';
import { multipartLimits, readSingleFile, uploadBodyLimit } from './read-upload.js';
import { advisoryLocks } from '../../platform/db/client.js';

/** How often photos that never joined a product are looked for. */
const cleanupIntervalMs = 60 * 60 * 1000;

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  // Registered here only, so no other route accepts multipart bodies.
  await app.register(multipart, { limits: multipartLimits });
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/uploads/images',
    {
      ...allow(['seller']),
      bodyLimit: uploadBodyLimit,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['seller'],
        summary: 'Upload one product photo (multipart field "file"); its id goes into POST /api/products',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImageSchema },
      },
    },
    async (request, reply) => {
      const seller = await request.requireViewer(['seller']);
      const file = await readSingleFile(request);
      const image = await app.services.uploads.upload(seller.id, file);
      return reply.status(201).send(image);
    },
  );

  scheduleCleanup(app);
}

/**
 * Hourly (and shortly after start), without keeping the process alive or outliving the app. Every
 * instance schedules it; an advisory lock lets one run at a time, and the others skip that round.
 */
function scheduleCleanup(app: FastifyInstance): void {
  const run = () => {
    app.database
      .ifUnlocked(advisoryLocks.photoCleanup, () => app.services.uploads.removeUnattached())
      .then(
        (removed) => {
          if (removed) app.log.info({ removed }, 'removed photos never added to a product');
        },
        (error: unknown) => app.log.error({ err: error }, 'removing unattached photos failed'),
      );
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, cleanupIntervalMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
