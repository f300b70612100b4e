import path from 'node:path';
import { FEATURE_FLAGS, type FeatureFlag } from '@lotline/contracts';
import { z } from 'zod';

/**
 * The API's configuration, read from the environment once at boot (convention 6).
 * Anything invalid stops the process with a list of every problem, so a
 * misconfigured deployment fails loudly instead of limping along on defaults.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['json', 'pretty'] as const;
export const PAYMENTS_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentsProvider = (typeof PAYMENTS_PROVIDERS)[number];
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

const httpOrigin = z
  .url({ protocol: /^https?$/, error: 'Must be an http(s) origin such as http://localhost:3000' })
  .transform((u) => new URL(u).origin);

/** Per-user upload quotas (decision 0027): bytes issued in the last 24 hours, and bytes kept in all. */
export interface UploadQuota {
  dailyBytes: number;
  totalBytes: number;
  /**
   * A seller company's quota (decision 0085), for the uploads made for its listings: sized for
   * catalogues (thousands of photos), not for one buyer. Omitted: DEFAULT_COMPANY_UPLOAD_QUOTA.
   */
  company?: { dailyBytes: number; totalBytes: number };
}
export const DEFAULT_COMPANY_UPLOAD_QUOTA = { dailyBytes: 10 * 1024 ** 3, totalBytes: 50 * 1024 ** 3 };
export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  dailyBytes: 200 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  company: DEFAULT_COMPANY_UPLOAD_QUOTA,
};

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65_535).default(3001),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'Must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'Must be a postgres:// or postgresql:// URL')
    .optional(),
  READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: 'Must be "json" or "pretty"' }).optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  FILES_DIR: z.string().min(1).optional(),
  PUBLIC_ORIGIN: httpOrigin.default('http://localhost:3000'),
  SEED_IF_EMPTY: z.enum(['true', 'false'], { error: 'Must be "true" or "false"' }).default('false'),
  IMPORT_PHOTO_PRIVATE_URLS: z.enum(['true', 'false'], { error: 'Must be "true" or "false"' }).default('false'),
  SEED_LOTS: z.coerce.number().int().min(1).max(10_000_000).default(3000),
  AUTH_SECRET: z.string().min(32, 'Must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'Must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lotline <no-reply@lotline.localhost>'),
  TRUST_PROXY: z.string().min(1).default('loopback'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'Must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'Must be a region name such as us-east-1')
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'Must be an http(s) URL such as https://s3.example.com' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'Must be "true" or "false"' }).default('false'),
  UPLOAD_QUOTA_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(31_457_280, 'Must allow at least one 30 MB video (31457280 bytes)')
    .default(DEFAULT_UPLOAD_QUOTA.dailyBytes),
  UPLOAD_QUOTA_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .min(31_457_280, 'Must allow at least one 30 MB video (31457280 bytes)')
    .default(DEFAULT_UPLOAD_QUOTA.totalBytes),
  COMPANY_UPLOAD_QUOTA_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(31_457_280, 'Must allow at least one 30 MB video (31457280 bytes)')
    .default(DEFAULT_COMPANY_UPLOAD_QUOTA.dailyBytes),
  COMPANY_UPLOAD_QUOTA_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .min(31_457_280, 'Must allow at least one 30 MB video (31457280 bytes)')
    .default(DEFAULT_COMPANY_UPLOAD_QUOTA.totalBytes),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(100).default(1),
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  LIVE_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(50),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'Must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'Must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'Must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  PAYMENTS_PROVIDER: z.enum(PAYMENTS_PROVIDERS, { error: 'Must be "stripe" or "sandbox"' }).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{32,256}$/, 'Must be 32 to 256 characters (e.g. `openssl rand -hex 32`)')
    .optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
});

const flagValue = z.enum(['on', 'off'], { error: 'Must be "on" or "off"' });

/** S3-compatible storage for uploads (decision 0012); unset: the embedded storage under FILES_DIR. */
export interface S3Config {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, …); unset: AWS. */
  endpoint: string | undefined;
  /** Both or neither; neither: the SDK's default credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = (typeof LOG_FORMATS)[number];
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A streaming replica for search reads (`DATABASE_READ_URL`, decision 0101), used while it is at most
   * `maxLagMs` (`READ_REPLICA_MAX_LAG_MS`) behind the primary; unset: every read goes to the primary.
   */
  readReplica: { url: string; maxLagMs: number } | undefined;
  logLevel: LogLevel;
  /** `pretty` (readable lines) by default in development, JSON elsewhere (decision 0025). */
  logFormat: LogFormat;
  nodeEnv: 'development' | 'test' | 'production';
  filesDir: string;
  /** Resized photos (WebP) kept between requests, `$DATA_DIR/image-cache` (decision 0023). */
  imageCacheDir: string;
  publicOrigin: string;
  /** Fill an empty database with demo data at start (`npm start` sets it). */
  seedIfEmpty: boolean;
  /** How many demo lots that first seeding creates. */
  seedLots: number;
  /**
   * `FEATURE_<FLAG>=on|off` from the environment. The stored flag values live in
   * the database (feature_flags); these overrides win over them per deployment.
   */
  featureOverrides: Partial<Record<FeatureFlag, boolean>>;
  /**
   * Signs session cookies and e-mail links. Required in production; elsewhere
   * main.ts keeps a generated one in `$DATA_DIR/auth-secret` when unset.
   */
  authSecret: string | undefined;
  /** SMTP server for outgoing mail; when unset, mail goes to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Addresses whose X-Forwarded-For is believed (proxy-addr syntax): the web server forwards from loopback. */
  trustProxy: string;
  /** Where uploads go: S3 when set, else the embedded storage. */
  s3: S3Config | undefined;
  /** Imported lots' photo URLs may name private and loopback addresses (`IMPORT_PHOTO_PRIVATE_URLS=true`; tests, the bench). */
  importPhotoPrivateUrls: boolean;
  /** Per-user upload quotas (`UPLOAD_QUOTA_DAILY_BYTES`, `UPLOAD_QUOTA_TOTAL_BYTES`) and the company's (`COMPANY_UPLOAD_QUOTA_*`). */
  uploadQuota: UploadQuota;
  /**
   * Who moves the money (decision 0066): `PAYMENTS_PROVIDER`, else `stripe` in production (its three keys
   * required) and elsewhere `stripe` when its keys are set, else the built-in `sandbox` (test cards, no real money).
   */
  paymentsProvider: PaymentsProvider;
  /** Stripe's keys (decision 0015); undefined whenever the provider is the sandbox. */
  stripe: { secretKey: string; publishableKey: string } | undefined;
  /** Stripe's webhook signing secret (`STRIPE_WEBHOOK_SECRET`); unset: POST /payments/webhooks/stripe refuses every call. */
  stripeWebhookSecret: string | undefined;
  /**
   * Multiplies every rate limit's allowance (decision 0009). 1 always in production; a browser-test rig, which
   * signs dozens of people in from one address, raises it.
   */
  rateLimitScale: number;
  /** Per rate-limit policy name, another allowance or window (decision 0069): tests only; unset everywhere else. */
  rateLimitOverrides?: Partial<Record<string, { limit: number; windowMs: number }>>;
  /**
   * Live stream limits (decision 0039): open streams in this process, and per client address
   * (a browser tab holds one; a bench raises both); the heartbeat comment's period (tests shorten it).
   */
  live: { maxConnections: number; maxConnectionsPerClient: number; heartbeatMs: number };
  /**
   * Timeouts (decision 0028), in ms. `httpRequest`: receiving a whole request (headers and body);
   * `httpConnection`: an idle socket; `httpKeepAlive`: an idle kept-alive connection between requests;
   * `dbStatement`: one database statement (0 = none).
   */
  timeouts: { httpRequest: number; httpConnection: number; httpKeepAlive: number; dbStatement: number };
  /**
   * The per-process cache of signed-in sessions (decision 0100): how long an entry is believed, in ms
   * (0 = no cache), and how many entries it holds at most (the least recently used one goes first).
   */
  sessionCache: { ttlMs: number; maxEntries: number };
  /**
   * `METRICS_TOKEN` (decision 0095): GET /metrics answers only a caller sending it as a Bearer token;
   * unset, /metrics answers 404 to everyone, so no start exposes metrics by default.
   */
  metricsToken: string | undefined;
  /**
   * `SHUTDOWN_DRAIN_SECONDS` (decision 0095): after SIGTERM, how long /readyz answers 503 while the API still
   * serves, so a load balancer stops sending requests before the listener closes. Default 5 in production, else 0.
   */
  shutdownDrainMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  // An empty variable (`FOO=` in a .env file) means "not set", not "the empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const problems: string[] = [];

  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }

  const featureOverrides: Partial<Record<FeatureFlag, boolean>> = {};
  for (const [key, raw] of Object.entries(present)) {
    if (!key.startsWith('FEATURE_')) continue;
    const flag = key.slice('FEATURE_'.length);
    if (!(FEATURE_FLAGS as readonly string[]).includes(flag)) {
      // A typo in a flag name would otherwise silently leave the feature in its default state.
      problems.push(`${key}: unknown feature flag; known: ${FEATURE_FLAGS.join(', ')}`);
      continue;
    }
    const value = flagValue.safeParse(raw);
    if (value.success) featureOverrides[flag as FeatureFlag] = value.data === 'on';
    else problems.push(`${key}: Must be "on" or "off"`);
  }

  if (parsed.success && parsed.data.NODE_ENV === 'production') {
    // A guessable secret would let anyone forge sessions; no mail server would leave links unsent.
    if (!parsed.data.AUTH_SECRET) problems.push('AUTH_SECRET: required when NODE_ENV=production');
    if (!parsed.data.SMTP_URL) problems.push('SMTP_URL: required when NODE_ENV=production (mail must reach people)');
    if (parsed.data.RATE_LIMIT_SCALE !== 1) problems.push('RATE_LIMIT_SCALE: must be 1 when NODE_ENV=production');
  }
  if (parsed.success && parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL) {
    problems.push('DATABASE_READ_URL: needs DATABASE_URL (a replica of that PostgreSQL primary)');
  }
  if (parsed.success) {
    const e = parsed.data;
    const anyS3 = [e.S3_BUCKET, e.S3_REGION, e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean);
    if (anyS3 && !e.S3_BUCKET) problems.push('S3_BUCKET: required when any S3_ setting is set');
    if (anyS3 && !e.S3_REGION) problems.push('S3_REGION: required when any S3_ setting is set');
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
    }
    const missing = paymentsProviderOf(e) === 'stripe' ? missingStripeVariables(e) : [];
    if (missing.length > 0) {
      const why = e.PAYMENTS_PROVIDER === 'stripe' ? 'PAYMENTS_PROVIDER=stripe' : 'NODE_ENV=production';
      problems.push(
        `${missing.join(', ')}: required when ${why} (real payments); ` +
          'a staging site without real money sets PAYMENTS_PROVIDER=sandbox instead',
      );
    } else if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
      problems.push('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: set both or neither');
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const paymentsProvider = paymentsProviderOf(e);
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    readReplica: e.DATABASE_READ_URL ? { url: e.DATABASE_READ_URL, maxLagMs: e.READ_REPLICA_MAX_LAG_MS } : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    nodeEnv: e.NODE_ENV,
    filesDir: path.resolve(cwd, e.FILES_DIR ?? path.join(dataDir, 'files')),
    imageCacheDir: path.join(dataDir, 'image-cache'),
    publicOrigin: e.PUBLIC_ORIGIN,
    seedIfEmpty: e.SEED_IF_EMPTY === 'true',
    importPhotoPrivateUrls: e.IMPORT_PHOTO_PRIVATE_URLS === 'true',
    seedLots: e.SEED_LOTS,
    featureOverrides,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    s3:
      e.S3_BUCKET && e.S3_REGION
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    paymentsProvider,
    // The sandbox ignores any Stripe keys: nothing of Stripe's is called or believed then.
    stripe:
      paymentsProvider === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY }
        : undefined,
    stripeWebhookSecret: paymentsProvider === 'stripe' ? e.STRIPE_WEBHOOK_SECRET : undefined,
    uploadQuota: {
      dailyBytes: e.UPLOAD_QUOTA_DAILY_BYTES,
      totalBytes: e.UPLOAD_QUOTA_TOTAL_BYTES,
      company: { dailyBytes: e.COMPANY_UPLOAD_QUOTA_DAILY_BYTES, totalBytes: e.COMPANY_UPLOAD_QUOTA_TOTAL_BYTES },
    },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    live: {
      maxConnections: e.LIVE_MAX_CONNECTIONS,
      maxConnectionsPerClient: e.LIVE_MAX_CONNECTIONS_PER_CLIENT,
      // Contract §5: a comment at least every 15 s; proxies and undici's body timeout drop idle streams.
      heartbeatMs: 10_000,
    },
    timeouts: {
      httpRequest: e.HTTP_REQUEST_TIMEOUT_MS,
      httpConnection: 60_000,
      // Longer than the web server's kept-alive connections to us, so we never close one it is about to reuse.
      httpKeepAlive: 72_000,
      dbStatement: e.DB_STATEMENT_TIMEOUT_MS,
    },
    sessionCache: { ttlMs: 5_000, maxEntries: 10_000 },
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0)) * 1000,
  };
}

type ParsedEnv = z.infer<typeof envSchema>;

/**
 * The provider the settings ask for (decision 0066). Production never falls back to the sandbox on its own: a
 * forgotten key must stop the start, not turn test cards into "verified" bidders and paid orders.
 */
function paymentsProviderOf(e: ParsedEnv): PaymentsProvider {
  if (e.PAYMENTS_PROVIDER) return e.PAYMENTS_PROVIDER;
  if (e.NODE_ENV === 'production') return 'stripe';
  return e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY ? 'stripe' : 'sandbox';
}

/**
 * Stripe's variables that are unset when Stripe was asked for or production chose it; none otherwise (outside
 * production, keys without a webhook secret still run Stripe, whose webhook then refuses every call).
 */
function missingStripeVariables(e: ParsedEnv): string[] {
  if (e.PAYMENTS_PROVIDER !== 'stripe' && e.NODE_ENV !== 'production') return [];
  return STRIPE_VARIABLES.filter((name) => !e[name]);
}

/** A config for tests and scripts: defaults plus overrides, never read from process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'test-secret-test-secret-test-secret!' }),
    ...overrides,
  };
}
