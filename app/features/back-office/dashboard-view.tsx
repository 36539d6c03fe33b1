/**
 * The dashboard: small, dense panels of figures, each linking to where staff act on them. The leads chart is one row
 * of bars per kind (small multiples on one scale: no legend or colour key to decode), drawn as SVG on the server,
 * each with a title and a summary, and the same figures in a table for screen readers.
 */
import { kindLabels, stageLabels } from '../lead-inbox/index.ts';
import type { DashboardFigures } from './dashboard-model.ts';
import './back-office.css';

type LeadFigures = NonNullable<DashboardFigures['leads']>;

const dayLabel = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

function formatDay(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

function labelOfKind(kind: string): string {
  return kind in kindLabels ? kindLabels[kind as keyof typeof kindLabels] : kind;
}

function labelOfStage(stage: string): string {
  return stage in stageLabels ? stageLabels[stage as keyof typeof stageLabels] : stage;
}

const BAR_STEP = 3;
const CHART_HEIGHT = 32;

function KindBars({ kind, counts, max, days }: { kind: string; counts: number[]; max: number; days: string[] }) {
  const label = labelOfKind(kind);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const busiest = counts.reduce((best, count, index) => (count > counts[best]! ? index : best), 0);
  const summary =
    total === 0
      ? `No ${label.toLowerCase()}s in the last ${days.length} days.`
      : `${total} in the last ${days.length} days; the busiest day was ${formatDay(days[busiest]!)} with ${counts[busiest]}.`;
  const id = `chart-${kind}`;
  return (
    <svg
      className="dashboard-bars"
      viewBox={`0 0 ${counts.length * BAR_STEP} ${CHART_HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{`${label}s per day`}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <line className="dashboard-axis" x1="0" x2={counts.length * BAR_STEP} y1={CHART_HEIGHT} y2={CHART_HEIGHT} />
      {counts.map((count, index) => {
        if (count === 0) return null;
        const height = Math.max(1, (count / max) * CHART_HEIGHT);
        return (
          <rect
            key={days[index]}
            className="dashboard-bar"
            x={index * BAR_STEP}
            y={CHART_HEIGHT - height}
            width={BAR_STEP - 1}
            height={height}
          />
        );
      })}
    </svg>
  );
}

function LeadsChart({ figures }: { figures: LeadFigures }) {
  const max = Math.max(1, ...figures.kinds.flatMap((kind) => kind.counts));
  const first = figures.days[0]!;
  const last = figures.days.at(-1)!;
  return (
    <section className="dashboard-panel dashboard-panel--wide" aria-labelledby="dashboard-leads-per-day">
      <h2 id="dashboard-leads-per-day">Leads per day, last {figures.days.length} days</h2>
      <p className="dashboard-note">
        {formatDay(first)} to {formatDay(last)}, one bar a day, every row on the same scale (tallest bar: {max}).
      </p>
      <ul className="dashboard-chart">
        {figures.kinds.map((kind) => (
          <li key={kind.kind} className="dashboard-chart-row">
            <a href={`/admin/leads?kind=${kind.kind}&from=${first}`}>{labelOfKind(kind.kind)}</a>
            <span className="dashboard-figure">{kind.total}</span>
            <KindBars kind={kind.kind} counts={kind.counts} max={max} days={figures.days} />
          </li>
        ))}
      </ul>
      {/* The same figures for screen readers: a table of the days with any lead, newest first. The wrapper is what is
          hidden: a table's own overflow does not clip its cells, which would widen the page on a phone. */}
      <div className="visually-hidden">
        <table>
          <caption>Leads per day by kind, newest first (days without leads left out)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {figures.kinds.map((kind) => (
                <th key={kind.kind} scope="col">
                  {labelOfKind(kind.kind)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.days
              .map((day, index) => ({ day, index }))
              .filter(({ index }) => figures.kinds.some((kind) => kind.counts[index]! > 0))
              .reverse()
              .map(({ day, index }) => (
                <tr key={day}>
                  <th scope="row">{formatDay(day)}</th>
                  {figures.kinds.map((kind) => (
                    <td key={kind.kind}>{kind.counts[index]}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function FigureTable({ caption, rows }: { caption: string; rows: { label: string; count: number; href?: string }[] }) {
  return (
    <table className="dashboard-figures">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.href ? <a href={row.href}>{row.label}</a> : row.label}</th>
            <td className="dashboard-figure">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const IMPORT_OUTCOMES = { applied: 'Applied', refused: 'Refused', 'dry-run': 'Dry run (nothing changed)' } as const;

function LastImport({ run }: { run: DashboardFigures['lastImport'] }) {
  if (!run) return <p>No import has run yet.</p>;
  const { created, updated, unchanged, withdrawn, rejected, warnings } = run.counts;
  return (
    <dl className="dashboard-facts">
      <dt>Finished</dt>
      <dd>{dateTime.format(new Date(run.finishedAt))}</dd>
      <dt>Source</dt>
      <dd>
        {run.source}: {run.fileName}
      </dd>
      <dt>Outcome</dt>
      <dd className={run.status === 'refused' ? 'dashboard-bad' : undefined}>
        {IMPORT_OUTCOMES[run.status]}
        {run.reason ? `: ${run.reason}` : ''}
      </dd>
      <dt>Records</dt>
      <dd>
        {run.recordCount}: {created} new, {updated} updated, {unchanged} unchanged, {withdrawn} withdrawn, {rejected}{' '}
        rejected, {warnings} warnings
      </dd>
    </dl>
  );
}

export function DashboardView({ figures }: { figures: DashboardFigures }) {
  return (
    <div className="dashboard">
      {figures.leads ? <LeadsChart figures={figures.leads} /> : null}
      {figures.leads ? (
        <section className="dashboard-panel" aria-labelledby="dashboard-open-leads">
          <h2 id="dashboard-open-leads">Open leads</h2>
          <FigureTable
            caption="Open leads by status"
            rows={figures.leads.open.map((row) => ({
              label: labelOfStage(row.stage),
              count: row.count,
              href: `/admin/leads?stage=${row.stage}`,
            }))}
          />
        </section>
      ) : null}
      <section className="dashboard-panel" aria-labelledby="dashboard-listings">
        <h2 id="dashboard-listings">Listings live</h2>
        <FigureTable
          caption="Listings live by channel"
          rows={figures.listings.map((row) => ({
            label: row.channel === 'sales' ? 'For sale' : 'To let',
            count: row.count,
          }))}
        />
      </section>
      <section className="dashboard-panel" aria-labelledby="dashboard-import">
        <h2 id="dashboard-import">Last import</h2>
        <LastImport run={figures.lastImport} />
      </section>
      {figures.emails ? (
        <section className="dashboard-panel" aria-labelledby="dashboard-emails">
          <h2 id="dashboard-emails">Emails</h2>
          <FigureTable
            caption="Emails waiting or failed"
            rows={[
              { label: 'Waiting to be sent', count: figures.emails.queued, href: '/admin/email?status=queued' },
              { label: 'Retrying', count: figures.emails.retrying, href: '/admin/email?status=retrying' },
              { label: 'Failed', count: figures.emails.failed, href: '/admin/email?status=failed' },
            ]}
          />
        </section>
      ) : null}
    </div>
  );
}
