import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, shouldSeedDemo } from './config.js';

describe('configuration', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      CURRENCY: 'USD',
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(shouldSeedDemo(config)).toBe(true);
  });

  it('reads the mail and handoff settings, refusing a mail server that is not SMTP', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      HANDOFF_AUTO_COMPLETE_DAYS: '3',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      HANDOFF_AUTO_COMPLETE_DAYS: 3,
    });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({}).HANDOFF_AUTO_COMPLETE_DAYS).toBe(7);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ HANDOFF_AUTO_COMPLETE_DAYS: '0' })).toThrow(/HANDOFF_AUTO_COMPLETE_DAYS/);
  });

  it('treats empty strings as unset, as .env files write them', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      SEED_DEMO: '',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('lists every problem, one line each', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        CURRENCY: 'dollars',
        DATABASE_URL: 'mysql://x',
        GOOGLE_CLIENT_ID: 'only-id',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('CURRENCY:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('GOOGLE_CLIENT_ID:'))).toBe(true);
    }
  });

  it('takes the public URL from PORT unless it is set', () => {
    expect(loadConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://shop.example' }).PUBLIC_URL).toBe(
      'https://shop.example',
    );
  });

  it('accepts ISO 4217 currencies and stops on an unknown code with a clear line', () => {
    expect(loadConfig({ CURRENCY: 'JPY' }).CURRENCY).toBe('JPY');
    expect(loadConfig({ CURRENCY: 'BHD' }).CURRENCY).toBe('BHD');
    expect(() => loadConfig({ CURRENCY: 'XYZ' })).toThrow(
      'CURRENCY: XYZ is not an ISO 4217 currency code (such as USD, EUR, JPY)',
    );
  });

  it('requires a strong secret in production and never seeds demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /BETTER_AUTH_SECRET: is required in production/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SEED_DEMO: 'true',
    });
    expect(shouldSeedDemo(config)).toBe(false);
  });

  it('does not seed a PostgreSQL server unless asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: url }))).toBe(false);
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }))).toBe(true);
  });

  it('takes TRUST_PROXY as hops or proxy addresses, and refuses trusting everyone', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: trusting every proxy lets a client choose its own address/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(
      /TRUST_PROXY: must be a number of proxy hops/,
    );
  });

  it('takes ALLOWED_ORIGINS as exact origins only', () => {
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'http://192.168.1.20:3000, https://shop.example' }).ALLOWED_ORIGINS,
    ).toEqual(['http://192.168.1.20:3000', 'https://shop.example']);
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    for (const wrong of ['shop.example', 'https://shop.example/path', 'ftp://shop.example', '*']) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: wrong }), wrong).toThrow(
        /ALLOWED_ORIGINS: .* is not an origin/,
      );
    }
  });

  it('reads what several instances need: Redis, migrations as a release step, the drain, proxies', () => {
    expect(loadConfig({})).toMatchObject({
      MIGRATE_ON_START: true,
      SHUTDOWN_DRAIN_SECONDS: 5,
      REDIS_KEY_PREFIX: 'furniture-mart:',
    });
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      MIGRATE_ON_START: 'false',
      SHUTDOWN_DRAIN_SECONDS: '0',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({ MIGRATE_ON_START: false, SHUTDOWN_DRAIN_SECONDS: 0, TRUST_PROXY: 2 });
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a redis/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it('reads replicas as postgres URLs beside a primary, and stops on anything else with one line', () => {
    const primary = 'postgres://app@db-primary:5432/shop';
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URL: 'postgres://app@db-replica-1:5432/shop, postgresql://app@db-replica-2/shop',
    });
    expect(config.DATABASE_READ_URL).toEqual([
      'postgres://app@db-replica-1:5432/shop',
      'postgresql://app@db-replica-2/shop',
    ]);
    expect(config.DATABASE_READ_MAX_LAG_SECONDS).toBe(30);
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://app:secret@db-replica/shop' }),
    ).toThrow(
      /^Invalid configuration:\n {2}- DATABASE_READ_URL: mysql:\/\/app:\*\*\*@db-replica\/shop is not a postgres:\/\/ URL$/,
    );
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://app@db-replica/shop' })).toThrow(
      /DATABASE_READ_URL: replicas need DATABASE_URL/,
    );
  });

  it('reads the operations settings and stops on an unknown role or a bad metrics port', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ ROLE: 'all', METRICS_HOST: '127.0.0.1', METRICS_PORT: 9464 });
    expect(loadConfig({ METRICS_PORT: 'off' }).METRICS_PORT).toBe('off');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: must be a port number or off/);
    expect(() => loadConfig({ ROLE: 'both' })).toThrow(/ROLE: must be web, worker or all/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24/);
  });
});
