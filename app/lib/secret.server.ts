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
  const file = path.resolve(path.dirname(path.resolve(env.PGLITE_DIR)), 'session-secret');
  if (existsSync(file)) {
    cachedSecret = readFileSync(file, 'utf8').trim();
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
    cachedSecret = randomBytes(32).toString('hex');
    writeFileSync(file, cachedSecret, { mode: 0o600 });
  }
  return cachedSecret;
}
