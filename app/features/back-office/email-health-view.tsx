/**
 * Email health: the transport and whether it answers, the outbox by state, and resend buttons that are real form
 * posts (one failed email, or every failed one).
 */
import { CsrfField, usePostOnce } from '../../components/form/form-parts.tsx';
import './back-office.css';
import { AdminTable } from '../../components/admin-table.tsx';

type OutboxState = 'queued' | 'retrying' | 'sending' | 'sent' | 'failed' | 'stored';

const STATE_LABELS: Record<OutboxState, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  stored: 'Kept, not sent',
};

const STATES = Object.keys(STATE_LABELS) as OutboxState[];

const TRANSPORT_LABELS = {
  smtp: 'SMTP server',
  files: 'Files on the server (SMTP_URL is not set: nothing is delivered)',
  outbox: 'Development outbox (nothing is delivered)',
} as const;

export type EmailHealthData = {
  state: OutboxState | null;
  isPaged: boolean;
  entries: {
    id: number;
    toAddress: string;
    subject: string;
    state: OutboxState;
    attempts: number;
    nextAttemptAt: Date | string | null;
    lastError: string | null;
    createdAt: Date | string;
    sentAt: Date | string | null;
  }[];
  nextBeforeId: number | null;
  counts: Record<OutboxState, number>;
  transport: {
    kind: keyof typeof TRANSPORT_LABELS;
    target: string;
    isAnswering: boolean;
    problem: string | null;
    checkedInMs: number;
  };
  requeued: number | null;
};

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

function formatTime(value: Date | string | null): string {
  return value ? dateTime.format(new Date(value)) : '';
}

function filterHref(state: OutboxState | null): string {
  return state ? `/admin/email?status=${state}` : '/admin/email';
}

export function EmailHealthView({ health }: { health: EmailHealthData }) {
  const { transport, counts, entries, state } = health;
  const action = state ? `/admin/email?status=${state}` : '/admin/email';
  const postOnce = usePostOnce();
  return (
    <>
      {health.requeued !== null ? (
        <p className="admin-notice" role="status">
          {health.requeued === 1
            ? 'One failed email is back in the queue.'
            : `${health.requeued} failed emails are back in the queue.`}
        </p>
      ) : null}
      <h2>Transport</h2>
      <dl className="dashboard-facts">
        <dt>Sends through</dt>
        <dd>
          {TRANSPORT_LABELS[transport.kind]}: {transport.target}
        </dd>
        <dt>Answers now</dt>
        <dd className={transport.isAnswering ? undefined : 'dashboard-bad'}>
          {transport.isAnswering
            ? `Yes (checked in ${transport.checkedInMs} ms)`
            : `No, not answering: ${transport.problem ?? 'no answer'}`}
        </dd>
      </dl>
      <h2>Outbox</h2>
      <nav aria-label="Outbox by status">
        <ul className="email-filters">
          <li>
            <a href={filterHref(null)} aria-current={state === null ? 'page' : undefined}>
              All
            </a>
          </li>
          {STATES.map((each) => (
            <li key={each}>
              <a href={filterHref(each)} aria-current={state === each ? 'page' : undefined}>
                {STATE_LABELS[each]} ({counts[each]})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {counts.failed > 0 ? (
        <div className="email-actions">
          <form method="post" action={action} onSubmit={postOnce}>
            <CsrfField />
            <input type="hidden" name="intent" value="resend-failed" />
            <button type="submit" className="admin-button">
              Resend all {counts.failed} failed
            </button>
          </form>
        </div>
      ) : null}
      {entries.length === 0 ? (
        <p>No emails{state ? ` in this state (${STATE_LABELS[state].toLowerCase()})` : ''}.</p>
      ) : (
        <AdminTable
          label="Outbox"
          caption={<>Outbox{state ? `: ${STATE_LABELS[state].toLowerCase()}` : ''}, newest first</>}
          columns={[
            'Queued at',
            'To',
            'Subject',
            'Status',
            'Attempts',
            'Next attempt',
            'Last answer',
            { hidden: 'Actions' },
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatTime(entry.createdAt)}</td>
              <td>{entry.toAddress}</td>
              <td className="email-subject">{entry.subject}</td>
              <td>
                {STATE_LABELS[entry.state]}
                {entry.state === 'sent' && entry.sentAt ? ` ${formatTime(entry.sentAt)}` : ''}
              </td>
              <td className="dashboard-figure">{entry.attempts}</td>
              <td>{formatTime(entry.nextAttemptAt)}</td>
              <td className="email-error">{entry.lastError}</td>
              <td>
                {entry.state === 'failed' ? (
                  <form method="post" action={action} onSubmit={postOnce}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="email_id" value={entry.id} />
                    <button type="submit" className="admin-button admin-button--secondary">
                      Resend<span className="visually-hidden"> the email to {entry.toAddress}</span>
                    </button>
                  </form>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <p>
        {health.isPaged ? <a href={filterHref(state)}>Newest emails</a> : null}
        {health.isPaged && health.nextBeforeId ? ' · ' : null}
        {health.nextBeforeId ? (
          <a href={`${filterHref(state)}${state ? '&' : '?'}before=${health.nextBeforeId}`}>Older emails</a>
        ) : null}
      </p>
    </>
  );
}
