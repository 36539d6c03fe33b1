import { z } from 'zod';

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

/** Every environment variable the app reads, checked once. The README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The site's one public origin; required in production (see publicOrigin). */
  PUBLIC_URL: z.string().url().optional(),
  /** Extra host names (comma-separated) answered in production besides PUBLIC_URL's host and localhost. */
  ALLOWED_HOSTS: z.string().default(''),
  /**
   * Reverse proxies in front of the server, as a hop count: the visitor's address is the X-Forwarded-For entry that
   * many places from the right. 'true' means 1, 'false' 0 (the header is ignored).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'expected true, false or a number of proxy hops')
    .default('false')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  /** Node HTTP server limits (server/start.ts): slow or idle clients are cut off, connections are capped. */
  SERVER_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(5_000),
  SERVER_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1024),
  /** PostgreSQL only: connection and statement timeouts, so an unreachable database fails fast (503). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DATABASE_URL: z.string().optional(),
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
  /** Listing feeds dropped here (e.g. by the agency software over SFTP) are imported by the job runner. */
  IMPORT_DROP_DIR: z.string().default('./data/import/incoming'),
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
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      throw new Error(`Invalid environment configuration: ${problems}`);
    }
    if (parsed.data.NODE_ENV === 'production' && !parsed.data.PUBLIC_URL) {
      throw new Error(
        'Invalid environment configuration: PUBLIC_URL must be set in production (e.g. PUBLIC_URL=https://www.example-agency.co.uk). ' +
          'Links in emails, canonical URLs and sitemaps are built from it, never from the request.',
      );
    }
    cached = parsed.data;
  }
  return cached;
}

/**
 * The site's public origin: PUBLIC_URL, or in development and tests http://localhost:PORT. Never derived from a
 * request's Host header, which a client chooses (a password-reset link built from it could point anywhere).
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

/** Tests that change process.env call this so the next getEnv() reads it again. */
export function resetEnvForTests(): void {
  cached = undefined;
}

export function isProduction(): boolean {
  return getEnv().NODE_ENV === 'production';
}
