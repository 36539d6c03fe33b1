import path from 'node:path';
import type { Hono } from 'hono';
import { serveMedia } from '../app/features/media/images.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { logger } from '../app/lib/logger.server.ts';
import { getStorage, StorageUnavailableError } from '../app/lib/storage/storage.server.ts';

/** Routes the Node server answers itself, before React Router: binary media. */
export function registerServerRoutes(app: Hono): void {
  const sources = { storage: getStorage(), cacheDir: path.resolve(getEnv().IMAGE_CACHE_DIR) };
  app.get('/media/*', async (c) => {
    try {
      const response = await serveMedia(new URL(c.req.url).pathname, c.req.header('accept') ?? null, sources);
      return response ?? c.text('Image not found', 404);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      // The bucket is unreachable: a short-lived answer, so browsers and CDNs try again rather than keep a 500.
      logger.warn({ err: error, url: c.req.url }, 'media storage unavailable');
      c.header('Retry-After', '30');
      c.header('Cache-Control', 'no-store');
      return c.text('Image temporarily unavailable', 503);
    }
  });
}
