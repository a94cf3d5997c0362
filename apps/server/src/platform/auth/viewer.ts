/**
 * Who is making a request. Resolved once per request from the session cookie; routes call
 * requireViewer() to demand a signed-in user, optionally of given roles.
 *
 * Better Auth issues, renews and ends sessions. Checking one on every request is done here (decisions
 * 0006, 0038): the cookie's signature is verified exactly as Better Auth signs it, then the session is
 * read with its user by one prepared statement, and kept in memory. A kept session is dropped the
 * moment its user's sessions or account change anywhere: triggers on `sessions` and `users` announce
 * the user's id on the change feed as the change commits (every instance hears it), and the routes that
 * end or change a session here drop it at once too. While the feed is not heard, nothing is kept.
 * GET /api/me also renews a session in use: one due for renewal (or one that cannot be read) goes to
 * Better Auth, which renews it or clears its cookie.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import { toLocale, type Me, type Role, type SessionUser } from '@furniture-mart/shared';
import type { Db } from '../db/client.js';
import { channels, type ChangeFeed } from '../db/change-feed.js';
import { sessions, users } from '../db/schema.js';
import { Forbidden, Unauthorized } from '../errors.js';
import type { Auth } from './auth.js';

/** The signed-in user of a request: the same shape GET /api/me answers. */
export type Viewer = SessionUser;

export interface ViewerReader {
  /** The signed-in user, or null for a visitor, a bad or expired cookie, or a removed account. */
  read(request: FastifyRequest): Promise<Viewer | null>;
  /**
   * The same, through Better Auth, which also renews the session when it is due: the renewed cookie
   * (or the clearing of a dead one) is added to the reply.
   */
  readAndRenew(request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null>;
  /**
   * The same, read again now rather than the answer this request already had: for a request that
   * lasts (an event stream), to learn whether its session still stands.
   */
  readAgain(request: FastifyRequest): Promise<Viewer | null>;
  /** This user's sessions or account changed here: nothing kept of them is answered again. */
  forgetUser(userId: string): void;
  /** Something changed that cannot be told apart by user (an email confirmed through its link). */
  forgetAll(): void;
}

/** Sessions kept at most, and for how long at most whatever the feed says (a bound, not the rule). */
const KEPT_SESSIONS = 10_000;
const KEPT_MS = 5 * 60_000;

/** What GET /api/me answers for a signed-in user: the user and their role flags. */
export function meOf(user: Viewer): Me {
  return {
    user,
    isAdmin: user.role === 'admin',
    isBuyer: user.role === 'buyer',
    isSeller: user.role === 'seller',
    isVerified: user.verified,
  };
}

/** Better Auth signs a cookie value as `value.base64(HMAC-SHA256(secret, value))`, URL-encoded. */
export function verifySignedCookie(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  // Compared as text, so only the exact form Better Auth writes is accepted.
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The same fields from our query or from Better Auth's user. */
function toViewer(user: {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role: string;
  verified: boolean;
  emailVerified?: boolean;
  locale?: string | null;
}): Viewer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role: user.role as Role,
    verified: Boolean(user.verified),
    emailVerified: Boolean(user.emailVerified),
    locale: toLocale(user.locale),
  };
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return null;
}

export async function createViewerReader({
  auth,
  db,
  secret,
  feed,
}: {
  auth: Auth;
  db: Db;
  secret: string;
  /** Where ended sessions are heard of; without one, every request reads its session. */
  feed?: ChangeFeed;
}): Promise<ViewerReader> {
  const { authCookies, sessionConfig } = await auth.$context;
  const cookieName = authCookies.sessionToken.name;
  // Better Auth's rule: a session is renewed once expiresAt - expiresIn + updateAge <= now.
  const renewalDue = sql<boolean>`${sessions.expiresAt} <= now() + make_interval(secs => ${sql.raw(
    String(sessionConfig.expiresIn - sessionConfig.updateAge),
  )})`;
  const byToken = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      image: users.image,
      role: users.role,
      verified: users.verified,
      emailVerified: users.emailVerified,
      locale: users.locale,
      renewalDue,
      // How long from now the session lasts, and until it is due for renewal, in milliseconds.
      msLeft: sql<number>`(extract(epoch from ${sessions.expiresAt} - now()) * 1000)::float8`,
      msToRenewal: sql<number>`(extract(epoch from ${sessions.expiresAt} - now()) * 1000 - ${sql.raw(
        String((sessionConfig.expiresIn - sessionConfig.updateAge) * 1000),
      )})::float8`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .prepare('viewer_by_session_token');

  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  interface Kept {
    viewer: Viewer;
    expiresAt: number;
    renewalDueAt: number;
    keptUntil: number;
  }
  /** By session token, oldest first (a Map keeps insertion order); and each user's tokens. */
  const kept = new Map<string, Kept>();
  const tokensOf = new Map<string, Set<string>>();
  let keeping = feed?.listening() ?? false;
  const forgetUser = (userId: string) => {
    for (const token of tokensOf.get(userId) ?? []) kept.delete(token);
    tokensOf.delete(userId);
  };
  const forgetAll = () => {
    kept.clear();
    tokensOf.clear();
  };
  feed?.subscribe(channels.sessions, forgetUser);
  // Announcements missed while not listening could be ended sessions: keep nothing until heard again.
  feed?.onListening((up) => {
    forgetAll();
    keeping = up;
  });

  /** The live session's user for a cookie value, or null for a bad signature or no such session. */
  async function sessionUser(raw: string | null) {
    const token = raw ? verifySignedCookie(raw, secret) : null;
    if (!token) return null;
    const now = Date.now();
    const known = kept.get(token);
    if (known && now < known.keptUntil && now < known.expiresAt) {
      return { ...known.viewer, renewalDue: now >= known.renewalDueAt };
    }
    if (known) kept.delete(token);
    const keptBefore = keeping;
    const [user] = await byToken.execute({ token });
    if (!user) return null;
    // Kept only if the feed was heard all along the read: an end announced meanwhile would be missed.
    if (keptBefore && keeping) {
      if (kept.size >= KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
      const viewer = toViewer(user);
      kept.set(token, {
        viewer,
        expiresAt: now + user.msLeft,
        renewalDueAt: now + user.msToRenewal,
        keptUntil: now + KEPT_MS,
      });
      let tokens = tokensOf.get(viewer.id);
      if (!tokens) tokensOf.set(viewer.id, (tokens = new Set()));
      tokens.add(token);
    }
    return user;
  }

  async function read(request: FastifyRequest): Promise<Viewer | null> {
    const user = await sessionUser(cookieValue(request.headers.cookie, cookieName));
    return user ? toViewer(user) : null;
  }

  async function readAndRenew(request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
    const raw = cookieValue(request.headers.cookie, cookieName);
    if (!raw) return null;
    // A live session not yet due for renewal: Better Auth would answer the same and write nothing.
    const live = await sessionUser(raw);
    if (live && !live.renewalDue) return toViewer(live);
    const { headers, response: session } = await auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    });
    // Fastify adds each Set-Cookie to those already on the reply.
    for (const cookie of headers.getSetCookie()) void reply.header('set-cookie', cookie);
    // Renewed or ended: what was kept of it is out of date.
    const token = verifySignedCookie(raw, secret);
    if (token) kept.delete(token);
    if (!session) return null;
    const user = session.user as typeof session.user & {
      role: string;
      verified: boolean;
      locale?: string;
      deletedAt?: Date | null;
    };
    return user.deletedAt ? null : toViewer(user);
  }

  return {
    read(request) {
      let pending = cache.get(request);
      if (!pending) cache.set(request, (pending = read(request)));
      return pending;
    },
    readAndRenew,
    readAgain: read,
    forgetUser,
    forgetAll,
  };
}

export async function requireViewer(
  reader: ViewerReader,
  request: FastifyRequest,
  roles?: readonly Role[],
  renewOn?: FastifyReply,
): Promise<Viewer> {
  const viewer = await (renewOn ? reader.readAndRenew(request, renewOn) : reader.read(request));
  if (!viewer) throw new Unauthorized();
  if (roles && !roles.includes(viewer.role)) throw new Forbidden();
  return viewer;
}
