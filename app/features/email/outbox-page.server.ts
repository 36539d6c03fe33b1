import type { Env } from '../../lib/env.server.ts';
import { getEnv, isAnyProxyTrusted } from '../../lib/env.server.ts';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

let hasWarned = false;

/**
 * Whether /outbox may show the stored emails (password-reset links included) to this request.
 *
 * Development and tests: while no SMTP server is configured, unless OUTBOX_PAGE=false (OUTBOX_PAGE=true forces it).
 * Production: never by default, whatever SMTP_URL says. The end-to-end suite, which drives the production build,
 * opts in with OUTBOX_PAGE=true, and even then the page answers only when the server listens on a loopback address
 * only (HOST=127.0.0.1), is not behind a trusted proxy, and the request carries no forwarding header, so a
 * deployment that copied the setting cannot serve it to the internet.
 */
export function canShowOutboxPage(request: Request, env: Env = getEnv()): boolean {
  if (env.NODE_ENV !== 'production') return env.OUTBOX_PAGE ? env.OUTBOX_PAGE === 'true' : !env.SMTP_URL;
  if (env.OUTBOX_PAGE !== 'true') return false;
  if (!isLoopbackHost(env.HOST) || isAnyProxyTrusted(env.TRUST_PROXY)) {
    if (!hasWarned) {
      hasWarned = true;
      void import('../../lib/logger.server.ts').then(({ logger }) =>
        logger.error(
          { host: env.HOST, trustProxy: env.TRUST_PROXY },
          'OUTBOX_PAGE=true is ignored in production unless HOST is a loopback address and TRUST_PROXY is off',
        ),
      );
    }
    return false;
  }
  return !FORWARDING_HEADERS.some((name) => request.headers.has(name));
}
