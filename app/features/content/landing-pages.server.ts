import type { Database } from '../../lib/db.server.ts';
import type { SitemapEntry } from './sitemap-xml.ts';
import { listLandingPages } from '../search/index.server.ts';

/**
 * Extension point for the landing-page sitemap (counties#show, locations#show, postcodes#show and other
 * SEO landing routes). Whoever builds a landing route adds its URLs here: only canonical pages that answer 200
 * (i.e. that have properties), each with a lastmod — for example a query over `properties` grouped by
 * `countySlug` returning `{ path: '/counties/{slug}', lastmod: max(updatedAt) }`. The sitemap index lists the
 * landing-page files only while this returns entries.
 */
export async function listLandingPageSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const providers: ((db: Database) => Promise<SitemapEntry[]>)[] = [listLandingPages];
  const lists = await Promise.all(providers.map((provider) => provider(db)));
  return lists.flat();
}
