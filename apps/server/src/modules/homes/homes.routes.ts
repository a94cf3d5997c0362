import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeProfileRequest, homeProfileSchema } from '@furniture-mart/shared';
import { allow } from '../../platform/auth/allow.js';

export async function homesRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const homes = app.services.homes;

  route.get(
    '/api/my/home',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buyer'],
        summary: 'The openings of my home (doors, stairs, a lift) that product pages check pieces against',
        response: { 200: homeProfileSchema },
      },
    },
    async (request) => homes.get((await request.requireViewer(['buyer'])).id),
  );

  route.put(
    '/api/my/home',
    {
      ...allow(['buyer']),
      schema: {
        tags: ['buyer'],
        summary: 'Save the openings of my home, all of them at once (at most 10), in mm',
        body: homeProfileRequest,
        response: { 200: homeProfileSchema },
      },
    },
    async (request) => {
      const buyer = await request.requireViewer(['buyer']);
      return homes.save(buyer.id, request.body.openings);
    },
  );
}
