/**
 * Who is making a request. Resolved once per request from the session cookie; routes call
 * requireViewer() to demand a signed-in user, optionally of given roles.
 */
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '@furniture-mart/shared';
import { Forbidden, Unauthorized } from '../lib/errors.js';
import type { Auth } from './auth.js';

export interface Viewer {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  verified: boolean;
}

const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

export function resolveViewer(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadViewer(auth, request);
    cache.set(request, pending);
  }
  return pending;
}

async function loadViewer(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  const cookie = request.headers.cookie;
  if (!cookie || !cookie.includes('session_token')) return null;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const user = session.user as typeof session.user & { role: Role; verified: boolean; deletedAt?: Date | null };
  if (user.deletedAt) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role: user.role,
    verified: Boolean(user.verified),
  };
}

export async function requireViewer(
  auth: Auth,
  request: FastifyRequest,
  roles?: readonly Role[],
): Promise<Viewer> {
  const viewer = await resolveViewer(auth, request);
  if (!viewer) throw new Unauthorized();
  if (roles && !roles.includes(viewer.role)) throw new Forbidden();
  return viewer;
}
