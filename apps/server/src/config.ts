/**
 * The environment, parsed once at start-up. A wrong value stops the process with one line per problem,
 * so a misconfigured deployment fails loudly instead of half-working.
 */
import { z } from 'zod';
import { isKnownCurrency, paymentMethods } from '@furniture-mart/shared';
import { isPhoneRegion } from '@furniture-mart/shared/phones';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/** `false`, a number of proxy hops, or proxy addresses/CIDRs: what Fastify's `trustProxy` accepts. */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = list(text);
  const wrong = addresses.filter((item) => !IPV4_OR_CIDR.test(item) && !IPV6_OR_CIDR.test(item));
  if (addresses.length > 0 && wrong.length === 0) return addresses;
  context.addIssue({
    code: 'custom',
    message:
      text === 'true' || text === 'yes'
        ? "trusting every proxy lets a client choose its own address; give the number of proxy hops (e.g. 1) or the proxies' addresses"
        : `must be a number of proxy hops or a comma-separated list of proxy addresses/CIDRs (not ${wrong.join(', ')})`,
  });
  return z.NEVER;
});

/** Exact origins (scheme, host and port, nothing else), as browsers send them in the Origin header. */
const originList = z.string().transform((value, context) => {
  const origins: string[] = [];
  for (const item of list(value)) {
    let origin: string | null = null;
    try {
      const url = new URL(item);
      if (['http:', 'https:'].includes(url.protocol) && url.origin === item.replace(/\/$/, ''))
        origin = url.origin;
    } catch {
      // reported below
    }
    if (!origin) {
      context.addIssue({
        code: 'custom',
        message: `${item} is not an origin such as https://shop.example.com`,
      });
      return z.NEVER;
    }
    origins.push(origin);
  }
  return origins;
});
const optionalString = z.preprocess(emptyAsUndefined, z.string().min(1).optional());

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Defaults to http://localhost:<PORT> (see loadConfig). */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a listing answer may come from memory (platform/listing-cache.ts); 0: never. */
  LISTING_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** The most memory listing answers kept in memory may take, in MiB (their size as JSON). */
  LISTING_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  CURRENCY: z
    .string()
    .refine(isKnownCurrency, {
      error: (issue) => `${String(issue.input)} is not an ISO 4217 currency code (such as USD, EUR, JPY)`,
    })
    .default('USD'),
  /**
   * Whose phone numbers the shop takes (ISO 3166 country code): in BD mobile numbers only, elsewhere the
   * numbers libphonenumber-js holds valid for the country. Every number is stored as E.164.
   */
  PHONE_REGION: z
    .string()
    .transform((code) => code.trim().toUpperCase())
    .refine(isPhoneRegion, {
      error: (issue) =>
        `${String(issue.input)} is not a country code phone numbers are known for (such as BD, IN, GB)`,
    })
    .default('BD'),
  BETTER_AUTH_SECRET: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies in front of the server may report the client address in X-Forwarded-For: a number
   * of hops, or a comma-separated list of proxy addresses and CIDR ranges. Never "trust anyone".
   */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxy.optional()).default(false),
  /** Origins other than PUBLIC_URL's that may send state-changing requests (comma-separated). */
  ALLOWED_ORIGINS: z.preprocess(emptyAsUndefined, originList.optional()).default([]),
  SEED_DEMO: z.preprocess(emptyAsUndefined, bool.optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().optional()),
  STRIPE_API_PROTOCOL: z.preprocess(emptyAsUndefined, z.enum(['http', 'https']).optional()),
  /** bKash tokenized checkout (all four and the base URL together); without them the wallet sandbox. */
  BKASH_APP_KEY: optionalString,
  BKASH_APP_SECRET: optionalString,
  BKASH_USERNAME: optionalString,
  BKASH_PASSWORD: optionalString,
  /** e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta (bKash's sandbox) or the live address. */
  BKASH_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** How long one call to the wallet may take before the wallet counts as down (503). */
  BKASH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** The ways to pay the shop offers, comma-separated: card, wallet, cash (decision 0090). */
  PAYMENT_METHODS: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim()
        ? [
            ...new Set(
              value
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean),
            ),
          ]
        : undefined,
    z
      .array(z.enum(paymentMethods))
      .min(1)
      .default([...paymentMethods]),
  ),
  /** How long a cash reservation holds the piece for its buyer before it lapses. */
  CASH_HOLD_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 14)
    .default(48),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, bool.optional()).default(true),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /**
   * Failed sign-ins (and wrong current passwords) for one account from anywhere, in
   * SIGN_IN_FAILURE_WINDOW_MINUTES, after which its owner is mailed and each failing address gets fewer
   * tries. Never refuses an address with no failures for the account.
   */
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins allowed for one account from one client address in the same window. */
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins allowed per client address in the same window, whichever accounts they name. */
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  SIGN_IN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Products one buyer may hold in checkout at the same time. */
  MAX_CHECKOUT_HOLDS: z.coerce.number().int().min(1).max(100).default(1),
  /** Open (unpaid) bookings one buyer may have at the same time. */
  MAX_OPEN_BOOKINGS: z.coerce.number().int().min(1).max(1000).default(10),
  /** Offers (issue 40): the lowest offer as a per cent of the price, open offers per buyer, hours to answer. */
  OFFER_MIN_PERCENT: z.coerce.number().int().min(1).max(99).default(50),
  MAX_OPEN_OFFERS: z.coerce.number().int().min(1).max(10_000).default(3),
  OFFER_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** PostgreSQL server only: how long one statement may run, and wait for a lock, before it is stopped. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  /** How long start-up waits for the database to accept connections before giving up. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** redis:// URL: rate limits shared by every instance (lib/redis.ts); unset: kept in memory. */
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  /** Prepended to every Redis key of this application, so several may share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('furniture-mart:'),
  /** false: migrations are a release step (npm run db:migrate), not part of every start. */
  MIGRATE_ON_START: z.preprocess(emptyAsUndefined, bool.optional()).default(true),
  /** After SIGTERM: how long /api/ready says 503 while requests are still served, before closing. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  /** smtp:// or smtps:// server for outgoing mail; unset: messages stay in the database (/dev/mail). */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Furniture Mart <no-reply@furnituremart.test>'),
  /** A paid order not handed over after this many days completes by itself (unless reported). */
  HANDOFF_AUTO_COMPLETE_DAYS: z.coerce.number().min(1).max(365).default(7),
  /** web: pages and API, no background jobs; worker: jobs, and only health, readiness and metrics. */
  ROLE: z.enum(['web', 'worker', 'all'], { error: 'must be web, worker or all' }).default('all'),
  /**
   * Who may browse categories and search: people signed in (the specification's rule) or, with
   * `public`, visitors too. Product and seller pages are open to everyone either way.
   */
  CATALOGUE_ACCESS: z
    .enum(['signed-in', 'public'], { error: 'must be signed-in or public' })
    .default('signed-in'),
  /** Messages one person may send within a minute; an account younger than a day, the second. */
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  NEW_ACCOUNT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Conversations one buyer may start within a day; an account younger than a day, the second. */
  CONVERSATIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  NEW_ACCOUNT_CONVERSATIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Live event streams one person may hold open on one instance (tabs, devices). */
  EVENT_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Tries of one message before it is marked failed (a permanent refusal fails it at once). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Provider calls of one refund before it is marked failed and waits for an administrator. */
  REFUND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /** A job due for this long without being taken shows as stuck (no worker running, or one hung). */
  JOB_STUCK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(15),
  /** Where GET /metrics answers: a port of its own (`off`: none), on this address only. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: z
    .string()
    .transform((value, context): 'off' | number => {
      if (value.trim().toLowerCase() === 'off') return 'off';
      const port = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
      if (port >= 0 && port <= 65535) return port;
      context.addIssue({ code: 'custom', message: 'must be a port number or off' });
      return z.NEVER;
    })
    .default(9464),
  /** Also answer GET /metrics on the main port, to requests bearing this token. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(24, 'must be at least 24 characters').optional(),
  ),
  /** OTLP/HTTP collector: traces of requests, statements, mail and payment calls, and errors. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  OTEL_SERVICE_NAME: z.string().min(1).default('furniture-mart'),
  /** Load shedding: past this event-loop delay (0: never), requests answer 503 with Retry-After. */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Past this much heap in use, in MiB (0: never; unset: 90% of the heap limit). */
  PRESSURE_MAX_HEAP_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional()),
  PRESSURE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * PostgreSQL replicas (comma-separated postgres:// URLs) for listing, search, category, product and
   * seller page reads; everything else, and the reads of whoever just wrote, go to DATABASE_URL.
   */
  DATABASE_READ_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value, context) => {
        const urls = list(value);
        for (const url of urls) {
          if (!/^postgres(ql)?:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) {
            context.addIssue({ code: 'custom', message: `${redact(url)} is not a postgres:// URL` });
            return z.NEVER;
          }
        }
        return urls;
      })
      .optional(),
  ),
  /** A replica further behind the primary than this is left out until it catches up. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

/** A URL for a message: its password is never printed. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/**
 * Rules across variables, checked on the raw values so they are reported together with per-variable
 * problems (a schema refinement would only run once every variable parsed).
 */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !set('BETTER_AUTH_SECRET')) {
    problems.push('BETTER_AUTH_SECRET: is required in production');
  }
  if (set('BETTER_AUTH_SECRET') && env.BETTER_AUTH_SECRET!.length < 32) {
    problems.push('BETTER_AUTH_SECRET: must be at least 32 characters');
  }
  if (set('GOOGLE_CLIENT_ID') !== set('GOOGLE_CLIENT_SECRET')) {
    problems.push('GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (set('STRIPE_SECRET_KEY') !== set('STRIPE_PUBLISHABLE_KEY')) {
    problems.push('STRIPE_SECRET_KEY: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together');
  }
  const bkash = ['BKASH_APP_KEY', 'BKASH_APP_SECRET', 'BKASH_USERNAME', 'BKASH_PASSWORD', 'BKASH_BASE_URL'];
  if (bkash.some(set) && !bkash.every(set)) {
    problems.push(`BKASH_APP_KEY: ${bkash.join(', ')} must be set together`);
  }
  if (set('DATABASE_READ_URL') && !set('DATABASE_URL')) {
    problems.push('DATABASE_READ_URL: replicas need DATABASE_URL (the primary) too');
  }
  if (set('S3_BUCKET') && !(set('S3_ACCESS_KEY_ID') && set('S3_SECRET_ACCESS_KEY'))) {
    problems.push('S3_BUCKET: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return problems;
}

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)),
    ...crossFieldProblems(env),
  ];
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}` };
}

/**
 * Origins that may send state-changing requests: PUBLIC_URL's (scheme, host and port) and any listed in
 * ALLOWED_ORIGINS, compared exactly. Never derived from the Host header, which the client chooses.
 */
export function allowedOrigins(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>): string[] {
  return [new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS];
}

/** Demo data is seeded on an empty embedded database outside production unless SEED_DEMO says otherwise. */
export function shouldSeedDemo(config: Config): boolean {
  if (config.NODE_ENV === 'production') return false;
  return config.SEED_DEMO ?? !config.DATABASE_URL;
}
