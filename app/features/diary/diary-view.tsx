/**
 * The diary page (/admin/diary): a GET form choosing the branch, view and date; previous/next links; the day (hour
 * rows) or week (day rows) as a captioned table; then the requests still waiting for a time with the slots the
 * visitor chose. Every entry links to its page, where the confirm, reschedule and cancel forms are.
 */
import { ErrorSummary } from '../../components/form-fields.tsx';
import type { DayGrid, DiaryView, WeekGrid } from './diary-grid.ts';
import { diaryQueryString, diaryStateLabels, type DiaryState } from './diary-model.ts';
import { formatClockTime, formatLongDate, formatShortDate, type IsoDate } from './diary-time.ts';
import './diary.css';

type Kind = 'viewing' | 'valuation';

type DiaryViewEntry = {
  leadId: number;
  kind: Kind;
  state: DiaryState;
  date: IsoDate;
  minutes: number;
  durationMinutes: number | null;
  visitorName: string;
  address: string;
};

type Branch = { id: number; slug: string; name: string };

export type DiaryPageProps = {
  branches: Branch[];
  branch: Branch | null;
  query: { view: DiaryView; date: IsoDate; branch: string | null } | null;
  period: { first: IsoDate; last: IsoDate; previous: IsoDate; next: IsoDate } | null;
  grid: { view: 'day'; day: DayGrid<DiaryViewEntry> } | { view: 'week'; week: WeekGrid<DiaryViewEntry> } | null;
  requests: {
    leadId: number;
    kind: Kind;
    receivedAt: string;
    visitorName: string;
    address: string;
    slots: { date: IsoDate; times: string[] } | null;
    message: string;
  }[];
  errors: { field: string; message: string }[];
  /** Today in the UK, from the server (so the page renders the same in the browser). */
  today: IsoDate;
};

export const KIND_LABELS: Record<Kind, string> = { viewing: 'Viewing', valuation: 'Valuation' };

const RECEIVED = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** The visitor's chosen day and times, as staff read them: 'Tue 1 Dec: 9:00, 10:00'. */
export function slotsText(slots: { date: IsoDate; times: string[] } | null, message: string): string {
  if (slots) return `${formatShortDate(slots.date)}: ${slots.times.join(', ') || 'any time'}`;
  return message
    ? `In their message: "${message.length > 160 ? `${message.slice(0, 157)}...` : message}"`
    : 'None given';
}

function EntryLink({ entry }: { entry: DiaryViewEntry }) {
  const who = entry.visitorName || `Lead ${entry.leadId}`;
  return (
    <a href={`/admin/diary/${entry.leadId}`} className={`diary__entry diary__entry--${entry.state}`}>
      <span className="diary__time">{formatClockTime(entry.minutes)}</span> {KIND_LABELS[entry.kind]}: {who}
      {entry.address ? `, ${entry.address}` : ''}{' '}
      <span className="diary__state">
        ({diaryStateLabels[entry.state]}
        {entry.durationMinutes ? `, ${entry.durationMinutes} min` : ''})
      </span>
    </a>
  );
}

function EntryList({ entries }: { entries: DiaryViewEntry[] }) {
  if (entries.length === 0) return <span className="diary__empty">Nothing</span>;
  return (
    <ul className="diary__entries">
      {entries.map((entry) => (
        <li key={`${entry.leadId}-${entry.state}-${entry.minutes}`}>
          <EntryLink entry={entry} />
        </li>
      ))}
    </ul>
  );
}

export function DiaryPageView({ branches, branch, query, period, grid, requests, errors, today }: DiaryPageProps) {
  const view = query?.view ?? 'week';
  const date = query?.date ?? today;
  const link = (changes: Partial<{ view: DiaryView; date: IsoDate }>) =>
    `/admin/diary${diaryQueryString({ view, date, branch: branch?.slug ?? null, ...changes })}`;
  return (
    <div className="diary">
      <h1>Diary</h1>
      <ErrorSummary errors={errors} fieldIds={{ branch: 'diary-branch', view: 'diary-view', date: 'diary-date' }} />
      {branches.length === 0 ? (
        <p>You are not a member of any branch, so there is no diary to show. Ask the owner to add you to a branch.</p>
      ) : (
        <form method="get" action="/admin/diary" className="diary__controls">
          <div className="diary__field">
            <label htmlFor="diary-branch">Branch</label>
            <select id="diary-branch" name="branch" defaultValue={branch?.slug ?? ''}>
              {branches.map((choice) => (
                <option key={choice.id} value={choice.slug}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
          <div className="diary__field">
            <label htmlFor="diary-view">View</label>
            <select id="diary-view" name="view" defaultValue={view}>
              <option value="day">Day</option>
              <option value="week">Week</option>
            </select>
          </div>
          <div className="diary__field">
            <label htmlFor="diary-date">Date</label>
            <input id="diary-date" name="date" type="date" defaultValue={date} />
          </div>
          <button type="submit" className="admin-button">
            Show
          </button>
        </form>
      )}
      {branch && period && grid ? (
        <>
          <nav className="diary__pager" aria-label="Diary dates">
            <a href={link({ date: period.previous })}>Previous {view}</a>
            <a href={link({ date: today })}>Today</a>
            <a href={link({ date: period.next })}>Next {view}</a>
            {view === 'week' ? (
              <a href={link({ view: 'day' })}>Day view</a>
            ) : (
              <a href={link({ view: 'week' })}>Week view</a>
            )}
          </nav>
          {grid.view === 'day' ? (
            <table className="diary__table">
              <caption>
                {branch.name}: {formatLongDate(grid.day.date)} (UK time)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Appointments and requested times</th>
                </tr>
              </thead>
              <tbody>
                {grid.day.hours.map((row) => (
                  <tr key={row.hour}>
                    <th scope="row">{formatClockTime(row.hour * 60)}</th>
                    <td>
                      <EntryList entries={row.entries} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <table className="diary__table">
              <caption>
                {branch.name}: week of {formatLongDate(grid.week.start)} (UK time)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Appointments and requested times</th>
                </tr>
              </thead>
              <tbody>
                {grid.week.days.map((day) => (
                  <tr key={day.date} aria-current={day.date === today ? 'date' : undefined}>
                    <th scope="row">
                      <a href={link({ view: 'day', date: day.date })}>{formatShortDate(day.date)}</a>
                    </th>
                    <td>
                      <EntryList entries={day.entries} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <section aria-labelledby="diary-requests-title">
            <h2 id="diary-requests-title">Waiting for a time</h2>
            {requests.length === 0 ? (
              <p>No viewing or valuation requests are waiting for a time at this branch.</p>
            ) : (
              <table className="diary__table diary__requests">
                <caption className="visually-hidden">
                  Viewing and valuation requests with no appointment yet, oldest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Visitor</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Property</th>
                    <th scope="col">Times they chose</th>
                    <th scope="col">Received</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.map((request) => (
                    <tr key={request.leadId}>
                      <th scope="row">
                        <a href={`/admin/diary/${request.leadId}`}>
                          Confirm a time for {request.visitorName || `lead ${request.leadId}`}
                        </a>
                      </th>
                      <td>{KIND_LABELS[request.kind]}</td>
                      <td>{request.address}</td>
                      <td>{slotsText(request.slots, request.message)}</td>
                      <td>
                        <time dateTime={request.receivedAt}>{RECEIVED.format(new Date(request.receivedAt))}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
