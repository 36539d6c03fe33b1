/**
 * The production entry: `react-router build` bundles this module, the server code and the app into one module graph
 * (build/server/index.js), which `npm start` runs with plain node. Every module, the database handle included,
 * therefore exists once per process, and once in each worker process (server/cluster.ts).
 */
import path from 'node:path';
import { createRequestHandler } from 'react-router';
import * as build from 'virtual:react-router/server-build';
import { startServer } from './start.ts';
import { runServer } from './cluster.ts';

const handler = createRequestHandler(build, 'production');

await runServer((role) =>
  startServer(
    {
      kind: 'production',
      handleDocument: (request, context) => handler(request, context),
      // This file runs as <build>/server/index.js; the client build sits beside it, wherever BUILD_DIR put them.
      clientDir: path.resolve(import.meta.dirname, '../client'),
    },
    role,
  ),
);
