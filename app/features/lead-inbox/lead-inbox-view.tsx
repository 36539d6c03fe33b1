/**
 * The leads inbox screen (/admin/leads): the filters as a real GET form (works without JavaScript, the URL is the
 * state), the counts per kind and status as links, one dense table newest first, the pager and the CSV link. Plain
 * data in, markup out: the route loads and authorises.
 */
import { Pagination } from '../../components/pagination.tsx';
import {
  inboxKinds,
  kindLabels,
  leadFiltersQuery,
  leadStages,
  stageLabels,
  type LeadFilters,
  type LeadStage,
} from './lead-inbox-model.ts';
import './lead-inbox.css';
import { FilterProblems } from '../../components/filter-problems.tsx';

type InboxKind = (typeof inboxKinds)[number];

type LeadInboxRow = {
  id: number;
  kind: InboxKind;
  stage: LeadStage;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  branchName: string | null;
  propertyAddress: string | null;
  formTitle: string | null;
  assignedStaffId: number | null;
};

export type LeadInboxViewProps = {
  list: {
    leads: LeadInboxRow[];
    page: number;
    total: number | null;
    lastPage: number | null;
    hasNext: boolean;
    counts: { byKind: Record<InboxKind, number>; byStage: Record<LeadStage, number> } | null;
    countLimit: number;
  };
  filters: LeadFilters;
  /** The branches the staff member may filter by (their scope). */
  branches: { id: number; name: string }[];
  staff: { id: number; name: string }[];
  /** The custom forms, for the form filter. */
  forms?: { id: number; name: string }[];
  /** Problems with the query string, shown above the form. */
  errors?: { field: string; message: string }[];
  basePath?: string;
};

const RECEIVED_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export function formatReceived(iso: string): string {
  return RECEIVED_FORMAT.format(new Date(iso));
}

const number = (value: number) => value.toLocaleString('en-GB');

function FacetLinks<Key extends string>({
  label,
  name,
  keys,
  labels,
  counts,
  filters,
  basePath,
}: {
  label: string;
  name: 'kind' | 'stage';
  keys: readonly Key[];
  labels: Record<Key, string>;
  counts: Record<Key, number>;
  filters: LeadFilters;
  basePath: string;
}) {
  const selected = filters[name];
  return (
    <nav className="lead-inbox__facet" aria-label={label}>
      <ul>
        <li>
          <a
            href={`${basePath}${leadFiltersQuery({ ...filters, [name]: undefined })}`}
            aria-current={selected ? undefined : 'true'}
          >
            All
          </a>
        </li>
        {keys.map((key) => (
          <li key={key}>
            <a
              href={`${basePath}${leadFiltersQuery({ ...filters, [name]: key })}`}
              aria-current={selected === key ? 'true' : undefined}
            >
              {labels[key]} <span className="lead-inbox__count">({number(counts[key])})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FilterForm({
  filters,
  branches,
  staff,
  forms = [],
  basePath,
}: Pick<LeadInboxViewProps, 'filters' | 'branches' | 'staff' | 'forms'> & { basePath: string }) {
  return (
    <form method="get" action={basePath} className="lead-inbox__filters" role="search" aria-label="Filter leads">
      <div className="lead-inbox__field lead-inbox__field--wide">
        <label htmlFor="lead-filter-q">Search name, email, phone, message or address</label>
        <input id="lead-filter-q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={200} />
      </div>
      <div className="lead-inbox__field">
        <label htmlFor="lead-filter-kind">Kind</label>
        <select id="lead-filter-kind" name="kind" defaultValue={filters.kind ?? ''}>
          <option value="">Any kind</option>
          {inboxKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="lead-inbox__field">
        <label htmlFor="lead-filter-stage">Status</label>
        <select id="lead-filter-stage" name="stage" defaultValue={filters.stage ?? ''}>
          <option value="">Any status</option>
          {leadStages.map((stage) => (
            <option key={stage} value={stage}>
              {stageLabels[stage]}
            </option>
          ))}
        </select>
      </div>
      {branches.length > 1 ? (
        <div className="lead-inbox__field">
          <label htmlFor="lead-filter-branch">Branch</label>
          <select id="lead-filter-branch" name="branch" defaultValue={filters.branch?.toString() ?? ''}>
            <option value="">Any branch</option>
            {branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {branch.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {forms.length > 0 ? (
        <div className="lead-inbox__field">
          <label htmlFor="lead-filter-form">Custom form</label>
          <select id="lead-filter-form" name="form" defaultValue={filters.form?.toString() ?? ''}>
            <option value="">Any form</option>
            {forms.map((form) => (
              <option key={form.id} value={form.id}>
                {form.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="lead-inbox__field">
        <label htmlFor="lead-filter-assignee">Assigned to</label>
        <select id="lead-filter-assignee" name="assignee" defaultValue={filters.assignee?.toString() ?? ''}>
          <option value="">Anyone</option>
          <option value="none">Nobody</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <div className="lead-inbox__field">
        <label htmlFor="lead-filter-from">Received from</label>
        <input id="lead-filter-from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </div>
      <div className="lead-inbox__field">
        <label htmlFor="lead-filter-to">Received to</label>
        <input id="lead-filter-to" name="to" type="date" defaultValue={filters.to ?? ''} />
      </div>
      <div className="lead-inbox__actions">
        <button type="submit" className="button">
          Filter
        </button>
        <a href={basePath}>Clear filters</a>
      </div>
    </form>
  );
}

export function LeadInboxView({
  list,
  filters,
  branches,
  staff,
  forms,
  errors = [],
  basePath = '/admin/leads',
}: LeadInboxViewProps) {
  const staffNames = new Map(staff.map((member) => [member.id, member.name]));
  const summary =
    list.total === null
      ? `More than ${number(list.countLimit)} leads`
      : `${number(list.total)} ${list.total === 1 ? 'lead' : 'leads'}`;
  return (
    <div className="lead-inbox">
      <FilterProblems errors={errors} />
      <FilterForm filters={filters} branches={branches} staff={staff} forms={forms} basePath={basePath} />
      {list.counts ? (
        <div className="lead-inbox__facets">
          <FacetLinks
            label="Leads by kind"
            name="kind"
            keys={inboxKinds}
            labels={kindLabels}
            counts={list.counts.byKind}
            filters={filters}
            basePath={basePath}
          />
          <FacetLinks
            label="Leads by status"
            name="stage"
            keys={leadStages}
            labels={stageLabels}
            counts={list.counts.byStage}
            filters={filters}
            basePath={basePath}
          />
        </div>
      ) : null}
      <p className="lead-inbox__export">
        <a href={`${basePath}/export.csv${leadFiltersQuery(filters)}`} download>
          Download these leads as CSV
        </a>
      </p>
      <div className="lead-inbox__table-wrap">
        <table className="lead-inbox__table">
          <caption id="lead-inbox-caption">
            Leads, newest first: {summary}
            {list.page > 1 ? `, page ${number(list.page)}` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">Email and phone</th>
              <th scope="col">Property or branch</th>
              <th scope="col">Status</th>
              <th scope="col">Assigned to</th>
            </tr>
          </thead>
          <tbody>
            {list.leads.length === 0 ? (
              <tr>
                <td colSpan={7}>No leads match these filters.</td>
              </tr>
            ) : (
              list.leads.map((lead) => (
                <tr key={lead.id}>
                  <td>
                    <time dateTime={lead.receivedAt}>{formatReceived(lead.receivedAt)}</time>
                  </td>
                  <td>
                    {kindLabels[lead.kind]}
                    {lead.formTitle ? `: ${lead.formTitle}` : ''}
                  </td>
                  <th scope="row">
                    <a href={`${basePath}/${lead.id}`}>{lead.name || lead.email || `Lead ${lead.id}`}</a>
                  </th>
                  <td>
                    {lead.email}
                    {lead.phone ? (
                      <>
                        <br />
                        {lead.phone}
                      </>
                    ) : null}
                  </td>
                  <td>{lead.propertyAddress ?? lead.branchName ?? 'Agency-wide'}</td>
                  <td>{stageLabels[lead.stage]}</td>
                  <td>
                    {lead.assignedStaffId === null
                      ? 'Nobody'
                      : (staffNames.get(lead.assignedStaffId) ?? `Staff member ${lead.assignedStaffId}`)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination
        page={list.page}
        hasPrev={list.page > 1}
        hasNext={list.hasNext}
        lastPage={list.lastPage ?? undefined}
        hrefFor={(page) => `${basePath}${leadFiltersQuery(filters, page)}`}
        label="Pages of leads"
      />
    </div>
  );
}
