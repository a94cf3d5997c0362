/**
 * The application factory: plugins and modules, no listening and no globals, so tests build as many
 * independent apps as they like and drive them with app.inject().
 */
import { randomUUID } from 'node:crypto';
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
import underPressure from '@fastify/under-pressure';
import { getHeapStatistics } from 'node:v8';
import { errorMessages } from '@furniture-mart/shared';
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
import { createPaymentProvider, createWalletProvider } from './platform/card-providers/create-provider.js';
import { registerModules } from './modules/index.js';
import { createSharedRedis, type SharedRedis } from './platform/redis.js';
import { sharedRateLimitStore } from './http/rate-limit-store.js';
import { createChangeFeed, type ChangeFeed } from './platform/db/change-feed.js';
import { shareListingChanges } from './platform/listing-cache.js';
import { createMailTransport, type MailTransport } from './modules/mail/transport.js';
import { withSpans } from './lib/spans.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ServiceUnavailable } from './platform/errors.js';
import type { Metrics } from './http/metrics.js';
import { READ_AFTER_COOKIE, parseLsn, type ReadRouting } from './platform/db/replicas.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Signs session cookies; stable across restarts so sessions survive them. */
  authSecret: string;
  images?: ImageStore;
  cardProvider?: PaymentProvider;
  /** The mobile wallet; built from BKASH_* (or the wallet sandbox) when not given. */
  walletProvider?: PaymentProvider;
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
    /** What every instance hears (LISTEN/NOTIFY): listing changes, ended sessions, live events. */
    changes: ChangeFeed;
    /** draining: shutting down; /api/ready answers 503 so a balancer sends nothing new. */
    lifecycle: { draining: boolean };
    /** Prometheus metrics (http/metrics.ts), or null when neither METRICS_PORT nor METRICS_TOKEN is set. */
    metrics: Metrics | null;
    /** Reads through replicas (DATABASE_READ_URL), or null: every read goes to the one database. */
    readRouting: ReadRouting | null;
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
  const isTracing = Boolean(config.OTEL_EXPORTER_OTLP_ENDPOINT);
  // With tracing, calls to the payment provider and the mail relay are spans of the request's trace.
  const spansOf = <T extends object>(target: T, prefix: string, methods: (keyof T & string)[]) =>
    isTracing ? withSpans(target, prefix, methods) : target;
  const cardProvider = spansOf(deps.cardProvider ?? (await createPaymentProvider(config)), 'payment', [
    'createIntent',
    'retrieveIntent',
    'authorizeCard',
    'capture',
    'release',
    'refund',
  ]);
  const walletProvider = spansOf(deps.walletProvider ?? (await createWalletProvider(config)), 'wallet', [
    'createIntent',
    'retrieveIntent',
    'execute',
    'capture',
    'release',
    'refund',
  ]);
  const mail = spansOf(deps.mail ?? createMailTransport(config.SMTP_URL), 'mail', ['send']);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('auth', auth);
  // What every instance hears: listing changes, ended sessions, live events (LISTEN/NOTIFY).
  const changes = await createChangeFeed(database, { log: app.log });
  app.addHook('onClose', () => changes.close());
  app.decorate('changes', changes);
  // Listing and page reads through replicas (DATABASE_READ_URL); the writer's own reads see their write.
  const readRouting =
    config.DATABASE_READ_URL?.length && database.readReplicas
      ? database.readReplicas({
          urls: config.DATABASE_READ_URL,
          maxLagSeconds: config.DATABASE_READ_MAX_LAG_SECONDS,
          log: app.log,
          poolSize: config.DATABASE_POOL_SIZE,
          onRead: (target) => app.metrics?.countRead(target),
        })
      : null;
  if (readRouting) {
    app.addHook('onClose', () => readRouting.close());
    registerReadYourWrites(app, readRouting);
  }
  app.decorate('readRouting', readRouting);
  const services = createServices({
    config,
    db: database.db,
    images,
    cardProvider,
    walletProvider,
    mail,
    readRouting,
  });
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
  if (config.LISTING_CACHE_SECONDS > 0) shareListingChanges(services.listings, changes, database.db, app.log);
  const viewers = await createViewerReader({ auth, db: database.db, secret: deps.authSecret, feed: changes });
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

  // One JSON line per request, with its id, status and duration. Not awaited: every request runs it.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Loaded only when some scraper may ask for them.
  const metrics =
    config.METRICS_PORT !== 'off' || config.METRICS_TOKEN
      ? (await import('./http/metrics.js')).createMetrics(app)
      : null;
  app.decorate('metrics', metrics);

  // Before every other hook, so all a request does happens inside its span.
  if (isTracing) (await import('./http/request-spans.js')).registerRequestSpans(app);
  registerErrorHandling(app);
  // The first hook: everything after it, refusals included, speaks the request's language.
  await registerLocale(app);
  // First of the checks: a path that is not canonical reaches nothing else.
  registerCanonicalPaths(app);
  registerLoadShedding(app);
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
  if (metrics && config.METRICS_TOKEN) {
    const { registerMetricsRoute } = await import('./http/metrics.js');
    registerMetricsRoute(app, metrics, config.METRICS_TOKEN);
  }
  // A worker instance runs the background jobs and answers nothing but health, readiness and metrics.
  if (config.ROLE === 'worker') {
    await app.register(healthRoutes);
    return app;
  }
  await registerOpenApi(app);
  await registerModules(app);
  if (deps.serveWebApp) await registerWebApp(app, deps.serveWebApp === true ? {} : deps.serveWebApp);

  return app;
}

/** Answered even under pressure: a balancer, an orchestrator and a scraper must still hear back. */
const ALWAYS_ANSWERED = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * Load shedding (@fastify/under-pressure): past the event-loop delay or heap limits, requests answer
 * 503 with Retry-After before the process falls over, except health, readiness and metrics.
 */
function registerLoadShedding(app: FastifyInstance): void {
  const { config } = app;
  const heapMb =
    config.PRESSURE_MAX_HEAP_MB ?? Math.floor((getHeapStatistics().heap_size_limit * 0.9) / 1024 / 1024);
  void app.register(underPressure, {
    maxEventLoopDelay: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: heapMb * 1024 * 1024,
    retryAfter: config.PRESSURE_RETRY_AFTER_SECONDS,
    sampleInterval: 500,
    pressureHandler: (request, _reply, type, value) => {
      if (ALWAYS_ANSWERED.has(request.url.split('?')[0]!)) return;
      app.metrics?.countShed();
      request.log.warn({ type, value }, 'shedding load');
      return Promise.reject(
        new ServiceUnavailable(errorMessages.overloaded, config.PRESSURE_RETRY_AFTER_SECONDS),
      );
    },
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Requests that change only who is signed in, never what a listing or a page shows. */
const SESSION_ONLY = /^\/api\/auth\/(sign-in|sign-up|sign-out)(\/|$|\?)/;

/**
 * Read your own writes with replicas (platform/db/replicas.ts): a request that changed something hands
 * its sender the primary's WAL position in a short-lived cookie, and every request carrying it reads
 * only from replicas that have replayed that far (else the primary), past the listing and page caches.
 */
function registerReadYourWrites(app: FastifyInstance, routing: ReadRouting): void {
  const cookiePattern = new RegExp(
    `(?:^|;\\s*)${READ_AFTER_COOKIE}=([0-9A-Fa-f]{1,8}%2F[0-9A-Fa-f]{1,8}|[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8})`,
  );
  app.addHook('onRequest', (request, _reply, done) => {
    const cookie = request.headers.cookie;
    const given = cookie ? cookiePattern.exec(cookie)?.[1] : undefined;
    const lsn = given ? parseLsn(decodeURIComponent(given)) : null;
    routing.runAs(lsn, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    if (SESSION_ONLY.test(request.url)) return payload;
    const lsn = await routing.writePosition().catch(() => null);
    if (!lsn) return payload;
    const secure = app.config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
    const ours = `${READ_AFTER_COOKIE}=${encodeURIComponent(lsn)}; Max-Age=${routing.cookieSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`;
    const existing = reply.getHeader('set-cookie');
    const cookies = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    reply.removeHeader('set-cookie');
    reply.header('set-cookie', [...cookies.map(String), ours]);
    return payload;
  });
}
