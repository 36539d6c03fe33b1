import { useEffect, useMemo, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { PropertyCard } from '../properties/index.ts';
import { SaveablePropertyCard } from './saveable-property-card.tsx';
import { useSavedPropertyIds } from './save-property-toggle.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import './saved.css';

/**
 * Saved Properties tab (spec point 2): the saved properties as cards with the save toggle. The list follows the
 * browser's saved list (merged with the server's when signed in); cards missing from the page data are fetched.
 */
export function SavedPropertiesPanel({ cards, panelPath }: { cards: PropertyCard[]; panelPath: string }) {
  const isHydrated = useIsHydrated();
  const savedIds = useSavedPropertyIds();
  const fetcher = useFetcher<{ cards: PropertyCard[] }>();
  const known = useMemo(() => {
    const byId = new Map<number, PropertyCard>();
    for (const card of [...cards, ...(fetcher.data?.cards ?? [])]) byId.set(card.property_id, card);
    return byId;
  }, [cards, fetcher.data]);
  const missing = savedIds.filter((id) => !known.has(id));
  const missingKey = missing.join(',');
  const { load, state } = fetcher;
  // Fetch once per set of missing ids (ids that stay missing, e.g. withdrawn listings, are not asked for again).
  const requestedKey = useRef('');
  useEffect(() => {
    if (missingKey === '' || state !== 'idle' || requestedKey.current === missingKey) return;
    requestedKey.current = missingKey;
    void load(`${panelPath}?ids=${missingKey}`);
  }, [missingKey, state, load, panelPath]);

  // Before hydration the browser list is unknown: show the server's cards (signed in) as they are.
  const shown = isHydrated ? savedIds.flatMap((id) => known.get(id) ?? []) : cards;
  const isLoading = isHydrated && missing.length > 0 && fetcher.state !== 'idle';

  return (
    <section className="saved-panel" aria-labelledby="saved-properties-title">
      <h2 id="saved-properties-title" className="saved-panel__title">
        Saved Properties
      </h2>
      {isLoading ? <p role="status">Loading your saved properties…</p> : null}
      {shown.length === 0 && !isLoading ? (
        <p className="saved-panel__empty">
          You have no saved properties yet. Use the heart on any property to save it here.{' '}
          <a href="/search">Search properties</a>
        </p>
      ) : (
        <div className="saved-panel__cards">
          {shown.map((card) => (
            <SaveablePropertyCard key={card.property_id} card={card} isSaved />
          ))}
        </div>
      )}
    </section>
  );
}
