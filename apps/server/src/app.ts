/**
 * The application factory: plugins and modules, no listening and no globals, so tests build as many
 * independent apps as they like and drive them with app.inject().
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import type { Config } from './config.js';
import type { Database } from './platform/db/client.js';
import { createAuth, type Auth } from './platform/auth/auth.js';
import { createViewerReader, requireViewer, type Viewer, type ViewerReader } from './platform/auth/viewer.js';
import { messages, type Role } from '@furniture-mart/shared';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.js';
import { registerJsonBody } from './http/json-body.js';
import { registerSecurity } from './http/security.js';
import { registerCanonicalPaths } from './http/canonical-path.js';
import { registerLocale } from './platform/locale.js';
import { MemoryAttemptStore, SharedAttemptStore, type AttemptStore } from './platform/attempts.js';
import { registerOpenApi } from './http/openapi.js';
import { createAnswerSerializerCompiler, registerKeptAnswers } from './http/serializer.js';
import { registerWebApp, type WebAppOptions } from './http/web-app.js';
import { recoveryMail } from './modules/accounts/recovery-mail.js';
import { createServices, type Services } from './services.js';
import type { ImageStore } from './platform/images/store.js';
import { createImageStore } from './platform/images/create-store.js';
import type { PaymentProvider } from './platform/card-providers/provider.js';
import { createPaymentProvider } from './platform/card-providers/create-provider.js';
import { registerModules } from './modules/index.js';
import { createSharedRedis, type SharedRedis } from './platform/redis.js';
import { sharedRateLimitStore } from './http/rate-limit-store.js';
import { shareListingChanges, type ListingChanges } from './modules/catalogue/listing-changes.js';
import type { MailTransport } from './modules/mail/transport.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Signs session cookies; stable across restarts so sessions survive them. */
  authSecret: string;
  images?: ImageStore;
  cardProvider?: PaymentProvider;
  /** Where mail goes (default: SMTP_URL, or the database mailbox). */
  mail?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveWebApp?: boolean | WebAppOptions;
  /** Where attempt counts (failed sign-ins) live; memory by default. */
  attemptStore?: AttemptStore;
  /** Called for every route as it is registered (Fastify's onRoute), e.g. to enumerate the API in tests. */
  onRoute?: (route: RouteOptions) => void;
  /** Shared Redis (rate limits); by default made from REDIS_URL when set, and closed with the app. */
  redis?: SharedRedis | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    auth: Auth;
    services: Services;
    /** Who a request comes from; routes use request.viewer() and requireViewer() instead. */
    viewers: ViewerReader;
    attemptStore: AttemptStore;
    /** Redis shared by every instance (REDIS_URL), or null: counters kept in memory. */
    redis: SharedRedis | null;
    /** Other instances' listing changes (PostgreSQL only), or null. */
    listingChanges: ListingChanges | null;
    /** draining: shutting down; /api/ready answers 503 so a balancer sends nothing new. */
    lifecycle: { draining: boolean };
  }
  interface FastifyRequest {
    viewer(): Promise<Viewer | null>;
    requireViewer(roles?: readonly Role[]): Promise<Viewer>;
    /**
     * requireViewer through Better Auth, which also renews a session in use (GET /api/me); the renewed
     * cookie goes out on `reply`.
     */
    requireRenewedViewer(reply: FastifyReply): Promise<Viewer>;
  }
}

/**
 * A number of proxy hops or the proxies' addresses (config.ts), never "whatever the client says". Hops
 * become the function proxy-addr makes of a number (Fastify's types do not list the number form).
 */
function trustProxyOption(value: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    // Our own onResponse hook writes the single line per request.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Before anything registers a route, so every one of them is seen.
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createAnswerSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));

  const auth = createAuth({
    config,
    db: database.db,
    secret: deps.authSecret,
    recoveryMail: recoveryMail(database.db, config.PUBLIC_URL),
  });
  const images = deps.images ?? (await createImageStore(config));
  const cardProvider = deps.cardProvider ?? (await createPaymentProvider(config));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('auth', auth);
  const services = createServices({ config, db: database.db, images, cardProvider, mail: deps.mail });
  app.decorate('services', services);
  app.decorate('lifecycle', { draining: false });
  const redis =
    deps.redis !== undefined
      ? deps.redis
      : config.REDIS_URL
        ? createSharedRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, log: app.log })
        : null;
  if (redis && deps.redis === undefined) app.addHook('onClose', () => redis.close());
  app.decorate('redis', redis);
  // Several instances on one PostgreSQL database drop each other's kept listings (listing-changes.ts).
  const listingChanges =
    database.connectionString && config.LISTING_CACHE_SECONDS > 0
      ? await shareListingChanges({
          connectionString: database.connectionString,
          cache: services.listings,
          notify: (channel, payload) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`),
          log: app.log,
        })
      : null;
  if (listingChanges) app.addHook('onClose', () => listingChanges.close());
  app.decorate('listingChanges', listingChanges);
  const viewers = await createViewerReader({ auth, db: database.db, secret: deps.authSecret });
  app.decorate('viewers', viewers);
  // Failed sign-ins are counted where every instance sees them when there is a shared Redis.
  app.decorate(
    'attemptStore',
    deps.attemptStore ?? (redis ? new SharedAttemptStore(redis) : new MemoryAttemptStore()),
  );
  app.decorateRequest('viewer', function () {
    return viewers.read(this);
  });
  app.decorateRequest('requireViewer', function (roles?: readonly Role[]) {
    return requireViewer(viewers, this, roles);
  });
  app.decorateRequest('requireRenewedViewer', function (reply: FastifyReply) {
    return requireViewer(viewers, this, undefined, reply);
  });

  // One JSON line per request, with its id, status and duration.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  // The first hook: everything after it, refusals included, speaks the request's language.
  await registerLocale(app);
  // First of the checks: a path that is not canonical reaches nothing else.
  registerCanonicalPaths(app);
  registerJsonBody(app);
  await registerSecurity(app);
  registerKeptAnswers(app);
  // Answers are built in memory (listings, rendered pages: tens of KB), so each is compressed in one
  // call rather than through a stream per answer: on a machine of few cores the stream's handoffs cost
  // more than the compression itself. Only bigger answers (over 256 KB) still stream.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 256 * 1024 });
  await app.register(rateLimit, {
    global: false,
    // With REDIS_URL every instance counts in Redis, and in its own memory while Redis cannot answer.
    ...(redis ? { store: sharedRateLimitStore(redis) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: messages.waitSeconds(Math.ceil(context.ttl / 1000)),
    }),
  });
  await registerOpenApi(app);
  await registerModules(app);
  if (deps.serveWebApp) await registerWebApp(app, deps.serveWebApp === true ? {} : deps.serveWebApp);

  return app;
}
