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
 */
export async function findPropertyLinks(
  search: Search,
  propertyId: number,
  fetchPage: (page: number) => Promise<SearchPage | null>,
): Promise<PropertyLinks> {
  const current = await fetchPage(search.page);
  if (!current) return { prev: null, next: null };
  const index = current.properties.findIndex((card) => card.property_id === propertyId);
  if (index === -1) return { prev: null, next: null };
  let prev = current.properties[index - 1] ?? null;
  let next = current.properties[index + 1] ?? null;
  if (!prev && current.pagination.has_prev_page && search.page > 1) {
    const before = await fetchPage(search.page - 1);
    prev = before?.properties[before.properties.length - 1] ?? null;
  }
  if (!next && current.pagination.has_next_page) {
    const after = await fetchPage(search.page + 1);
    next = after?.properties[0] ?? null;
  }
  return { prev, next };
}
