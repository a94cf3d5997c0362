import type { FastifyInstance } from 'fastify';

export async function newsletterRoutes(_app: FastifyInstance): Promise<void> {}
