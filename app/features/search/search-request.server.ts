import { fromQueryParams } from './search-codec.ts';
import { isSearchStatus, type Search } from './search-model.ts';

/**
 * Reads a Search from a request's query string. Checkbox groups send `tags` several times; the codec takes a comma
 * list, so they are joined first. The theme's default status (passed in by the route) applies when none is given.
 */
export function readSearchFromRequest(url: URL, themeDefaultStatus: string | null): Search {
  const params = new URLSearchParams(url.search);
  const tags = params.getAll('tags').filter((tag) => tag !== '');
  params.delete('tags');
  if (tags.length > 0) params.set('tags', tags.join(','));
  const defaultStatus = isSearchStatus(themeDefaultStatus) ? themeDefaultStatus : null;
  return fromQueryParams(params, { defaultStatus });
}
