/** Every feature module's routes. Add a module here and it is served, documented and tested. */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/health.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { mediaRoutes } from './media/media.routes.js';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(categoriesRoutes);
  await app.register(mediaRoutes);
}
