import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { getDatabaseHandle, getDb } from '../app/lib/db.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { logger } from '../app/lib/logger.server.ts';
import { getSessionSecret } from '../app/lib/secret.server.ts';
import { createServerApp, type DocumentHandler } from './app.ts';
import { registerServerRoutes } from './routes.ts';
import { prepareDatabase } from './prepare-database.ts';
import { startJobRunner } from './job-runner.ts';

type ConnectMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export type ServerMode =
  | { kind: 'production'; handleDocument: DocumentHandler; clientDir: string }
  | { kind: 'development'; handleDocument: DocumentHandler; viteMiddlewares: ConnectMiddleware };

/**
 * The one start-up path for `npm start` (server/main.ts, bundled with the app) and `npm run dev` (server/dev.ts,
 * which loads this module through Vite): migrate and seed, then serve the Hono app and run the in-process jobs.
 */
export async function startServer(mode: ServerMode): Promise<void> {
  const env = getEnv();
  const isDevelopment = mode.kind === 'development';

  await prepareDatabase(getDatabaseHandle(), { seedOnEmpty: env.SEED_ON_EMPTY === 'true' });

  const secure = env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production';
  const app = createServerApp({
    handleDocument: mode.handleDocument,
    getDb,
    logger,
    sessionSecret: getSessionSecret(),
    cookie: { secure, idleMinutes: env.SESSION_IDLE_MINUTES, absoluteDays: env.SESSION_ABSOLUTE_DAYS },
    isDevelopment,
    maxBodyBytes: env.MAX_BODY_BYTES,
    tileUrl: env.MAP_TILE_URL,
    multipartPaths: new Set(['/form_submissions']),
    staticRoot: mode.kind === 'production' ? mode.clientDir : undefined,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY === 'true',
    extraRoutes: registerServerRoutes,
  });

  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (mode.kind === 'development') mode.viteMiddlewares(req, res, () => void listener(req, res));
    else void listener(req, res);
  });
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;

  const stopJobs = env.RUN_JOBS === 'true' ? startJobRunner(getDb, logger) : () => Promise.resolve();

  server.listen(env.PORT, env.HOST, () => {
    logger.info(`Doorstep is serving on http://localhost:${env.PORT} (${getDatabaseHandle().kind})`);
  });

  async function shutdown(signal: string) {
    logger.info({ signal }, 'shutting down');
    server.close();
    await stopJobs();
    await getDatabaseHandle().close();
    process.exit(0);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
