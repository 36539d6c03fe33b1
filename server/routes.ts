import path from 'node:path';
import type { Hono } from 'hono';
import { serveMedia } from '../app/features/media/images.server.ts';
import { getEnv } from '../app/lib/env.server.ts';

/** Routes the Node server answers itself, before React Router: binary media. */
export function registerServerRoutes(app: Hono): void {
  const env = getEnv();
  const dirs = { mediaDir: path.resolve(env.MEDIA_DIR), cacheDir: path.resolve(env.IMAGE_CACHE_DIR) };
  app.get('/media/*', async (c) => {
    const response = await serveMedia(new URL(c.req.url).pathname, c.req.header('accept') ?? null, dirs);
    return response ?? c.text('Image not found', 404);
  });
}
