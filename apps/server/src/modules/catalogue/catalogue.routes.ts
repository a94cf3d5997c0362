import type { FastifyInstance } from 'fastify';

export async function catalogueRoutes(_app: FastifyInstance): Promise<void> {}
