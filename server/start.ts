import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { getDatabaseHandle, getDb } from '../app/lib/db.server.ts';
import { checkStaffSecretKey } from '../app/features/staff/index.server.ts';
import { allowedHostNames, getEnv, publicOrigin, type Env } from '../app/lib/env.server.ts';
import { logger } from '../app/lib/logger.server.ts';
import { getSessionSecret } from '../app/lib/secret.server.ts';
import { getStorage } from '../app/lib/storage/storage.server.ts';
import { createServerApp, type DocumentHandler } from './app.ts';
import { registerServerRoutes } from './routes.ts';
import { prepareDatabase } from './prepare-database.ts';
import { startJobRunner } from './job-runner.ts';
import { isDatabaseReachable } from './readiness.ts';
import { AdmissionQueue } from './admission.ts';
import { startControlChannel } from './control.ts';
import { controlCommands } from './control-commands.ts';
import { drainServer, SHUTDOWN_GRACE_MS, SINGLE_PROCESS, type WorkerRole } from './cluster.ts';
import { connectPageCacheAcrossInstances, createPageCache } from './page-cache-setup.ts';
import { MULTIPART_PATHS } from './multipart-paths.ts';

/**
 * Limits against slow and idle clients and connection floods: a client must send its headers within
 * SERVER_HEADERS_TIMEOUT_MS and the whole request within SERVER_REQUEST_TIMEOUT_MS; idle keep-alive connections
 * close after SERVER_KEEP_ALIVE_TIMEOUT_MS; at most SERVER_MAX_CONNECTIONS sockets are open at once.
 */
export function applyServerLimits(
  server: Server,
  env: Pick<
    Env,
    | 'SERVER_HEADERS_TIMEOUT_MS'
    | 'SERVER_REQUEST_TIMEOUT_MS'
    | 'SERVER_KEEP_ALIVE_TIMEOUT_MS'
    | 'SERVER_MAX_CONNECTIONS'
  >,
): void {
  server.requestTimeout = env.SERVER_REQUEST_TIMEOUT_MS;
  // Node requires headersTimeout <= requestTimeout.
  server.headersTimeout = Math.min(env.SERVER_HEADERS_TIMEOUT_MS, env.SERVER_REQUEST_TIMEOUT_MS);
  server.keepAliveTimeout = env.SERVER_KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = env.SERVER_MAX_CONNECTIONS;
}

type ConnectMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export type ServerMode =
  | { kind: 'production'; handleDocument: DocumentHandler; clientDir: string }
  | { kind: 'development'; handleDocument: DocumentHandler; viteMiddlewares: ConnectMiddleware };

/**
 * The one start-up path for `npm start` (server/main.ts, bundled with the app) and `npm run dev` (server/dev.ts,
 * which loads this module through Vite): migrate and seed, then serve the Hono app and run the in-process jobs.
 */
export async function startServer(mode: ServerMode, role: WorkerRole = SINGLE_PROCESS): Promise<void> {
  const env = getEnv();
  const isDevelopment = mode.kind === 'development';
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL && role.prepareDatabase) {
    logger.warn(
      { origin: publicOrigin(env) },
      'PUBLIC_URL is not set: the site answers only on this machine (localhost) and its links point there. Set PUBLIC_URL (e.g. https://www.example-agency.co.uk) before going live.',
    );
  }

  if (role.prepareDatabase) await prepareDatabase(getDatabaseHandle(), { seedOnEmpty: env.SEED_ON_EMPTY === 'true' });

  // A missing secret stops the start with its message, rather than answering 500 on the first page that needs it.
  const sessionSecret = getSessionSecret();
  checkStaffSecretKey();
  const secure = env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production';
  const app = createServerApp({
    handleDocument: mode.handleDocument,
    getDb,
    logger,
    sessionSecret,
    cookie: { secure, idleMinutes: env.SESSION_IDLE_MINUTES, absoluteDays: env.SESSION_ABSOLUTE_DAYS },
    isDevelopment,
    maxBodyBytes: env.MAX_BODY_BYTES,
    tileUrl: env.MAP_TILE_URL,
    multipartPaths: MULTIPART_PATHS,
    staticRoot: mode.kind === 'production' ? mode.clientDir : undefined,
    publicUrl: publicOrigin(env),
    // Production answers only for its own host names (a forged Host could otherwise reach caches and logs);
    // development serves whatever name the developer uses.
    allowedHosts: mode.kind === 'production' ? allowedHostNames(env) : undefined,
    trustProxy: env.TRUST_PROXY,
    isDatabaseReachable: () => isDatabaseReachable(getDb()),
    admission: new AdmissionQueue({
      maxActive: env.SERVER_MAX_ACTIVE_REQUESTS,
      maxWaitMs: env.SERVER_QUEUE_TIMEOUT_MS,
      maxQueued: env.SERVER_MAX_QUEUED_REQUESTS,
      maxQueuedPerConnection: env.SERVER_MAX_QUEUED_PER_CONNECTION,
    }),
    extraRoutes: registerServerRoutes,
    // Development renders every page afresh: Vite's modules change under it.
    pageCache: isDevelopment ? undefined : createPageCache(env, getDb),
  });
  const stopPageCacheChannel = await connectPageCacheAcrossInstances(env, logger);

  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (role.header) res.setHeader('x-doorstep-worker', role.header);
    if (mode.kind === 'development') mode.viteMiddlewares(req, res, () => void listener(req, res));
    else void listener(req, res);
  });
  applyServerLimits(server, env);

  const stopJobs = env.RUN_JOBS === 'true' && role.runJobs ? startJobRunner(getDb, logger) : () => Promise.resolve();

  // With embedded PGlite, commands that write (npm run import) hand their work to this process (server/control.ts).
  const control = env.DATABASE_URL
    ? null
    : await startControlChannel({ pgliteDir: path.resolve(env.PGLITE_DIR), commands: controlCommands(getDb), logger });

  server.listen(env.PORT, env.HOST, () => {
    logger.info(
      `Doorstep is serving on http://localhost:${env.PORT} (${getDatabaseHandle().kind}; files: ${getStorage().description})`,
    );
  });

  let isShuttingDown = false;
  async function shutdown(signal: string) {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let the requests in hand finish (idle keep-alive sockets close now), then close the pool.
    await drainServer(server, SHUTDOWN_GRACE_MS);
    await control?.close();
    await stopPageCacheChannel();
    await stopJobs();
    await getDatabaseHandle().close();
    process.exit(0);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
