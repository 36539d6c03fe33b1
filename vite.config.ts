import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    assetsInlineLimit: 0,
    // The server build starts at our own server entry, which imports React Router's server build: the HTTP server
    // and the app become one bundle (build/server/index.js) and share every module.
    ...(isSsrBuild ? { rollupOptions: { input: './server/main.ts' } } : {}),
  },
}));
