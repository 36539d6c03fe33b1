import { useEffect, useState } from 'react';
import type { NeighbourCard } from './property-neighbours.ts';

type Link = { href: string; displayAddress: string };
type Links = { prev: Link | null; next: Link | null };

function toLink(card: NeighbourCard | null): Link | null {
  return card ? { href: card.property_url, displayAddress: card.display_address } : null;
}

/**
 * Previous / next property from the search the visitor came from: the newest search in their history, read
 * through GET /search.ljson. Until that answers (or without a search) the server's fallback order is shown.
 */
export function PropertyNeighbourLinks({ propertyId, fallback }: { propertyId: number; fallback: Links }) {
  const [fromSearch, setFromSearch] = useState<Links | null>(null);
  useEffect(() => {
    let cancelled = false;
    // The search codec loads after the page is interactive: it is not needed to show the property.
    import('./property-neighbours-client.ts')
      .then(({ findLinksFromHistory }) => findLinksFromHistory(propertyId))
      .then((found) => {
        if (!cancelled && found && (found.prev || found.next)) {
          setFromSearch({ prev: toLink(found.prev), next: toLink(found.next) });
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [propertyId]);
  const links = fromSearch ?? fallback;
  if (!links.prev && !links.next) return null;
  return (
    <nav
      className="property-neighbours"
      aria-label={fromSearch ? 'Other properties in your search' : 'More properties'}
    >
      {links.prev ? (
        <a href={links.prev.href} rel="prev">
          <span className="property-neighbours__direction">Previous property</span>
          <span className="property-neighbours__address">{links.prev.displayAddress}</span>
        </a>
      ) : (
        <span />
      )}
      {links.next ? (
        <a href={links.next.href} rel="next">
          <span className="property-neighbours__direction">Next property</span>
          <span className="property-neighbours__address">{links.next.displayAddress}</span>
        </a>
      ) : null}
    </nav>
  );
}
