/**
 * `npm run dev`: Vite in middleware mode serves the client with hot reloading, and loads the server (server/start.ts)
 * and the app through its own module loader, so the server and the app share one module graph as in production.
 * tsx restarts this process when server/, db/ or the database and environment modules change (a second database
 * handle must never open on the same folder); other edits under app/ reach the next request through Vite.
 */
import path from 'node:path';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createServer } from 'vite';
import type { DocumentHandler } from './app.ts';
import type { startServer as StartServer } from './start.ts';

const root = path.resolve(import.meta.dirname, '..');
const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
const { startServer } = (await vite.ssrLoadModule('/server/start.ts')) as { startServer: typeof StartServer };

const handleDocument: DocumentHandler = async (request, context) => {
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  return createRequestHandler(build, 'development')(request, context);
};

await startServer({ kind: 'development', handleDocument, viteMiddlewares: vite.middlewares });
