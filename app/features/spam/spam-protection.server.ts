import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, CappedMap, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { getSiteChrome } from '../site/index.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { getSessionSecret } from '../../lib/secret.server.ts';
import { ALTCHA_FIELD, RECAPTCHA_FIELD, resolveBotCheckVersion, type BotCheckConfig } from './spam-protection.ts';

/**
 * Server side of the bot check. ALTCHA challenges are signed with a key derived from SESSION_SECRET, expire after
 * ten minutes, and each solved challenge is accepted once (replays are refused while this process remembers them).
 * reCAPTCHA tokens are checked with Google's siteverify API (RECAPTCHA_VERIFY_URL can point elsewhere for tests);
 * v3 needs a score of at least RECAPTCHA_MIN_SCORE (default 0.5).
 */
const CHALLENGE_LIFETIME_MS = 10 * 60_000;
const ALGORITHM = 'SHA-256';

function altchaSecret(): string {
  return createHmac('sha256', getSessionSecret()).update('altcha-challenge-signing').digest('hex');
}

/** The secret key lives only in the environment; the public site key may also come from the settings. */
function recaptchaSecretKey(): string | null {
  return getEnv().RECAPTCHA_SECRET_KEY || null;
}

/** The bot check forms should run, from the theme's spam-protection setting and the configured keys. */
export async function getBotCheckConfig(): Promise<BotCheckConfig> {
  const chrome = await getSiteChrome(getDb());
  const siteKey = chrome.theme.recaptchaSiteKey || getEnv().RECAPTCHA_SITE_KEY || null;
  const hasKeys = siteKey !== null && recaptchaSecretKey() !== null;
  const version = resolveBotCheckVersion(chrome.theme.spamProtectionVersion, hasKeys);
  return { version, siteKey: version.startsWith('recaptcha') ? siteKey : null };
}

/** A fresh proof-of-work challenge (GET /altcha/challenge). The work is a few hundred milliseconds on a phone. */
export async function createAltchaChallenge(now: Date = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(5_000, 15_000),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    hmacSignatureSecret: altchaSecret(),
  });
}

const usedChallenges = new CappedMap<string, number>({ maxSize: 50_000 });

/** The client sends base64(JSON({ challenge, solution })). */
export async function verifyAltchaPayload(payload: unknown): Promise<boolean> {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 8_000) return false;
  let decoded: { challenge?: Challenge; solution?: Solution };
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof decoded;
  } catch {
    return false;
  }
  if (!decoded?.challenge?.parameters || !decoded.solution || typeof decoded.challenge.signature !== 'string') {
    return false;
  }
  if (decoded.challenge.parameters.algorithm !== ALGORITHM) return false;
  const signature = decoded.challenge.signature;
  if (usedChallenges.has(signature)) return false;
  try {
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: altchaSecret(),
    });
    if (!result.verified) return false;
  } catch {
    return false;
  }
  usedChallenges.set(signature, Date.now());
  return true;
}

export async function verifyRecaptcha(token: unknown, clientIp: string, version: 'recaptcha-v2' | 'recaptcha-v3') {
  const secretKey = recaptchaSecretKey();
  if (!secretKey || typeof token !== 'string' || token.length === 0 || token.length > 4_000) return false;
  const url = getEnv().RECAPTCHA_VERIFY_URL;
  const body = new URLSearchParams({ secret: secretKey, response: token });
  if (clientIp && clientIp !== 'unknown') body.set('remoteip', clientIp);
  try {
    const response = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: boolean; score?: number };
    if (!result.success) return false;
    if (version === 'recaptcha-v3') {
      return typeof result.score === 'number' && result.score >= getEnv().RECAPTCHA_MIN_SCORE;
    }
    return true;
  } catch {
    // The provider being unreachable must not let bots through: fail closed.
    return false;
  }
}

/** True when the submitted fields pass the configured bot check (always true when the check is off). */
export async function verifyBotCheck(fields: Record<string, unknown>, clientIp: string): Promise<boolean> {
  const config = await getBotCheckConfig();
  switch (config.version) {
    case 'off':
      return true;
    case 'altcha':
      return verifyAltchaPayload(fields[ALTCHA_FIELD]);
    default:
      return verifyRecaptcha(fields[RECAPTCHA_FIELD], clientIp, config.version);
  }
}

/** Script hosts the CSP must allow when reCAPTCHA is configured. */
export function recaptchaScriptHosts(): string[] {
  return recaptchaSecretKey() ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
}
