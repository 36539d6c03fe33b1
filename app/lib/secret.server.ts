import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { getEnv, isProduction } from './env.server.ts';

let cachedSecret: string | undefined;

/**
 * SESSION_SECRET signs CSRF tokens. Production on several machines must set it; a single embedded install
 * keeps a generated one in ./data so `npm start` needs no configuration.
 */
export function getSessionSecret(): string {
  if (cachedSecret) return cachedSecret;
  const env = getEnv();
  if (env.SESSION_SECRET) {
    cachedSecret = env.SESSION_SECRET;
    return cachedSecret;
  }
  if (isProduction() && env.DATABASE_URL) {
    throw new Error('SESSION_SECRET must be set when DATABASE_URL is used in production');
  }
  cachedSecret = dataDirSecret('session-secret');
  return cachedSecret;
}

/**
 * A random secret kept beside the embedded database (PGLITE_DIR's parent folder, readable by this user only),
 * made on first use: what a single install uses where a deployment would set the secret in its environment.
 */
export function dataDirSecret(name: string): string {
  const file = path.resolve(path.dirname(path.resolve(getEnv().PGLITE_DIR)), name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
