import { toQueryParams } from './search-codec.ts';
import { setPage } from './search-rules.ts';
import { findPropertyLinks, type PropertyLinks, type SearchPage } from './property-neighbours.ts';
import { loadSearchHistory, recordSearch } from './search-history-store.ts';

/** Previous/next links from the newest search in the visitor's history, read through GET /search.ljson. */
export async function findLinksFromHistory(propertyId: number): Promise<PropertyLinks | null> {
  const search = loadSearchHistory()[0];
  if (!search) return null;
  const fetchPage = async (page: number): Promise<SearchPage | null> => {
    const response = await fetch(`/search.ljson?${toQueryParams(setPage(search, page)).toString()}`);
    return response.ok ? ((await response.json()) as SearchPage) : null;
  };
  const links = await findPropertyLinks(search, propertyId, fetchPage);
  // Stepping onto the next results page moves the remembered search there (an identical search keeps one entry).
  if (links.page !== undefined) recordSearch(setPage(search, links.page));
  return { prev: links.prev, next: links.next };
}
