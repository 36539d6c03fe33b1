import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { fromQueryParams, toQueryParams } from './search-codec.ts';
import { setChannel } from './search-rules.ts';
import { PlaceAutocomplete } from './place-autocomplete.tsx';
import { FURNISHING_FILTERS, PROPERTY_TYPES, SORT_OPTIONS, type Search } from './search-model.ts';
import {
  BED_OPTIONS,
  DAYS_OPTIONS,
  FACT_FILTER_LABELS,
  FURNISHING_LABELS,
  PRICE_BANDS,
  PROPERTY_TYPE_LABELS,
  RADIUS_OPTIONS,
  SORT_LABELS,
  STATUSES_BY_CHANNEL,
  STATUS_LABELS,
  TAG_OPTIONS,
  priceLabel,
} from './search-options.ts';

export type BranchOption = { id: number; name: string };

function formToSearch(form: HTMLFormElement, current: Search): Search {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const [key, value] of data) {
    if (typeof value !== 'string' || value === '' || key === 'tags') continue;
    params.set(key, value);
  }
  const tags = data.getAll('tags').filter((tag): tag is string => typeof tag === 'string');
  if (tags.length > 0) params.set('tags', tags.join(','));
  if (current.poly && keepsDrawnArea(params, current)) params.set('poly', toQueryParams(current).get('poly') ?? '');
  const next = fromQueryParams(params);
  // Spec point 4: changing channel clears the price range (sale prices make no sense as rents). The price lists
  // were already swapped and emptied when the channel was chosen, so prices picked after that are kept.
  if (next.channel === current.channel || form.dataset.pricesFor === next.channel) return next;
  return setChannel({ ...next, channel: current.channel }, next.channel);
}

/**
 * The drawn area survives a form submit unless a new free-text location or keyword replaces it (spec point 4). A
 * place chosen from the suggestions is not free text: the search is then the drawn area within that place.
 */
function keepsDrawnArea(params: URLSearchParams, current: Search): boolean {
  const q = params.get('q');
  const isNewFreeText = q !== null && q !== (current.q ?? '') && params.get('placeId') === null;
  const text = params.get('text');
  const isNewKeyword = text !== null && text !== (current.text ?? '');
  return !isNewFreeText && !isNewKeyword;
}

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
  const navigate = useNavigate();
  const liveCount = useLiveResultCount(resultCount ?? null);
  // The channel chosen in the form (not yet applied) decides the price lists: sale prices are not rents.
  const [channelChoice, setChannelChoice] = useState({ from: search.channel, channel: search.channel });
  const channel = channelChoice.from === search.channel ? channelChoice.channel : search.channel;
  const bands = PRICE_BANDS[channel];
  const priceDefaults = channel === search.channel ? search : { minPrice: null, maxPrice: null };
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = formToSearch(event.currentTarget, search);
    void navigate(
      `/search?${toQueryParams(next).toString()}${window.location.hash.startsWith('#/map') ? '#/map' : ''}`,
    );
  }
  return (
    <form
      className="search-filters"
      method="get"
      action="/search"
      onSubmit={onSubmit}
      aria-label="Search filters"
      data-prices-for={channel}
      onChange={(event) => liveCount.recount(formToSearch(event.currentTarget, search))}
    >
      <div className="field">
        <label htmlFor="filter-channel">Buy or rent</label>
        <select
          id="filter-channel"
          name="channel"
          value={channel}
          onChange={(event) =>
            setChannelChoice({ from: search.channel, channel: event.currentTarget.value as Search['channel'] })
          }
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
      <details className="search-filters__more" open={hasAdvancedFilters(search)}>
        <summary>More filters</summary>
        <div className="search-filters__grid">
          <div className="field">
            <label htmlFor="filter-status">Status</label>
            <select id="filter-status" name="status" defaultValue={search.status ?? 'all'}>
              {STATUSES_BY_CHANNEL[search.channel].map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-created">Added in the last</label>
            <select id="filter-created" name="createdAgo" defaultValue={search.createdAgo ?? ''}>
              <option value="">Any time</option>
              {DAYS_OPTIONS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? '24 hours' : `${days} days`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-updated">Updated in the last</label>
            <select id="filter-updated" name="updatedAgo" defaultValue={search.updatedAgo ?? ''}>
              <option value="">Any time</option>
              {DAYS_OPTIONS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? '24 hours' : `${days} days`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-min-sqft">Min sq ft</label>
            <input
              id="filter-min-sqft"
              name="minSquareFeet"
              inputMode="numeric"
              defaultValue={search.minSquareFeet ?? ''}
            />
          </div>
          <div className="field">
            <label htmlFor="filter-max-sqft">Max sq ft</label>
            <input
              id="filter-max-sqft"
              name="maxSquareFeet"
              inputMode="numeric"
              defaultValue={search.maxSquareFeet ?? ''}
            />
          </div>
          <div className="field">
            <label htmlFor="filter-min-acres">Min acres</label>
            <input id="filter-min-acres" name="minAcreage" inputMode="decimal" defaultValue={search.minAcreage ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="filter-max-acres">Max acres</label>
            <input id="filter-max-acres" name="maxAcreage" inputMode="decimal" defaultValue={search.maxAcreage ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="filter-auction-date">Auction date</label>
            <input id="filter-auction-date" name="auctionDate" type="date" defaultValue={search.auctionDate ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="filter-branch">Branch</label>
            <select id="filter-branch" name="branch_id" defaultValue={search.branch_id ?? ''}>
              <option value="">All branches</option>
              {branches.map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field field--wide">
            <label htmlFor="filter-text">Keywords</label>
            <input
              id="filter-text"
              name="text"
              type="text"
              defaultValue={search.text ?? ''}
              placeholder="e.g. garage, sea view"
            />
          </div>
          <fieldset className="field field--wide checkbox-group">
            <legend>Features</legend>
            {TAG_OPTIONS.map((tag) => (
              <label key={tag.slug}>
                <input type="checkbox" name="tags" value={tag.slug} defaultChecked={search.tags.includes(tag.slug)} />{' '}
                {tag.label}
              </label>
            ))}
            {search.channel === 'lettings' ? (
              <>
                <label>
                  <input type="checkbox" name="shortLets" value="true" defaultChecked={search.shortLets} /> Short lets
                </label>
                <label>
                  <input type="checkbox" name="pets" value="true" defaultChecked={search.pets} /> Pets allowed
                </label>
                <FactCheckbox search={search} name="billsIncluded" />
              </>
            ) : null}
          </fieldset>
          <fieldset className="field field--wide checkbox-group">
            <legend>Parking and outside space</legend>
            <FactCheckbox search={search} name="parking" />
            <FactCheckbox search={search} name="garden" />
            <FactCheckbox search={search} name="outsideSpace" />
          </fieldset>
          <fieldset className="field field--wide checkbox-group">
            <legend>Tenure and type</legend>
            <FactCheckbox search={search} name="excludeLeasehold" />
            <FactCheckbox search={search} name="excludeSharedOwnership" />
            <FactCheckbox search={search} name="excludeRetirement" />
          </fieldset>
          {search.channel === 'lettings' ? (
            <>
              <div className="field">
                <label htmlFor="filter-available-from">Available to move in by</label>
                <input
                  id="filter-available-from"
                  name="availableFrom"
                  type="date"
                  defaultValue={search.availableFrom ?? ''}
                />
              </div>
              <div className="field">
                <label htmlFor="filter-furnishing">Furnishing</label>
                <select id="filter-furnishing" name="furnishing" defaultValue={search.furnishing ?? ''}>
                  <option value="">Any</option>
                  {FURNISHING_FILTERS.map((option) => (
                    <option key={option} value={option}>
                      {FURNISHING_LABELS[option]}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ) : null}
        </div>
      </details>
      <div className="field">
        <label htmlFor="filter-sort">Sort by</label>
        <select
          id="filter-sort"
          name="sort"
          defaultValue={search.sorted ?? 'most-recent-first'}
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
        {liveCount.text ? (
          <button type="submit" className="button button--primary search-filters__show">
            {liveCount.text}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * 'Show N results' for the phone's filter sheet: the count of what the sheet's filters would find, asked of
 * GET /search.ljson as they change (debounced, and only where the sheet is shown).
 */
function useLiveResultCount(initial: { count: number; isCapped: boolean } | null) {
  const [count, setCount] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );
  const recount = (next: Search) => {
    if (!initial || !window.matchMedia('(max-width: 767px)').matches) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`/search.ljson?${toQueryParams({ ...next, page: 1 }).toString()}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { total?: { count: number; isCapped: boolean } } | null) => {
          if (body?.total) setCount(body.total);
        })
        .catch(() => undefined);
    }, 300);
  };
  const text = count
    ? `Show ${count.count.toLocaleString('en-GB')}${count.isCapped ? '+' : ''} result${count.count === 1 && !count.isCapped ? '' : 's'}`
    : null;
  return { text, recount };
}

function hasAdvancedFilters(search: Search): boolean {
  return (
    search.createdAgo !== null ||
    search.updatedAgo !== null ||
    search.minSquareFeet !== null ||
    search.maxSquareFeet !== null ||
    search.minAcreage !== null ||
    search.maxAcreage !== null ||
    search.auctionDate !== null ||
    search.branch_id !== null ||
    search.text !== null ||
    search.tags.length > 0 ||
    search.shortLets ||
    search.pets ||
    search.availableFrom !== null ||
    search.furnishing !== null ||
    (Object.keys(FACT_FILTER_LABELS) as (keyof typeof FACT_FILTER_LABELS)[]).some((key) => search[key])
  );
}

/** One yes/no fact filter; sent as 'true' like the other checkboxes, so it works without JavaScript too. */
function FactCheckbox({ search, name }: { search: Search; name: keyof typeof FACT_FILTER_LABELS }) {
  return (
    <label>
      <input type="checkbox" name={name} value="true" defaultChecked={search[name]} /> {FACT_FILTER_LABELS[name]}
    </label>
  );
}
