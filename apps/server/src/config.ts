/**
 * The environment, parsed once at start-up. A wrong value stops the process with one line per problem,
 * so a misconfigured deployment fails loudly instead of half-working.
 */
import { z } from 'zod';
import { isKnownCurrency } from '@furniture-mart/shared';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().min(1).optional());

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Defaults to http://localhost:<PORT> (see loadConfig). */
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** How long a listing answer may come from memory (modules/catalogue/listing-cache.ts); 0: never. */
    LISTING_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
    CURRENCY: z
      .string()
      .refine(isKnownCurrency, {
        error: (issue) => `${String(issue.input)} is not an ISO 4217 currency code (such as USD, EUR, JPY)`,
      })
      .default('USD'),
    BETTER_AUTH_SECRET: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, bool.optional()).default(false),
    SEED_DEMO: z.preprocess(emptyAsUndefined, bool.optional()),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_HOST: optionalString,
    STRIPE_API_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().optional()),
    STRIPE_API_PROTOCOL: z.preprocess(emptyAsUndefined, z.enum(['http', 'https']).optional()),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, bool.optional()).default(true),
    RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  });

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

/** Demo data is seeded on an empty embedded database outside production unless SEED_DEMO says otherwise. */
export function shouldSeedDemo(config: Config): boolean {
  if (config.NODE_ENV === 'production') return false;
  return config.SEED_DEMO ?? !config.DATABASE_URL;
}

