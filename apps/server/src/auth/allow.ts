import type { FastifyRequest } from 'fastify';
import type { Role } from '@furniture-mart/shared';

/**
 * Route options that settle who may ask before the input is looked at: signed out is 401 and a wrong
 * role 403, whatever the body, id or query. Spread into a route's options: `{ ...allow(['buyer']) }`.
 */
export const allow = (roles?: readonly Role[]) => ({
  preValidation: async (request: FastifyRequest) => {
    await request.requireViewer(roles);
  },
});
