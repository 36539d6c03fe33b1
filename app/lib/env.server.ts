import { z } from 'zod';

/** Every environment variable the app reads, checked once. The README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  /** 'true' behind a reverse proxy: the visitor's address comes from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
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
    cached = parsed.data;
  }
  return cached;
}

export function isProduction(): boolean {
  return getEnv().NODE_ENV === 'production';
}
