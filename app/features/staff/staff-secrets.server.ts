/**
 * The back office's secrets: the key that encrypts TOTP secrets at rest, random tokens (only their SHA-256 is
 * stored) and recovery codes.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { getEnv, isProduction } from '../../lib/env.server.ts';
import { logger } from '../../lib/logger.server.ts';
import { dataDirSecret, getSessionSecret } from '../../lib/secret.server.ts';

let cachedKey: Buffer | undefined;

/**
 * STAFF_SECRET_KEY: 32 bytes as 64 hex characters (`openssl rand -hex 32`). Production on PostgreSQL (several
 * machines) must set it, and the server checks that at start-up rather than failing a staff page later. A single
 * embedded install in production keeps a random key of its own beside the database, so `npm start` needs no
 * configuration. In development and tests a key is derived from the session secret, and the log says so: a TOTP
 * secret encrypted with it is only as safe as that secret.
 */
function staffSecretKey(): Buffer {
  if (cachedKey) return cachedKey;
  const env = getEnv();
  if (env.STAFF_SECRET_KEY) {
    cachedKey = Buffer.from(env.STAFF_SECRET_KEY, 'hex');
    return cachedKey;
  }
  if (isProduction()) {
    if (env.DATABASE_URL) {
      throw new Error(
        'STAFF_SECRET_KEY must be set when DATABASE_URL is used in production (64 hex characters, e.g. from `openssl rand -hex 32`): it encrypts staff TOTP secrets, and every server must use the same one.',
      );
    }
    cachedKey = Buffer.from(dataDirSecret('staff-secret-key'), 'hex');
    return cachedKey;
  }
  logger.warn('STAFF_SECRET_KEY is not set: using a development key derived from the session secret');
  cachedKey = Buffer.from(hkdfSync('sha256', getSessionSecret(), 'doorstep-staff', 'staff-secret-key', 32));
  return cachedKey;
}

/** At start-up: a deployment missing the key stops there, with the message, instead of failing staff pages. */
export function checkStaffSecretKey(): void {
  staffSecretKey();
}

/** Tests that change STAFF_SECRET_KEY call this. */
export function resetStaffSecretKeyForTests(): void {
  cachedKey = undefined;
}

/** AES-256-GCM; the stored text is `v1.` + base64url(iv | tag | ciphertext). */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', staffSecretKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptSecret(stored: string): string {
  if (!stored.startsWith('v1.')) throw new Error('unknown secret format');
  const bytes = Buffer.from(stored.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', staffSecretKey(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The TOTP secret offered on a set-up page, derived from its token: the page shows the same secret on every visit
 * without writing anything, and it is stored (encrypted) only once a code from it is confirmed.
 */
export function enrolmentSecretBytes(setupToken: string): Buffer {
  return createHmac('sha256', staffSecretKey())
    .update(`totp-enrolment:${sha256(setupToken)}`)
    .digest()
    .subarray(0, 20);
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_COUNT = 10;

/** Ten codes like `k7pq-2mzt-x9ca` (60 bits each), easy to read out and type. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** Recovery codes are compared without case, spaces or dashes, so `K7PQ 2MZT X9CA` works too. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
