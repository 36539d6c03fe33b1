import { useChoiceMadeBeforeHydration } from '../../components/use-choice-before-hydration.ts';
import { PlaceAutocomplete } from './place-autocomplete.tsx';
import { PROPERTY_TYPES, SORT_OPTIONS, type Search } from './search-model.ts';
import { BED_OPTIONS, PROPERTY_TYPE_LABELS, RADIUS_OPTIONS, SORT_LABELS, priceLabel } from './search-options.ts';
import { MoreFilters } from './search-more-filters.tsx';
import { useSearchFilters } from './use-search-filters.ts';

export type BranchOption = { id: number; name: string };

/**
 * The filter panel: a GET form to /search that works without JavaScript; with it, submitting navigates to the
 * normalised query string (empty fields dropped).
 */
export function SearchFiltersForm({
  search,
  branches,
  resultCount,
}: {
  search: Search;
  branches: BranchOption[];
  /** The current results' count, shown on the phone sheet's submit button until the filters change. */
  resultCount?: { count: number; isCapped: boolean };
}) {
  const filters = useSearchFilters(search, resultCount ?? null);
  const sortSelect = useChoiceMadeBeforeHydration(search.sorted ?? 'most-recent-first', (_sort, select) =>
    select.form?.requestSubmit(),
  );
  // Uncontrolled, like the order: a channel chosen before the script ran must survive hydration and swap the price
  // lists once it has run.
  const channelSelect = useChoiceMadeBeforeHydration(search.channel, (value) =>
    filters.chooseChannel(value as Search['channel']),
  );
  const { channel, bands, priceDefaults } = filters;
  return (
    <form
      className="search-filters"
      method="get"
      action="/search"
      onSubmit={filters.onSubmit}
      aria-label="Search filters"
      data-prices-for={channel}
      onChange={filters.onChange}
    >
      <div className="field">
        <label htmlFor="filter-channel">Buy or rent</label>
        <select
          id="filter-channel"
          name="channel"
          ref={channelSelect}
          defaultValue={search.channel}
          onChange={(event) => filters.chooseChannel(event.currentTarget.value as Search['channel'])}
        >
          <option value="sales">Buy</option>
          <option value="lettings">Rent</option>
        </select>
      </div>
      <div className="field field--wide">
        <PlaceAutocomplete
          id="filter-q"
          name="q"
          label="Town, area or postcode"
          defaultValue={search.q ?? ''}
          defaultPlaceId={search.placeId}
        />
      </div>
      <div className="field">
        <label htmlFor="filter-within">Within</label>
        <select id="filter-within" name="within" defaultValue={search.within ?? ''}>
          <option value="">This area only</option>
          {RADIUS_OPTIONS.map((miles) => (
            <option key={miles} value={miles}>
              {miles === 0.25 ? '¼ mile' : miles === 0.5 ? '½ mile' : `${miles} mile${miles === 1 ? '' : 's'}`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-min-beds">Min beds</label>
        <select id="filter-min-beds" name="minBeds" defaultValue={search.minBeds ?? ''}>
          <option value="">No min</option>
          {BED_OPTIONS.map((beds) => (
            <option key={beds} value={beds}>
              {beds === 0 ? 'Studio' : beds}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-max-beds">Max beds</label>
        <select id="filter-max-beds" name="maxBeds" defaultValue={search.maxBeds ?? ''}>
          <option value="">No max</option>
          {BED_OPTIONS.map((beds) => (
            <option key={beds} value={beds}>
              {beds === 0 ? 'Studio' : beds}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-min-price">Min price</label>
        <select id="filter-min-price" key={channel} name="minPrice" defaultValue={priceDefaults.minPrice ?? ''}>
          <option value="">No min</option>
          {bands.map((value) => (
            <option key={value} value={value}>
              {priceLabel(channel, value)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-max-price">Max price</label>
        <select id="filter-max-price" key={channel} name="maxPrice" defaultValue={priceDefaults.maxPrice ?? ''}>
          <option value="">No max</option>
          {bands.map((value) => (
            <option key={value} value={value}>
              {priceLabel(channel, value)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-type">Property type</label>
        <select id="filter-type" name="propertyType" defaultValue={search.propertyType ?? ''}>
          <option value="">Any type</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {PROPERTY_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <MoreFilters search={search} branches={branches} />
      <div className="field">
        <label htmlFor="filter-sort">Sort by</label>
        <select
          id="filter-sort"
          name="sort"
          ref={sortSelect}
          defaultValue={search.sorted ?? 'most-recent-first'}
          // No restoring of an old choice on a page brought back from history: it would be applied again.
          autoComplete="off"
          // A new order applies at once; without JavaScript the Update button sends it.
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="search-filters__actions">
        <button type="submit" className="button button--primary search-filters__update">
          Update results
        </button>
        {filters.liveCountText ? (
          <button type="submit" className="button button--primary search-filters__show">
            {filters.liveCountText}
          </button>
        ) : null}
      </div>
    </form>
  );
}
