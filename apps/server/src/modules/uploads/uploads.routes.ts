import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import multipart from '@fastify/multipart';
import { uploadedImageSchema } from '@furniture-mart/shared';
import { multipartLimits, readSingleFile, uploadBodyLimit } from './read-upload.js';

/** How often photos that never joined a product are looked for. */

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  // Registered here only, so no other route accepts multipart bodies.
  await app.register(multipart, { limits: multipartLimits });
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/uploads/images',
    {
      // Buyers too: the photos of a refusal at pickup go through the same pipeline (issue 41).
      ...allow(['seller', 'buyer']),
      bodyLimit: uploadBodyLimit,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['seller'],
        summary:
          'Upload one photo (multipart field "file"); its id goes into POST /api/products, or a buyer\'s into POST /api/bookings/:id/refuse',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImageSchema },
      },
    },
    async (request, reply) => {
      const owner = await request.requireViewer(['seller', 'buyer']);
      const file = await readSingleFile(request);
      const image = await app.services.uploads.upload(owner.id, file);
      return reply.status(201).send(image);
    },
  );
}
