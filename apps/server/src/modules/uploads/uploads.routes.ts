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
}
