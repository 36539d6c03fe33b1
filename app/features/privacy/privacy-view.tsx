/**
 * The privacy tools screen (/admin/privacy): find what is held about an address (a post, so the address never sits
 * in a URL), then download it or erase it after typing the address again; and the retention setting. Every form is a
 * plain `<form method="post">` with the authenticity token: the page works before and without JavaScript, and the
 * export is an ordinary download.
 */
import type { FieldError } from '../../lib/http/form-submission.ts';
import { CsrfInput, usePostOnce } from '../../components/form/form-parts.tsx';
import { fieldId, TextField } from '../../components/form-fields.tsx';
import {
  categoryLabels,
  erasureEffects,
  isEmptySummary,
  privacyCategories,
  type PrivacySummary,
} from './privacy-model.ts';
import './privacy.css';
import { AdminTable } from '../../components/admin-table.tsx';

type ErasureCounts = {
  accounts: number;
  leadsAnonymised: number;
  submissionsAnonymised: number;
  uploadsDeleted: number;
  emailsScrubbed: number;
  emailsCancelled: number;
};

export type PrivacyViewProps = {
  csrfToken: string;
  retentionMonths: number;
  isSaved: boolean;
  result:
    | { intent: 'find'; email: string; summary: PrivacySummary; errors: FieldError[] }
    | { intent: 'erased'; email: string; counts: ErasureCounts; errors: FieldError[] }
    | { intent: 'invalid'; email: string; errors: FieldError[] }
    | null;
};

const number = (value: number) => value.toLocaleString('en-GB');

function errorFor(errors: readonly FieldError[], field: string): string | undefined {
  return errors.find((error) => error.field === field)?.message;
}

function erasedSentence(counts: ErasureCounts): string {
  return [
    `${number(counts.accounts)} visitor ${counts.accounts === 1 ? 'account' : 'accounts'} deleted`,
    `${number(counts.leadsAnonymised)} ${counts.leadsAnonymised === 1 ? 'lead' : 'leads'} anonymised`,
    `${number(counts.uploadsDeleted)} uploaded ${counts.uploadsDeleted === 1 ? 'file' : 'files'} deleted`,
    `${number(counts.emailsScrubbed)} ${counts.emailsScrubbed === 1 ? 'email' : 'emails'} cleared` +
      (counts.emailsCancelled > 0 ? ` (${number(counts.emailsCancelled)} not yet sent, cancelled)` : ''),
  ].join(', ');
}

export function PrivacyView({ csrfToken, retentionMonths, isSaved, result }: PrivacyViewProps) {
  const errors = result?.errors ?? [];
  const found = result?.intent === 'find' ? result : null;
  const postOnce = usePostOnce();
  return (
    <div className="privacy">
      {errors.length > 0 ? (
        // A level-2 heading, unlike the shared summary's level 3: here it sits straight under the page's h1.
        <div className="privacy__errors" role="alert">
          <h2>There is a problem</h2>
          <ul>
            {errors.map((error) => (
              <li key={`${error.field}-${error.message}`}>
                <a href={`#${fieldId(error.field)}`}>{error.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result?.intent === 'erased' ? (
        <p className="admin-notice" role="status">
          Erased what was held about {result.email}: {erasedSentence(result.counts)}. Consent log entries are kept.
        </p>
      ) : null}
      {isSaved ? (
        <p className="admin-notice" role="status">
          The retention setting has been saved.
        </p>
      ) : null}

      <h2>Find what is held about an email address</h2>
      <form method="post" className="privacy__search" onSubmit={postOnce}>
        <CsrfInput token={csrfToken} />
        <input type="hidden" name="intent" value="find" />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          defaultValue={result && result.intent !== 'erased' ? result.email : ''}
          error={result?.intent === 'invalid' ? errorFor(errors, 'email') : undefined}
        />
        <button type="submit" className="admin-button">
          Find
        </button>
      </form>

      {found ? <FoundSection csrfToken={csrfToken} found={found} /> : null}

      <h2 id="retention-heading">Retention</h2>
      <p>
        A job deletes leads and uploaded files older than this once a day, with the emails about them. Enter 0 or leave
        it empty to keep everything. The audit log is never deleted.
      </p>
      <form method="post" className="privacy__retention" aria-labelledby="retention-heading" onSubmit={postOnce}>
        <CsrfInput token={csrfToken} />
        <input type="hidden" name="intent" value="retention" />
        <TextField
          name="months"
          label="Keep leads and uploads for (months)"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={3}
          defaultValue={String(retentionMonths)}
          error={errorFor(errors, 'months')}
        />
        <button type="submit" className="admin-button">
          Save retention
        </button>
      </form>
    </div>
  );
}

function FoundSection({
  csrfToken,
  found,
}: {
  csrfToken: string;
  found: { email: string; summary: PrivacySummary; errors: FieldError[] };
}) {
  const { summary } = found;
  const isEmpty = isEmptySummary(summary);
  // Not the export's form: its answer is a download, which leaves the page in place.
  const eraseOnce = usePostOnce();
  return (
    <section aria-labelledby="privacy-found-heading">
      <h2 id="privacy-found-heading">What is held about {found.email}</h2>
      {/* On a phone the table scrolls in its own box, which keyboard users must be able to reach and scroll. */}
      <AdminTable
        label="What is held"
        caption="What is held, by category"
        className="privacy__summary"
        columns={['Category', 'Held', 'Details', 'On erasure']}
      >
        {privacyCategories.map((category) => (
          <tr key={category}>
            <th scope="row">{categoryLabels[category]}</th>
            <td className="privacy__count">{number(summary.counts[category])}</td>
            <td>{summary.details[category] ?? ''}</td>
            <td>{summary.counts[category] > 0 ? erasureEffects[category] : 'Nothing to do'}</td>
          </tr>
        ))}
      </AdminTable>
      {isEmpty ? (
        <p>Nothing is held about this address.</p>
      ) : (
        <div className="privacy__actions">
          <form method="post" action="/admin/privacy/export">
            <h3>Export</h3>
            <p>One zip file: everything above as data.json, with the uploaded files.</p>
            <CsrfInput token={csrfToken} />
            <input type="hidden" name="email" value={found.email} />
            <button type="submit" className="admin-button">
              Download everything held (zip)
            </button>
          </form>
          <form method="post" className="privacy__erase" onSubmit={eraseOnce}>
            <h3>Erase</h3>
            <p>
              This cannot be undone. The account and uploads are deleted, leads are anonymised but kept for counts, and
              consent log entries are kept as the law requires.
            </p>
            <CsrfInput token={csrfToken} />
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="email" value={found.email} />
            <TextField
              name="confirm_email"
              label="Type the email address again to confirm"
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              error={errorFor(found.errors, 'confirm_email')}
            />
            <button type="submit" className="admin-button admin-button--danger">
              Erase everything held about this address
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
