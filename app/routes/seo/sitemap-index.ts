import type { Route } from './+types/sitemap-index';
import { renderSitemapIndex } from '../../features/content/sitemap-xml.ts';
import { listSitemapFiles } from '../../features/content/sitemap-queries.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** /sitemap.xml: the sitemap index (robots.txt points here). */
export async function loader({ context }: Route.LoaderArgs) {
  const files = await listSitemapFiles(getDb());
  return new Response(renderSitemapIndex(context.origin, files), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
