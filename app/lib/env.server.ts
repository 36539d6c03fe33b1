import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { isValidStorageKey } from './storage/storage-key.ts';
import { DEVELOPER_MESSAGES } from './validation-messages.ts';

/** TRUST_PROXY as read: a number of proxy hops, or the trusted proxies' addresses and CIDR ranges. */
export type TrustProxy = number | readonly string[];

/** Whether X-Forwarded-For is believed at all. */
export function isAnyProxyTrusted(trust: TrustProxy): boolean {
  return typeof trust === 'number' ? trust > 0 : trust.length > 0;
}

export type RateLimitRule = { limit: number; windowSeconds: number };

/** Parses a rate-limit rule written "count/seconds" (e.g. "20/600"); anything else is null. */
export function parseRateLimitRule(value: string | undefined): RateLimitRule | null {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(value ?? '');
  if (!match) return null;
  const limit = Number(match[1]);
  const windowSeconds = Number(match[2]);
  return limit >= 1 && windowSeconds >= 1 ? { limit, windowSeconds } : null;
}

const rateLimitRule = z
  .string()
  .transform((value, context) => {
    const rule = parseRateLimitRule(value);
    if (!rule) context.addIssue({ code: 'custom', message: 'expected "count/seconds", both at least 1, e.g. 20/600' });
    return rule ?? z.NEVER;
  })
  .optional();

/** An optional setting (S3, Reapit); an empty value (`S3_BUCKET=` in an env file) counts as unset. */
function s3Setting<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** Every environment variable the app reads, checked once. The README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Worker processes behind the one port with PostgreSQL (server/cluster.ts); unset, one per core. Embedded PGlite
   * always runs one process (one process may open its data folder).
   */
  WEB_CONCURRENCY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** Set by the cluster's primary on each worker it starts (1…WEB_CONCURRENCY); worker 1 runs the jobs. */
  DOORSTEP_WORKER: z.coerce.number().int().min(1).optional(),
  /** Tests only: answers carry `x-doorstep-worker` (the worker's number), so a test can see both workers serve. */
  WORKER_HEADER: z.enum(['true', 'false']).default('false'),
  /** The site's one public origin; required in production (see publicOrigin). */
  PUBLIC_URL: z.string().url().optional(),
  /** Extra host names (comma-separated) answered in production besides PUBLIC_URL's host and localhost. */
  ALLOWED_HOSTS: z.string().default(''),
  /**
   * Reverse proxies in front of the server: a hop count ('true' means 1, 'false' 0: the header is ignored), or a
   * comma-separated list of the proxies' addresses or CIDR ranges (proxy-addr's names loopback, linklocal and
   * uniquelocal too). The visitor is the rightmost X-Forwarded-For entry not written by a trusted proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustProxy => {
      const trimmed = value.trim();
      if (trimmed === 'true') return 1;
      if (trimmed === 'false' || trimmed === '') return 0;
      if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
      const addresses = trimmed
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      try {
        proxyaddr.compile(addresses);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message: `expected true, false, a number of proxy hops or a list of proxy addresses/CIDRs (${(error as Error).message})`,
        });
        return z.NEVER;
      }
      return addresses;
    }),
  /** Node HTTP server limits (server/start.ts): slow or idle clients are cut off, connections are capped. */
  SERVER_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(5_000),
  SERVER_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1024),
  // Admission queue (server/admission.ts): requests handled at once (rendering is on one thread: more only slows
  // each down, on PostgreSQL too), the longest wait for a turn, and the caps on waiting requests.
  SERVER_MAX_ACTIVE_REQUESTS: z.coerce.number().int().min(1).default(4),
  SERVER_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(10).default(500),
  SERVER_MAX_QUEUED_REQUESTS: z.coerce.number().int().min(1).default(1000),
  SERVER_MAX_QUEUED_PER_CONNECTION: z.coerce.number().int().min(1).default(8),
  /** PostgreSQL only: connection and statement timeouts, so an unreachable database fails fast (503). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DATABASE_URL: z.string().optional(),
  /** The shared cache of anonymous public pages (decision 026): its size in MiB (0 turns it off). */
  PAGE_CACHE_MB: z.coerce.number().min(0).default(64),
  /** How long a shared page is kept (and may be held by a CDN) with no change announced, in seconds. */
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(300),
  PGLITE_DIR: z.string().default('./data/pglite'),
  SESSION_SECRET: z.string().min(32).optional(),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  SMTP_URL: z.string().optional(),
  OUTBOX_PAGE: z.enum(['true', 'false']).optional(),
  MAIL_FROM: z.string().default('Doorstep <no-reply@doorstep.example>'),
  /** Emails sent at the same time (pooled SMTP connections). */
  EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** SMTP connection, greeting and socket-inactivity timeout: a hung mail server fails the attempt after this long. */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /** Production without SMTP_URL: emails are written here as .eml files readable only by the server's user. */
  MAIL_DIR: z.string().default('./data/mail'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  IMAGE_CACHE_DIR: z.string().default('./data/image-cache'),
  MEDIA_DIR: z.string().default('./data/media'),
  UPLOAD_DIR: z.string().default('./data/uploads'),
  /**
   * S3-compatible object storage for media originals and uploads (app/lib/storage/); unset, the local disk above.
   * S3_BUCKET and S3_REGION are required together; the key pair is both or neither (neither: the SDK's own
   * credential chain, e.g. an instance role). Checked as a whole in s3ConfigProblem.
   */
  S3_BUCKET: s3Setting(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'expected a bucket name: 3-63 lower-case letters, digits, dots, dashes',
      ),
  ),
  S3_REGION: s3Setting(z.string().regex(/^[a-z0-9-]{1,40}$/, 'expected a region name such as eu-west-2 or auto')),
  S3_ENDPOINT: s3Setting(z.string().url()),
  S3_ACCESS_KEY_ID: s3Setting(z.string()),
  S3_SECRET_ACCESS_KEY: s3Setting(z.string()),
  /** A folder inside the bucket for this site's keys, e.g. "doorstep/" (several sites may share a bucket). */
  S3_PREFIX: s3Setting(
    z
      .string()
      .refine(
        (value) => isValidStorageKey(value.replace(/\/$/, '')),
        'expected folder names (letters, digits, ".", "_", "-") separated by "/", e.g. doorstep/media',
      ),
  ),
  /** Bucket in the URL path (MinIO, s3rver) rather than the host name; defaults to true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: s3Setting(z.enum(['true', 'false'])),
  /** Listing feeds dropped here (e.g. by the agency software over SFTP) are imported by the job runner. */
  IMPORT_DROP_DIR: z.string().default('./data/import/incoming'),
  /**
   * Reapit Foundations (app/features/import/reapit/): the three credentials together turn the scheduled pull on.
   * The URLs are Reapit's own; tests point them at a local stub.
   */
  REAPIT_CLIENT_ID: s3Setting(z.string()),
  REAPIT_CLIENT_SECRET: s3Setting(z.string()),
  REAPIT_CUSTOMER_ID: s3Setting(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'expected a Reapit customer id, e.g. SBOX')),
  REAPIT_BASE_URL: z.string().url().default('https://platform.reapit.cloud'),
  REAPIT_TOKEN_URL: z.string().url().default('https://connect.reapit.cloud/token'),
  /** How often the changes since the last pull are fetched, and how often everything is read again. */
  REAPIT_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REAPIT_FULL_PULL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * Let feed media URLs reach loopback, private and link-local addresses. Off: a feed must not make the server fetch
   * from its own network (or a cloud metadata service). Only for tests and development that serve media locally.
   */
  IMPORT_ALLOW_PRIVATE_MEDIA_HOSTS: z.enum(['true', 'false']).default('false'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  SEED_ON_EMPTY: z.enum(['true', 'false']).default('true'),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // Address lookup (app/features/address/address-provider.server.ts): the local table, or getAddress.io with a key.
  ADDRESS_LOOKUP_PROVIDER: z.enum(['local', 'getaddress']).default('local'),
  ADDRESS_LOOKUP_API_KEY: z.string().optional(),
  ADDRESS_LOOKUP_URL: z.string().url().default('https://api.getaddress.io'),
  /** 'off' skips the human check on registration and sign-in (spec point 4: 'unless disabled'). */
  ACCOUNT_BOT_CHECK: z.enum(['on', 'off']).default('on'),
  /** reCAPTCHA is used only when both keys are set (app/features/spam/spam-protection.server.ts). */
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** How often the saved-search alert job is due; unset, the job's own default (a minute) applies. */
  ALERTS_INTERVAL_SECONDS: z.coerce.number().int().min(1).optional(),
  // Overrides of the rate limits in app/lib/rate-limit.server.ts, one per limit name.
  RATE_LIMIT_LEADS: rateLimitRule,
  RATE_LIMIT_SIGN_IN: rateLimitRule,
  RATE_LIMIT_SIGN_IN_ACCOUNT: rateLimitRule,
  RATE_LIMIT_REGISTER: rateLimitRule,
  RATE_LIMIT_PASSWORD_RESET: rateLimitRule,
  RATE_LIMIT_SEND_TO_FRIEND: rateLimitRule,
  RATE_LIMIT_FORM_SUBMISSIONS: rateLimitRule,
  RATE_LIMIT_ADDRESS_LOOKUP: rateLimitRule,
  RATE_LIMIT_LEAD_CONFIRMATIONS: rateLimitRule,
  RATE_LIMIT_STAFF_SIGN_IN: rateLimitRule,
  RATE_LIMIT_STAFF_SIGN_IN_ACCOUNT: rateLimitRule,
  RATE_LIMIT_STAFF_PASSWORD_RESET: rateLimitRule,
  RATE_LIMIT_STAFF_LEAD_EXPORT: rateLimitRule,
  /** 32 bytes as 64 hex characters: encrypts staff TOTP secrets at rest. Required in production. */
  STAFF_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env, DEVELOPER_MESSAGES);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      throw new Error(`Invalid environment configuration: ${problems}`);
    }
    const s3Problem = s3ConfigProblem(parsed.data);
    if (s3Problem) throw new Error(`Invalid environment configuration: ${s3Problem}`);
    const reapitProblem = reapitConfigProblem(parsed.data);
    if (reapitProblem) throw new Error(`Invalid environment configuration: ${reapitProblem}`);
    cached = parsed.data;
  }
  return cached;
}

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * Why the S3 settings cannot be used as given, or null. A half-configured bucket must stop the start: falling back
 * to the local disk would leave one instance of several writing media that the others never see.
 */
function s3ConfigProblem(env: Env): string | null {
  const given = S3_SETTINGS.filter((name) => env[name] !== undefined);
  if (given.length === 0) return null;
  if (!env.S3_BUCKET) {
    return `${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not. Set S3_BUCKET (with S3_REGION) to keep media and uploads in S3-compatible storage, or unset the S3_* variables to keep them on the local disk.`;
  }
  if (!env.S3_REGION) {
    return 'S3_BUCKET is set but S3_REGION is not. Set S3_REGION to the bucket\'s region (e.g. eu-west-2; "auto" for Cloudflare R2, "us-east-1" for MinIO).';
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    return `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: ${missing} is missing. Set both, or neither to use the AWS SDK's own credentials (environment or instance role).`;
  }
  return null;
}

const REAPIT_CREDENTIALS = ['REAPIT_CLIENT_ID', 'REAPIT_CLIENT_SECRET', 'REAPIT_CUSTOMER_ID'] as const;

/** Some Reapit credentials without the others would leave the pull silently off: say which are missing. */
function reapitConfigProblem(env: Env): string | null {
  const missing = REAPIT_CREDENTIALS.filter((name) => env[name] === undefined);
  if (missing.length === 0 || missing.length === REAPIT_CREDENTIALS.length) return null;
  return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: the Reapit pull needs REAPIT_CLIENT_ID, REAPIT_CLIENT_SECRET and REAPIT_CUSTOMER_ID together (or none of them to leave it off).`;
}

/**
 * The site's public origin: PUBLIC_URL, or else http://localhost:PORT. Never derived from a request's Host header,
 * which a client chooses (a password-reset link built from it could point anywhere). Without PUBLIC_URL a production
 * start still works, so `npm install && npm start` serves the demo on this machine with no configuration; it then
 * answers only loopback host names (any other Host gets a 421) and warns at start-up, so a deployment that forgot
 * the setting fails visibly instead of sending links to the wrong place.
 */
export function publicOrigin(env: Env = getEnv()): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/** Host names answered in production: the public host, ALLOWED_HOSTS, and loopback names for health checks. */
export function allowedHostNames(env: Env = getEnv()): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', new URL(publicOrigin(env)).hostname.toLowerCase()]);
  for (const name of env.ALLOWED_HOSTS.split(',')) if (name.trim()) names.add(name.trim().toLowerCase());
  return names;
}

/**
 * The variables only the command-line scripts read (benchmarks, the build steps), declared, checked and documented
 * here beside the app's so every environment variable has one home. The README's configuration section lists them.
 */
const scriptEnvSchema = z.object({
  /** Where `react-router build` writes, and where the start, compression and benchmark scripts look for it. */
  BUILD_DIR: z.string().min(1).default('build'),
  /** The Chromium binary the page benchmark drives (the e2e tests read the same name). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** A PostgreSQL database the benchmarks may fill and empty; falls back to DATABASE_URL where a script says so. */
  BENCH_DATABASE_URL: z.string().optional(),
  // bench:search
  BENCH_SIZES: z.string().default('100000,1000000'),
  BENCH_ENGINES: z.string().default('pglite,postgres'),
  BENCH_ITERATIONS: z.coerce.number().int().min(1).default(60),
  BENCH_LOAD_SECONDS: z.coerce.number().min(1).default(8),
  // bench:pages
  BENCH_REQUESTS: z.coerce.number().int().min(1).default(600),
  BENCH_SECONDS: z.coerce.number().min(1).default(10),
  BENCH_CONCURRENCY: z.coerce.number().int().min(1).default(50),
  /** 'false' measures without writing the results into docs/performance.md. */
  BENCH_WRITE: z.enum(['true', 'false']).default('true'),
  // bench:alerts, bench:email, bench:leads
  BENCH_SEARCHES: z.coerce.number().int().min(1).default(100_000),
  BENCH_LISTINGS: z.coerce.number().int().min(1).default(1_000),
  BENCH_EMAILS: z.coerce.number().int().min(1).default(3_000),
  BENCH_LEADS: z.coerce.number().int().min(1).default(100_000),
  BENCH_RUNS: z.coerce.number().int().min(1).default(30),
  /** 'cpu' judges the lead-inbox budgets by CPU time rather than the wall clock (PGlite only). */
  BENCH_CLOCK: z.enum(['wall', 'cpu']).default('wall'),
  /** Set (to anything) to print the query plans of the lead-inbox benchmark. */
  BENCH_EXPLAIN: z.string().optional(),
  // bench:load
  /** A file to keep the benchmarked server's request log in. */
  BENCH_SERVER_LOG: z.string().optional(),
  // bench:workers
  BENCH_WORKER_SECONDS: z.coerce.number().min(1).default(15),
  BENCH_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(16),
  // bench:stalls
  BENCH_SEQUENTIAL: z.coerce.number().int().min(1).default(1000),
  /** 'true' prints every garbage collection of the measured server (node --trace-gc). */
  BENCH_TRACE_GC: z.enum(['true', 'false']).default('false'),
});

export type ScriptEnv = z.infer<typeof scriptEnvSchema>;

/** The scripts' variables, checked on first use; a wrong value stops the script with the variable's name. */
export function getScriptEnv(): ScriptEnv {
  const parsed = scriptEnvSchema.safeParse(process.env, DEVELOPER_MESSAGES);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment configuration: ${problems}`);
  }
  return parsed.data;
}

/** The environment a script gives a process it starts (the server it measures, a build): its own, plus these. */
export function childProcessEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

/**
 * Sets variables for the app modules a script loads afterwards (a benchmark's own media folder), then has the
 * next getEnv() read them again. Only variables not already given are set when `onlyIfUnset` names them.
 */
export function setScriptEnv(values: Record<string, string>, onlyIfUnset: readonly string[] = []): void {
  for (const [name, value] of Object.entries(values)) {
    if (onlyIfUnset.includes(name) && process.env[name] !== undefined) continue;
    process.env[name] = value;
  }
  cached = undefined;
}

/** Tests that change process.env call this so the next getEnv() reads it again. */
export function resetEnvForTests(): void {
  cached = undefined;
}

export function isProduction(): boolean {
  return getEnv().NODE_ENV === 'production';
}
