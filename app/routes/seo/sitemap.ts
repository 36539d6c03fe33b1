import { data } from 'react-router';
import type { Route } from './+types/sitemap';
import { parseSitemapFileName, renderUrlSet } from '../../features/content/sitemap-xml.ts';
import { listSitemapEntries } from '../../features/content/sitemap-queries.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** /sitemaps/{section}-{part}.xml: up to 50,000 canonical URLs with lastmod. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = parseSitemapFileName(params.file);
  if (!file) throw data('Not found', { status: 404 });
  const entries = await listSitemapEntries(getDb(), file.section, file.part);
  if (entries.length === 0) throw data('Not found', { status: 404 });
  return new Response(renderUrlSet(context.origin, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
