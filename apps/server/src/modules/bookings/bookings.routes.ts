import type { FastifyInstance } from 'fastify';

export async function bookingsRoutes(_app: FastifyInstance): Promise<void> {}
