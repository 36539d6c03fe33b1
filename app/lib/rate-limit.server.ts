import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from './db.server.ts';
import { HttpError } from './http/http-error.ts';
import { getEnv, type Env, type RateLimitRule } from './env.server.ts';
import { rateLimits } from '../../db/schema/index.ts';

/**
 * Per-subject request limits (fixed windows) kept in the database, so every server behind a load balancer shares
 * them. Each rule is "count per window", configurable with RATE_LIMIT_<NAME> = "count/seconds"
 * (e.g. RATE_LIMIT_LEADS=20/600). See docs/decisions/011-rate-limits-spam-and-toasts.md.
 */
export type RateLimitName =
  | 'leads'
  | 'signIn'
  | 'signInAccount'
  | 'register'
  | 'passwordReset'
  | 'sendToFriend'
  | 'formSubmissions'
  | 'addressLookup'
  | 'leadConfirmations'
  | 'staffSignIn'
  | 'staffSignInAccount'
  | 'staffPasswordReset'
  | 'staffLeadExport';

type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a few minutes and try again.';

/** What `limit` throws once a subject has used up its limit: a 429 with the message and Retry-After. */
export class RateLimitedError extends HttpError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, RATE_LIMIT_MESSAGE, { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' });
    this.name = 'RateLimitedError';
  }
}

export function isRateLimited(error: unknown): error is RateLimitedError {
  return error instanceof RateLimitedError;
}

/** Defaults follow Rails 8 / GitLab practice (about 10 attempts a few minutes per IP) and ASVS (≤ 100 failures an hour per account). */
const DEFAULT_RATE_LIMITS: Record<RateLimitName, RateLimitRule> = {
  leads: { limit: 20, windowSeconds: 600 },
  signIn: { limit: 10, windowSeconds: 180 },
  signInAccount: { limit: 100, windowSeconds: 3600 },
  register: { limit: 10, windowSeconds: 600 },
  passwordReset: { limit: 5, windowSeconds: 900 },
  sendToFriend: { limit: 10, windowSeconds: 3600 },
  formSubmissions: { limit: 10, windowSeconds: 600 },
  addressLookup: { limit: 120, windowSeconds: 60 },
  // Per recipient address: a lead form must not become a way to mail anyone (the lead itself is still kept).
  leadConfirmations: { limit: 3, windowSeconds: 86_400 },
  // Back office (docs/decisions/019): every password or code attempt per IP, failures per staff account.
  staffSignIn: { limit: 10, windowSeconds: 180 },
  staffSignInAccount: { limit: 50, windowSeconds: 3600 },
  staffPasswordReset: { limit: 5, windowSeconds: 900 },
  // Every lead's personal data in one file: a handful an hour per staff account is plenty for real work.
  staffLeadExport: { limit: 30, windowSeconds: 3600 },
};

const overrides = new Map<RateLimitName, RateLimitRule>();

/** Tests: override one rule, or clear every override when called with no arguments. */
export function setRateLimitRuleForTests(name?: RateLimitName, rule?: RateLimitRule): void {
  if (!name) overrides.clear();
  else if (!rule) overrides.delete(name);
  else overrides.set(name, rule);
}

/** Each limit's override variable in the environment schema (app/lib/env.server.ts). */
const ENV_NAMES = {
  leads: 'RATE_LIMIT_LEADS',
  signIn: 'RATE_LIMIT_SIGN_IN',
  signInAccount: 'RATE_LIMIT_SIGN_IN_ACCOUNT',
  register: 'RATE_LIMIT_REGISTER',
  passwordReset: 'RATE_LIMIT_PASSWORD_RESET',
  sendToFriend: 'RATE_LIMIT_SEND_TO_FRIEND',
  formSubmissions: 'RATE_LIMIT_FORM_SUBMISSIONS',
  addressLookup: 'RATE_LIMIT_ADDRESS_LOOKUP',
  leadConfirmations: 'RATE_LIMIT_LEAD_CONFIRMATIONS',
  staffSignIn: 'RATE_LIMIT_STAFF_SIGN_IN',
  staffSignInAccount: 'RATE_LIMIT_STAFF_SIGN_IN_ACCOUNT',
  staffPasswordReset: 'RATE_LIMIT_STAFF_PASSWORD_RESET',
  staffLeadExport: 'RATE_LIMIT_STAFF_LEAD_EXPORT',
} as const satisfies Record<RateLimitName, keyof Env>;

export function rateLimitRule(name: RateLimitName): RateLimitRule {
  return overrides.get(name) ?? getEnv()[ENV_NAMES[name]] ?? DEFAULT_RATE_LIMITS[name];
}

/** Counts one request for the subject (an IP address, an email...) and says whether it is still within the limit. */
async function countRequest(
  db: Database,
  name: RateLimitName,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const rule = rateLimitRule(name);
  const key = `${name}:${subject.slice(0, 200)}`;
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
  const windowStart = row ? new Date(row.windowStart) : now;
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  return { allowed: count <= rule.limit, retryAfterSeconds };
}

/**
 * The one rate-limit check: counts this request for the subject (an IP address, an email...) and throws a
 * `RateLimitedError` (HttpError 429 with the message and Retry-After) once the subject has used up the rule.
 * Callers let it propagate, or catch it with `isRateLimited` where the answer has its own shape.
 */
export async function limit(db: Database, name: RateLimitName, subject: string, now: Date = new Date()): Promise<void> {
  const result = await countRequest(db, name, subject, now);
  if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds);
}

/**
 * Whether the subject has already used up the rule, without counting this look: for limits that count only
 * failures, checked before the attempt so a right answer cannot slip past an exhausted limit.
 */
export async function isLimitReached(db: Database, name: RateLimitName, subject: string, now = new Date()) {
  const rule = rateLimitRule(name);
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000);
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, `${name}:${subject.slice(0, 200)}`))
    .limit(1);
  return row !== undefined && new Date(row.windowStart) > cutoff && row.count >= rule.limit;
}

/**
 * The one 429 answer of the spec's calls: `{ "error": message }` as JSON, or the message as text, with
 * Retry-After and no caching.
 */
export function rateLimitedResponse(error: RateLimitedError, format: { json: boolean }): Response {
  const headers = { ...error.headers };
  if (format.json) return Response.json({ error: error.message }, { status: 429, headers });
  return new Response(error.message, {
    status: 429,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** Housekeeping for the job runner: windows older than a day are of no use. */
export async function deleteStaleRateLimits(db: Database, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
}
