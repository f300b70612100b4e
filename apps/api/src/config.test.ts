import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/lotline');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
};

const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://m' };
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_def',
  STRIPE_WEBHOOK_SECRET: 'whsec_ghi',
};

describe('loadConfig', () => {
  it('applies the defaults, resolving directories against the working directory', () => {
    const config = loadConfig({}, '/srv/lotline');
    expect(config).toEqual({
      port: 3001,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/lotline/data'),
      databaseUrl: undefined,
      readReplica: undefined,
      logLevel: 'info',
      logFormat: 'pretty',
      nodeEnv: 'development',
      filesDir: path.resolve('/srv/lotline/data/files'),
      imageCacheDir: path.resolve('/srv/lotline/data/image-cache'),
      publicOrigin: 'http://localhost:3000',
      seedIfEmpty: false,
      importPhotoPrivateUrls: false,
      seedLots: 3000,
      featureOverrides: {},
      authSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Lotline <no-reply@lotline.localhost>',
      trustProxy: 'loopback',
      paymentsProvider: 'sandbox',
      uploadQuota: {
        dailyBytes: 209_715_200,
        totalBytes: 1_073_741_824,
        company: { dailyBytes: 10_737_418_240, totalBytes: 53_687_091_200 },
      },
      rateLimitScale: 1,
      live: { maxConnections: 20_000, maxConnectionsPerClient: 50, heartbeatMs: 10_000 },
      timeouts: { httpRequest: 120_000, httpConnection: 60_000, httpKeepAlive: 72_000, dbStatement: 30_000 },
      metricsToken: undefined,
      shutdownDrainMs: 0,
      sessionCache: { ttlMs: 5_000, maxEntries: 10_000 },
    });
  });

  it('reads every variable, and FILES_DIR follows DATA_DIR unless set', () => {
    const config = loadConfig(
      {
        API_PORT: '8080',
        API_HOST: '0.0.0.0',
        DATA_DIR: '/var/lotline',
        DATABASE_URL: 'postgres://u:p@db:5432/lotline',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://lotline.example/',
        FEATURE_VIDEO_SUPPORT: 'on',
        FEATURE_COUNTER_OFFER: 'off',
        SEED_IF_EMPTY: 'true',
        SEED_LOTS: '600',
        AUTH_SECRET: 'a'.repeat(32),
        SMTP_URL: 'smtps://u:p@mail.example:465',
        MAIL_FROM: 'Lotline <hello@lotline.example>',
        TRUST_PROXY: '10.0.0.0/8',
        LIVE_MAX_CONNECTIONS: '30000',
        LIVE_MAX_CONNECTIONS_PER_CLIENT: '20',
        ...STRIPE_KEYS,
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lotline',
      filesDir: '/var/lotline/files',
      imageCacheDir: '/var/lotline/image-cache',
      databaseUrl: 'postgres://u:p@db:5432/lotline',
      logLevel: 'debug',
      logFormat: 'json',
      nodeEnv: 'production',
      publicOrigin: 'https://lotline.example',
      seedIfEmpty: true,
      seedLots: 600,
      featureOverrides: { VIDEO_SUPPORT: true, COUNTER_OFFER: false },
      authSecret: 'a'.repeat(32),
      smtpUrl: 'smtps://u:p@mail.example:465',
      mailFrom: 'Lotline <hello@lotline.example>',
      trustProxy: '10.0.0.0/8',
      live: { maxConnections: 30_000, maxConnectionsPerClient: 20, heartbeatMs: 10_000 },
      paymentsProvider: 'stripe',
      stripe: { secretKey: 'sk_live_abc', publishableKey: 'pk_live_def' },
      stripeWebhookSecret: 'whsec_ghi',
    });
    expect(problemsOf({ LIVE_MAX_CONNECTIONS: '0' })[0]).toMatch(/^LIVE_MAX_CONNECTIONS: /);
    expect(loadConfig({ DATA_DIR: '/d', FILES_DIR: '/f' }).filesDir).toBe('/f');
  });

  it('requires an auth secret and a mail server in production, and refuses short secrets and non-SMTP URLs', () => {
    expect(problemsOf({ NODE_ENV: 'production', ...STRIPE_KEYS })).toEqual([
      'AUTH_SECRET: required when NODE_ENV=production',
      'SMTP_URL: required when NODE_ENV=production (mail must reach people)',
    ]);
    const problems = problemsOf({ AUTH_SECRET: 'short', SMTP_URL: 'http://mail.example' }).join('\n');
    expect(problems).toMatch(/AUTH_SECRET: Must be at least 32 characters/);
    expect(problems).toMatch(/SMTP_URL: Must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it('logs readable lines in development and JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(problemsOf({ LOG_FORMAT: 'xml' })).toEqual(['LOG_FORMAT: Must be "json" or "pretty"']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ API_PORT: '', DATABASE_URL: '' }).port).toBe(3001);
  });

  it('lists every problem at once, without echoing secret values', () => {
    const problems = problemsOf({
      API_PORT: 'eighty',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      PUBLIC_ORIGIN: 'ftp://x',
      FEATURE_VIDEO_SUPPORT: 'yes',
      FEATURE_TELEPORT: 'on',
    });
    const text = problems.join('\n');
    for (const key of [
      'API_PORT',
      'LOG_LEVEL',
      'NODE_ENV',
      'DATABASE_URL',
      'PUBLIC_ORIGIN',
      'FEATURE_VIDEO_SUPPORT',
      'FEATURE_TELEPORT',
    ]) {
      expect(text).toContain(key);
    }
    expect(problems).toHaveLength(7);
    expect(text).not.toContain('hunter2');
  });

  it('defaults to 3,000 demo lots and refuses a count that is not a positive integer', () => {
    expect(loadConfig({}).seedLots).toBe(3000);
    expect(problemsOf({ SEED_LOTS: '0' })[0]).toMatch(/^SEED_LOTS:/);
    expect(problemsOf({ SEED_LOTS: 'many' })[0]).toMatch(/^SEED_LOTS:/);
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ API_PORT: '70000' })[0]).toMatch(/^API_PORT:/);
  });
  it('reads the read replica with its lag bound, only beside a primary (decision 0101)', () => {
    const primary = { DATABASE_URL: 'postgres://u:p@db1:5432/lotline' };
    expect(loadConfig({ ...primary, DATABASE_READ_URL: 'postgres://u:p@db2:5432/lotline' }).readReplica).toEqual({
      url: 'postgres://u:p@db2:5432/lotline',
      maxLagMs: 2_000,
    });
    const bound = { ...primary, DATABASE_READ_URL: 'postgres://db2/lotline', READ_REPLICA_MAX_LAG_MS: '500' };
    expect(loadConfig(bound).readReplica?.maxLagMs).toBe(500);
    expect(problemsOf({ DATABASE_READ_URL: 'postgres://db2/lotline' })).toEqual([
      'DATABASE_READ_URL: needs DATABASE_URL (a replica of that PostgreSQL primary)',
    ]);
    expect(problemsOf({ ...primary, DATABASE_READ_URL: 'mysql://db2' })[0]).toMatch(/^DATABASE_READ_URL:/);
    expect(problemsOf({ ...bound, READ_REPLICA_MAX_LAG_MS: '10' })[0]).toMatch(/^READ_REPLICA_MAX_LAG_MS:/);
  });
  it('reads the request and statement timeouts (decision 0028)', () => {
    const config = loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '300000', DB_STATEMENT_TIMEOUT_MS: '0' });
    expect(config.timeouts).toMatchObject({ httpRequest: 300_000, dbStatement: 0 });
    expect(problemsOf({ HTTP_REQUEST_TIMEOUT_MS: '10' })[0]).toMatch(/^HTTP_REQUEST_TIMEOUT_MS:/);
    expect(problemsOf({ DB_STATEMENT_TIMEOUT_MS: '-1' })[0]).toMatch(/^DB_STATEMENT_TIMEOUT_MS:/);
  });
  it('reads the metrics token (long enough, no spaces) and the shutdown drain, 5 s by default in production', () => {
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(problemsOf({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN: Must be 32 to 256 characters/);
    expect(problemsOf({ METRICS_TOKEN: `${token} x` })[0]).toMatch(/^METRICS_TOKEN:/);
    expect(problemsOf({ METRICS_TOKEN: 'short' }).join()).not.toContain('short');
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainMs).toBe(12_000);
    expect(loadConfig({ ...PRODUCTION, PAYMENTS_PROVIDER: 'sandbox' }).shutdownDrainMs).toBe(5_000);
    expect(
      loadConfig({ ...PRODUCTION, PAYMENTS_PROVIDER: 'sandbox', SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs,
    ).toBe(0);
    expect(problemsOf({ SHUTDOWN_DRAIN_SECONDS: '301' })[0]).toMatch(/^SHUTDOWN_DRAIN_SECONDS:/);
  });
  it('scales the rate limits only outside production', () => {
    expect(loadConfig({}).rateLimitScale).toBe(1);
    expect(loadConfig({ RATE_LIMIT_SCALE: '10' }).rateLimitScale).toBe(10);
    expect(problemsOf({ RATE_LIMIT_SCALE: '0' })[0]).toMatch(/^RATE_LIMIT_SCALE:/);
    expect(problemsOf({ ...PRODUCTION, PAYMENTS_PROVIDER: 'sandbox', RATE_LIMIT_SCALE: '10' })).toEqual([
      'RATE_LIMIT_SCALE: must be 1 when NODE_ENV=production',
    ]);
  });
  it('reads the Stripe keys (both or neither) and refuses keys of the wrong kind', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_def',
    });
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: set both or neither',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' })[0]).toMatch(
      /^STRIPE_SECRET_KEY:/,
    );
  });

  it('in production requires the three Stripe variables, naming exactly the missing ones', () => {
    const stripeProblem = (env: Record<string, string>) =>
      problemsOf({ ...PRODUCTION, ...env }).filter((p) => p.includes('STRIPE_'));
    expect(stripeProblem({})).toEqual([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production ' +
        '(real payments); a staging site without real money sets PAYMENTS_PROVIDER=sandbox instead',
    ]);
    const { STRIPE_PUBLISHABLE_KEY: _, ...withoutPublishable } = STRIPE_KEYS;
    expect(stripeProblem(withoutPublishable)).toEqual([expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: required/)]);
    expect(stripeProblem({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_def' })).toEqual([
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production/),
    ]);
    // Asking for Stripe outside production is as strict.
    expect(problemsOf({ PAYMENTS_PROVIDER: 'stripe' })).toEqual([
      expect.stringMatching(
        /^STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe/,
      ),
    ]);
    expect(problemsOf({ PAYMENTS_PROVIDER: 'paypal' })[0]).toMatch(/^PAYMENTS_PROVIDER: Must be "stripe" or "sandbox"/);
  });

  it('chooses the payment provider: Stripe in production, the sandbox only on purpose there', () => {
    const live = loadConfig({ ...PRODUCTION, ...STRIPE_KEYS });
    expect([live.paymentsProvider, live.stripe?.secretKey, live.stripeWebhookSecret]).toEqual([
      'stripe',
      'sk_live_abc',
      'whsec_ghi',
    ]);
    // A staging site: the sandbox, any Stripe keys ignored.
    const staging = loadConfig({ ...PRODUCTION, ...STRIPE_KEYS, PAYMENTS_PROVIDER: 'sandbox' });
    expect([staging.paymentsProvider, staging.stripe, staging.stripeWebhookSecret]).toEqual([
      'sandbox',
      undefined,
      undefined,
    ]);
    expect(loadConfig({ ...PRODUCTION, PAYMENTS_PROVIDER: 'sandbox' }).paymentsProvider).toBe('sandbox');
    // Outside production: the sandbox without keys (the quick start, the tests), Stripe with them.
    expect(loadConfig({ NODE_ENV: 'test' }).paymentsProvider).toBe('sandbox');
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' };
    expect(loadConfig(keys).paymentsProvider).toBe('stripe');
    expect(loadConfig({ ...keys, PAYMENTS_PROVIDER: 'sandbox' }).stripe).toBeUndefined();
  });

  it('reads S3 upload storage settings and refuses incomplete ones', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: 'lotline-uploads', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'https://s3.example.com' }).s3,
    ).toEqual({
      bucket: 'lotline-uploads',
      region: 'eu-west-1',
      endpoint: 'https://s3.example.com',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(problemsOf({ S3_BUCKET: 'lotline-uploads' })).toEqual(['S3_REGION: required when any S3_ setting is set']);
    expect(problemsOf({ S3_REGION: 'us-east-1' })).toEqual(['S3_BUCKET: required when any S3_ setting is set']);
    expect(problemsOf({ S3_BUCKET: 'b-1', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'AKID' })).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    ]);
    expect(problemsOf({ S3_BUCKET: 'Bad_Bucket', S3_REGION: 'us-east-1' })[0]).toMatch(/^S3_BUCKET:/);
    expect(problemsOf({ S3_BUCKET: 'b-1', S3_REGION: 'us-east-1', S3_ENDPOINT: 'ftp://x' })[0]).toMatch(
      /^S3_ENDPOINT:/,
    );
  });
});
