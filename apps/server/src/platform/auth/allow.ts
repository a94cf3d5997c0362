import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '@furniture-mart/shared';

/** Who a route lets in: any signed-in user (`null`) or one of these roles. */
export type Access = readonly Role[] | null;

const hookAccess = new WeakMap<object, Access>();
const routeAccess = new WeakMap<object, Access>();

/**
 * Route options that settle who may ask before the input is looked at: signed out is 401 and a wrong
 * role 403, whatever the body, id or query. Spread into a route's options: `{ ...allow(['buyer']) }`.
 * The OpenAPI document reads the same declaration (accessOf), so it always says which routes need
 * the session cookie.
 */
export const allow = (roles?: readonly Role[]) => {
  const preValidation = async (request: FastifyRequest) => {
    await request.requireViewer(roles);
  };
  hookAccess.set(preValidation, roles ?? null);
  return { preValidation };
};

/**
 * The same for every route a plugin registers after this call, checked first thing (onRequest): for a
 * plugin whose routes all need one role, such as the admin area.
 */
export function allowEveryRoute(app: FastifyInstance, roles?: readonly Role[]): void {
  app.addHook('onRequest', async (request) => {
    await request.requireViewer(roles);
  });
  app.addHook('onRoute', (route) => {
    routeAccess.set(route, roles ?? null);
  });
}

/** Who the route lets in, as declared through allow or allowEveryRoute; undefined: anyone. */
export function accessOf(
  route: Partial<Pick<RouteOptions, 'onRequest' | 'preValidation'>>,
): Access | undefined {
  if (routeAccess.has(route)) return routeAccess.get(route);
  for (const hooks of [route.onRequest, route.preValidation]) {
    for (const hook of [hooks ?? []].flat()) {
      if (hookAccess.has(hook)) return hookAccess.get(hook);
    }
  }
  return undefined;
}
