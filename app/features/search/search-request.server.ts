import type { Database } from '../../lib/db.server.ts';
import { getSiteChrome } from '../content/site.server.ts';
import { fromQueryParams } from './search-codec.ts';
import { isSearchStatus, type Search } from './search-model.ts';

/**
 * Reads a Search from a request's query string. Checkbox groups send `tags` several times; the codec takes a comma
 * list, so they are joined first. The theme's default status applies when none is given.
 */
export async function readSearchFromRequest(db: Database, url: URL): Promise<Search> {
  const params = new URLSearchParams(url.search);
  const tags = params.getAll('tags').filter((tag) => tag !== '');
  params.delete('tags');
  if (tags.length > 0) params.set('tags', tags.join(','));
  const theme = (await getSiteChrome(db)).theme;
  const defaultStatus = isSearchStatus(theme.preferences.defaultSearchStatus) ? theme.preferences.defaultSearchStatus : null;
  return fromQueryParams(params, { defaultStatus });
}
