/**
 * The audit log screen (/admin/audit): the filters as a GET form (the URL is the state; works without JavaScript),
 * one table newest first — when (UK time), who, from where, what, on what, what changed — and the pager.
 */
import { Pagination } from '../../components/pagination.tsx';
import {
  auditActionLabel,
  auditActionLabels,
  auditFiltersQuery,
  describeAuditDetails,
  type AuditFilters,
} from './audit-log-model.ts';
import './audit-log.css';
import { FilterProblems } from '../../components/filter-problems.tsx';

export type AuditLogViewProps = {
  log: {
    entries: {
      id: number;
      at: string;
      actorName: string | null;
      actorEmail: string | null;
      ip: string | null;
      action: string;
      target: string | null;
      details: Record<string, unknown>;
    }[];
    page: number;
    total: number | null;
    hasNext: boolean;
    countLimit: number;
  };
  filters: AuditFilters;
  actors: { id: number; name: string; email: string }[];
  errors: { field: string; message: string }[];
};

const BASE_PATH = '/admin/audit';

const AT_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

const number = (value: number) => value.toLocaleString('en-GB');

export function AuditLogView({ log, filters, actors, errors }: AuditLogViewProps) {
  const summary =
    log.total === null
      ? `more than ${number(log.countLimit)} entries`
      : `${number(log.total)} ${log.total === 1 ? 'entry' : 'entries'}`;
  return (
    <div className="audit-log">
      <FilterProblems errors={errors} />
      <form method="get" action={BASE_PATH} className="audit-log__filters" role="search" aria-label="Filter the log">
        <div className="audit-log__field audit-log__field--wide">
          <label htmlFor="audit-filter-q">Search</label>
          <input id="audit-filter-q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={200} />
        </div>
        <div className="audit-log__field">
          <label htmlFor="audit-filter-actor">Who</label>
          <select id="audit-filter-actor" name="actor" defaultValue={filters.actor?.toString() ?? ''}>
            <option value="">Anyone</option>
            <option value="system">The system (scheduled jobs)</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({actor.email})
              </option>
            ))}
          </select>
        </div>
        <div className="audit-log__field">
          <label htmlFor="audit-filter-action">What</label>
          <select id="audit-filter-action" name="action" defaultValue={filters.action ?? ''}>
            <option value="">Any action</option>
            {Object.entries(auditActionLabels).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-log__field">
          <label htmlFor="audit-filter-from">From</label>
          <input id="audit-filter-from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div className="audit-log__field">
          <label htmlFor="audit-filter-to">To</label>
          <input id="audit-filter-to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        <div className="audit-log__actions">
          <button type="submit" className="admin-button">
            Filter
          </button>
          <a href={BASE_PATH}>Clear filters</a>
        </div>
      </form>
      {/* On a phone the table scrolls in its own box, which keyboard users must be able to reach and scroll. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus (WCAG 2.1.1) */}
      <div className="admin-table-wrap" role="region" aria-labelledby="audit-log-caption" tabIndex={0}>
        <table className="admin-table audit-log__table">
          <caption id="audit-log-caption">
            Audit log, newest first: {summary}
            {log.page > 1 ? `, page ${number(log.page)}` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">When (UK time)</th>
              <th scope="col">Who</th>
              <th scope="col">From where</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
              <th scope="col">What changed</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.length === 0 ? (
              <tr>
                <td colSpan={6}>No entries match these filters.</td>
              </tr>
            ) : (
              log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{AT_FORMAT.format(new Date(entry.at))}</time>
                  </td>
                  <td>
                    {entry.actorName ?? (entry.actorEmail ? '' : 'The system')}
                    {entry.actorEmail ? (
                      <>
                        {entry.actorName ? <br /> : null}
                        <span className="audit-log__email">{entry.actorEmail}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{entry.ip ?? ''}</td>
                  <td>{auditActionLabel(entry.action)}</td>
                  <td>{entry.target ?? ''}</td>
                  <td>
                    <ul className="audit-log__changes">
                      {describeAuditDetails(entry.details).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination
        page={log.page}
        hasPrev={log.page > 1}
        hasNext={log.hasNext}
        lastPage={log.total === null ? undefined : Math.max(1, Math.ceil(log.total / 50))}
        hrefFor={(page) => `${BASE_PATH}${auditFiltersQuery(filters, page)}`}
        label="Pages of the audit log"
      />
    </div>
  );
}
