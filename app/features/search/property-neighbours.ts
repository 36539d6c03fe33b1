import type { Search } from './search-model.ts';

export type NeighbourCard = { property_id: number; property_url: string; display_address: string };
export type SearchPage = {
  properties: NeighbourCard[];
  pagination: { has_next_page: boolean; has_prev_page: boolean };
};
export type PropertyLinks = { prev: NeighbourCard | null; next: NeighbourCard | null };

/**
 * Previous/next property of the search the visitor came from (spec point 3 'Lists': propertyLinks). Looks on the
 * search's page, then at the ends of the neighbouring pages. `fetchPage` is GET /search.ljson for a page number.
 * A visitor who followed 'Next' off the end of their page is now on the following page: the property is looked
 * for there too, and `page` tells the caller which page it was found on when that is not the search's own.
 */
export async function findPropertyLinks(
  search: Search,
  propertyId: number,
  fetchPage: (page: number) => Promise<SearchPage | null>,
): Promise<PropertyLinks & { page?: number }> {
  const pageCache = new Map<number, Promise<SearchPage | null>>();
  const cachedPage = (page: number) => {
    let pending = pageCache.get(page);
    if (!pending) {
      pending = fetchPage(page);
      pageCache.set(page, pending);
    }
    return pending;
  };
  let page = search.page;
  let current = await cachedPage(page);
  if (!current) return { prev: null, next: null };
  let index = current.properties.findIndex((card) => card.property_id === propertyId);
  if (index === -1) {
    const candidates = [
      current.pagination.has_next_page ? page + 1 : null,
      current.pagination.has_prev_page && page > 1 ? page - 1 : null,
    ];
    for (const candidate of candidates) {
      if (candidate === null) continue;
      const other = await cachedPage(candidate);
      const found = other?.properties.findIndex((card) => card.property_id === propertyId) ?? -1;
      if (other && found !== -1) {
        page = candidate;
        current = other;
        index = found;
        break;
      }
    }
  }
  if (index === -1) return { prev: null, next: null };
  let prev = current.properties[index - 1] ?? null;
  let next = current.properties[index + 1] ?? null;
  if (!prev && current.pagination.has_prev_page && page > 1) {
    const before = await cachedPage(page - 1);
    prev = before?.properties[before.properties.length - 1] ?? null;
  }
  if (!next && current.pagination.has_next_page) {
    const after = await cachedPage(page + 1);
    next = after?.properties[0] ?? null;
  }
  return page === search.page ? { prev, next } : { prev, next, page };
}
