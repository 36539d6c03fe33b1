import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { RequestContext } from '../app/lib/context.ts';
import { getDatabaseHandle, getDb } from '../app/lib/db.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { logger } from '../app/lib/logger.server.ts';
import { getSessionSecret } from '../app/lib/secret.server.ts';
import { createServerApp, type DocumentHandler } from './app.ts';
import { registerServerRoutes } from './routes.ts';
import { prepareDatabase } from './prepare-database.ts';
import { startJobRunner } from './job-runner.ts';

const env = getEnv();
const isDevelopment = env.NODE_ENV === 'development';
const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');

await prepareDatabase(getDatabaseHandle(), { seedOnEmpty: env.SEED_ON_EMPTY === 'true' });

let handleDocument: DocumentHandler;
let viteMiddlewares: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;

if (isDevelopment) {
  const vite = await import('vite');
  const devServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  viteMiddlewares = devServer.middlewares;
  handleDocument = async (request, context) => {
    const build = (await devServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    return createRequestHandler(build, 'development')(request, context);
  };
} else {
  const buildPath = path.join(buildDir, 'server/index.js');
  const build = (await import(buildPath)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  handleDocument = (request: Request, context: RequestContext) => handler(request, context);
}

const secure = env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production';
const app = createServerApp({
  handleDocument,
  getDb,
  logger,
  sessionSecret: getSessionSecret(),
  cookie: { secure, idleMinutes: env.SESSION_IDLE_MINUTES, absoluteDays: env.SESSION_ABSOLUTE_DAYS },
  isDevelopment,
  maxBodyBytes: env.MAX_BODY_BYTES,
  tileUrl: env.MAP_TILE_URL,
  multipartPaths: new Set(['/form_submissions']),
  staticRoot: isDevelopment ? undefined : path.join(buildDir, 'client'),
  publicUrl: env.PUBLIC_URL,
  trustProxy: env.TRUST_PROXY === 'true',
  extraRoutes: registerServerRoutes,
});

const listener = getRequestListener(app.fetch);
const server = createServer((req, res) => {
  if (viteMiddlewares) viteMiddlewares(req, res, () => void listener(req, res));
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
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
