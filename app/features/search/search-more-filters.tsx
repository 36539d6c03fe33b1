/** The filter panel's 'More filters': status, age, size, auction, branch, keywords, tags and the lettings extras. */
import { FURNISHING_FILTERS, type Search } from './search-model.ts';
import {
  DAYS_OPTIONS,
  FACT_FILTER_LABELS,
  FURNISHING_LABELS,
  STATUSES_BY_CHANNEL,
  STATUS_LABELS,
  TAG_OPTIONS,
} from './search-options.ts';
import type { BranchOption } from './search-filters-form.tsx';

export function MoreFilters({ search, branches }: { search: Search; branches: BranchOption[] }) {
  return (
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
  );
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
