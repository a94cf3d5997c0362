import type { FastifyInstance } from 'fastify';

export async function paymentsRoutes(_app: FastifyInstance): Promise<void> {}
