import { useEffect, useState } from 'react';
import { toQueryParams } from './search-codec.ts';
import { setPage } from './search-rules.ts';
import { findPropertyLinks, type PropertyLinks, type SearchPage } from './property-neighbours.ts';
import { loadSearchHistory } from './search-storage.ts';

/** Previous / next property links from the newest search in the visitor's history (via GET /search.ljson). */
export function PropertyNeighbourLinks({ propertyId }: { propertyId: number }) {
  const [links, setLinks] = useState<PropertyLinks>({ prev: null, next: null });
  useEffect(() => {
    const search = loadSearchHistory()[0];
    if (!search) return;
    let cancelled = false;
    const fetchPage = async (page: number): Promise<SearchPage | null> => {
      const response = await fetch(`/search.ljson?${toQueryParams(setPage(search, page)).toString()}`);
      return response.ok ? ((await response.json()) as SearchPage) : null;
    };
    findPropertyLinks(search, propertyId, fetchPage)
      .then((found) => {
        if (!cancelled) setLinks(found);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [propertyId]);
  if (!links.prev && !links.next) return null;
  return (
    <nav className="property-neighbours" aria-label="Other properties in your search">
      {links.prev ? (
        <a href={links.prev.property_url} rel="prev">
          ‹ Previous property<span className="visually-hidden">: {links.prev.display_address}</span>
        </a>
      ) : (
        <span />
      )}
      {links.next ? (
        <a href={links.next.property_url} rel="next">
          Next property<span className="visually-hidden">: {links.next.display_address}</span> ›
        </a>
      ) : null}
    </nav>
  );
}
