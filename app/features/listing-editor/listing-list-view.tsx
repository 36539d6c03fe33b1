/**
 * The listings list (/admin/listings): the filters as a real GET form (the URL is the state, it works without
 * JavaScript), one table newest change first, and the pager. Plain data in, markup out: the route loads and
 * authorises.
 */
import { FilterProblems } from '../../components/filter-problems.tsx';
import { Pagination } from '../../components/pagination.tsx';
import {
  LISTING_CHANNELS,
  LISTING_STATUSES,
  SOURCE_MANUAL,
  channelLabels,
  filtersQuery,
  statusLabels,
  type ListingFilters,
} from './listing-editor-model.ts';
import './listing-editor.css';
import { AdminTable } from '../../components/admin-table.tsx';

type ListingListRow = {
  id: number;
  reference: string;
  displayAddress: string;
  postcode: string;
  channel: 'sales' | 'lettings';
  status: keyof typeof statusLabels;
  isPublished: boolean;
  isWithdrawn: boolean;
  priceValue: number | null;
  branchName: string;
  source: string | null;
  updatedAt: string;
};

type ListingListViewProps = {
  list: { listings: ListingListRow[]; page: number; total: number; isTotalCapped: boolean; hasNext: boolean };
  filters: ListingFilters;
  branches: { id: number; name: string }[];
  sources: string[];
  errors: { field: string; message: string }[];
};

const BASE_PATH = '/admin/listings';
const UPDATED_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatPounds(value: number | null): string {
  return value === null ? '—' : `£${value.toLocaleString('en-GB')}`;
}

function FilterForm({ filters, branches, sources }: Pick<ListingListViewProps, 'filters' | 'branches' | 'sources'>) {
  return (
    <form method="get" action={BASE_PATH} className="listing-filters" role="search" aria-label="Filter listings">
      <div className="listing-filters__field listing-filters__field--wide">
        <label htmlFor="listing-filter-q">Search by address, postcode or reference</label>
        <input id="listing-filter-q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={200} />
      </div>
      <div className="listing-filters__field">
        <label htmlFor="listing-filter-channel">Channel</label>
        <select id="listing-filter-channel" name="channel" defaultValue={filters.channel ?? ''}>
          <option value="">Sales and lettings</option>
          {LISTING_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {channelLabels[channel]}
            </option>
          ))}
        </select>
      </div>
      <div className="listing-filters__field">
        <label htmlFor="listing-filter-status">Status</label>
        <select id="listing-filter-status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          {[...LISTING_STATUSES, 'withdrawn' as const].map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      {branches.length > 1 ? (
        <div className="listing-filters__field">
          <label htmlFor="listing-filter-branch">Branch</label>
          <select id="listing-filter-branch" name="branch" defaultValue={filters.branch?.toString() ?? ''}>
            <option value="">Any branch</option>
            {branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {branch.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="listing-filters__field">
        <label htmlFor="listing-filter-source">Source</label>
        <select id="listing-filter-source" name="source" defaultValue={filters.source ?? ''}>
          <option value="">Any source</option>
          <option value={SOURCE_MANUAL}>Entered here</option>
          {sources.map((source) => (
            <option key={source} value={source}>
              Feed: {source}
            </option>
          ))}
        </select>
      </div>
      <div className="listing-filters__field">
        <label htmlFor="listing-filter-published">On the site</label>
        <select id="listing-filter-published" name="published" defaultValue={filters.published ?? ''}>
          <option value="">Published or not</option>
          <option value="yes">Published</option>
          <option value="no">Not published</option>
        </select>
      </div>
      <div className="listing-filters__actions">
        <button type="submit" className="admin-button">
          Filter
        </button>
        <a href={BASE_PATH}>Clear filters</a>
      </div>
    </form>
  );
}

export function ListingListView({ list, filters, branches, sources, errors }: ListingListViewProps) {
  const summary =
    list.total === 0
      ? 'No listings match.'
      : `${list.isTotalCapped ? 'More than ' : ''}${list.total.toLocaleString('en-GB')} ${list.total === 1 ? 'listing' : 'listings'}`;
  return (
    <>
      <p>
        <a className="admin-button" href={`${BASE_PATH}/new`}>
          Create a listing
        </a>
      </p>
      <FilterProblems errors={errors} />
      <FilterForm filters={filters} branches={branches} sources={sources} />
      <p role="status">{summary}</p>
      {list.listings.length > 0 ? (
        <AdminTable
          label="Listings"
          caption="Listings"
          columns={['Address', 'Reference', 'Channel', 'Status', 'Price', 'Branch', 'Source', 'Updated']}
        >
          {list.listings.map((listing) => (
            <tr key={listing.id}>
              <td>
                <a href={`${BASE_PATH}/${listing.id}`}>{listing.displayAddress}</a>
                <br />
                <span className="listing-muted">{listing.postcode}</span>
              </td>
              <td>{listing.reference}</td>
              <td>{channelLabels[listing.channel]}</td>
              <td>
                {listing.isWithdrawn ? statusLabels.withdrawn : statusLabels[listing.status]}
                <br />
                <span className="listing-muted">{listing.isPublished ? 'Published' : 'Not published'}</span>
              </td>
              <td>{formatPounds(listing.priceValue)}</td>
              <td>{listing.branchName}</td>
              <td>{listing.source ? `Feed: ${listing.source}` : 'Entered here'}</td>
              <td>{UPDATED_FORMAT.format(new Date(listing.updatedAt))}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <Pagination
        page={list.page}
        hasPrev={list.page > 1}
        hasNext={list.hasNext}
        hrefFor={(page) => `${BASE_PATH}${filtersQuery(filters, page)}`}
        label="Listings pages"
      />
    </>
  );
}
