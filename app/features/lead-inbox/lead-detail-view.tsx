/**
 * One lead (/admin/leads/:id): what the visitor sent, the property, their account, files and the emails sent about
 * it, then the staff's forms — status, assignment, a note — as ordinary `<form method="post">` with the
 * authenticity token and an `intent` field (one action parses them with leadActionSchema), and the history.
 */
import type { ReactNode } from 'react';
import type { FieldError } from '../../lib/http/form-submission.ts';
import { CsrfInput, usePostOnce } from '../../components/form/form-parts.tsx';
import { ErrorSummary, SelectField, TextAreaField } from '../../components/form-fields.tsx';
import { imageUrlWithSize } from '../properties/index.ts';
import { formatReceived } from './lead-inbox-view.tsx';
import { leadStages, MAX_NOTE_LENGTH, stageLabels, type LeadStage } from './lead-inbox-model.ts';
import './lead-inbox.css';

export type LeadDetailViewProps = {
  lead: {
    id: number;
    kindLabel: string;
    stage: LeadStage;
    stageLabel: string;
    lostReason: string | null;
    receivedAt: string;
    assignedStaffId: number | null;
    email: string | null;
    visitor: { name: string; phone: string; address: string };
    fields: { label: string; value: string }[];
    formTitle: string | null;
    branch: { id: number; name: string } | null;
    department: string | null;
    staffMember: string | null;
    property: { id: number; title: string; url: string; thumbnailUrl: string | null } | null;
    account: { id: number; name: string; email: string; isSignedInLead: boolean } | null;
    booking: { date: string; timeSlots: string[] } | null;
    files: { id: number; name: string; contentType: string; sizeBytes: number }[];
    emails: {
      id: number;
      to: string;
      subject: string;
      purpose: string;
      status: 'pending' | 'sending' | 'sent' | 'failed' | 'stored';
      attempts: number;
      lastError: string | null;
      nextAttemptAt: string | null;
      sentAt: string | null;
      queuedAt: string;
    }[];
    notes: { id: number; authorStaffId: number; body: string; createdAt: string }[];
    history: {
      id: number;
      kind: 'stage' | 'assignment';
      actorStaffId: number | null;
      from: string | null;
      to: string | null;
      reason: string | null;
      createdAt: string;
    }[];
  };
  /** Who the lead can be assigned to (staff of its branch), and everyone's names for the notes and history. */
  staff: { id: number; name: string }[];
  csrfToken: string;
  /** Errors of the last post (the action's parse with leadActionSchema), shown in the summary and by the field. */
  errors?: FieldError[];
  basePath?: string;
  /** The appointment of a viewing or valuation, composed by the page from the diary. */
  appointment?: ReactNode;
};

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The delivery state in words: what staff need to know about an email. */
export function deliveryText(email: LeadDetailViewProps['lead']['emails'][number]): string {
  switch (email.status) {
    case 'sent':
      return email.sentAt ? `Sent ${formatReceived(email.sentAt)}` : 'Sent';
    case 'stored':
      return 'Kept in the outbox (no mail server configured)';
    case 'sending':
      return 'Sending now';
    case 'failed':
      return `Failed after ${email.attempts} ${email.attempts === 1 ? 'attempt' : 'attempts'}${email.lastError ? `: ${email.lastError}` : ''}`;
    case 'pending':
      return email.attempts > 0
        ? `Retrying (attempt ${email.attempts + 1})${email.nextAttemptAt ? ` at ${formatReceived(email.nextAttemptAt)}` : ''}${email.lastError ? `; last answer: ${email.lastError}` : ''}`
        : 'Waiting to be sent';
  }
}

function staffName(names: Map<number, string>, id: number | null): string {
  if (id === null) return 'Nobody';
  return names.get(id) ?? `Staff member ${id}`;
}

function errorFor(errors: FieldError[], field: string): string | undefined {
  return errors.find((error) => error.field === field)?.message;
}

export function LeadDetailView({
  lead,
  staff,
  csrfToken,
  errors = [],
  basePath = '/admin/leads',
  appointment = null,
}: LeadDetailViewProps) {
  const names = new Map(staff.map((member) => [member.id, member.name]));
  const action = `${basePath}/${lead.id}`;
  const title = lead.visitor.name || lead.email || `Lead ${lead.id}`;
  const postOnce = usePostOnce();
  return (
    <article className="lead-detail" aria-labelledby="lead-detail-title">
      <p>
        <a href={basePath}>Back to leads</a>
      </p>
      <h1 id="lead-detail-title">
        {lead.kindLabel}: {title}
      </h1>
      <ErrorSummary
        errors={errors}
        fieldIds={{
          stage: 'lead-stage',
          lost_reason: 'lead-lost-reason',
          assigned_staff_id: 'lead-assignee',
          note: 'lead-note',
        }}
      />
      <dl className="lead-detail__summary">
        <dt>Reference</dt>
        <dd>{lead.id}</dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={lead.receivedAt}>{formatReceived(lead.receivedAt)}</time>
        </dd>
        <dt>Status</dt>
        <dd>
          {lead.stageLabel}
          {lead.lostReason ? ` (${lead.lostReason})` : ''}
        </dd>
        <dt>Assigned to</dt>
        <dd>{staffName(names, lead.assignedStaffId)}</dd>
        {lead.formTitle ? (
          <>
            <dt>Form</dt>
            <dd>{lead.formTitle}</dd>
          </>
        ) : null}
        <dt>Branch</dt>
        <dd>{lead.branch?.name ?? 'Agency-wide'}</dd>
        {lead.department ? (
          <>
            <dt>Department</dt>
            <dd>{lead.department}</dd>
          </>
        ) : null}
        {lead.staffMember ? (
          <>
            <dt>For</dt>
            <dd>{lead.staffMember}</dd>
          </>
        ) : null}
      </dl>

      {appointment}

      <section aria-labelledby="lead-sent-title">
        <h2 id="lead-sent-title">What they sent</h2>
        {lead.fields.length > 0 ? (
          <dl className="lead-detail__fields">
            {lead.fields.map((field, index) => (
              <div key={`${field.label}-${index}`}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>Nothing besides their contact details.</p>
        )}
        {lead.booking ? (
          <p>
            Preferred appointment: <time dateTime={lead.booking.date}>{lead.booking.date}</time>,{' '}
            {lead.booking.timeSlots.join(', ')}
          </p>
        ) : null}
      </section>

      {lead.property ? (
        <section aria-labelledby="lead-property-title" className="lead-detail__property">
          <h2 id="lead-property-title">Property</h2>
          {lead.property.thumbnailUrl ? (
            <img
              src={imageUrlWithSize(lead.property.thumbnailUrl, 160, 120)}
              alt=""
              width={160}
              height={120}
              loading="lazy"
            />
          ) : null}
          <p>
            <a href={lead.property.url}>{lead.property.title}</a>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="lead-account-title">
        <h2 id="lead-account-title">Visitor&apos;s account</h2>
        {lead.account ? (
          <p>
            {lead.account.name} ({lead.account.email}){' '}
            {lead.account.isSignedInLead
              ? 'was signed in when sending this.'
              : 'has an account with this email address.'}
          </p>
        ) : (
          <p>No account.</p>
        )}
      </section>

      {lead.files.length > 0 ? (
        <section aria-labelledby="lead-files-title">
          <h2 id="lead-files-title">Files</h2>
          <table className="lead-detail__table">
            <caption className="visually-hidden">Files the visitor uploaded</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Type</th>
                <th scope="col">Size</th>
              </tr>
            </thead>
            <tbody>
              {lead.files.map((file) => (
                <tr key={file.id}>
                  <td>
                    <a href={`${action}/files/${file.id}`} download>
                      {file.name}
                    </a>
                  </td>
                  <td>{file.contentType}</td>
                  <td>{formatFileSize(file.sizeBytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <section aria-labelledby="lead-emails-title">
        <h2 id="lead-emails-title">Emails about this lead</h2>
        {lead.emails.length > 0 ? (
          <table className="lead-detail__table">
            <caption className="visually-hidden">Emails sent about this lead and their delivery</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {lead.emails.map((email) => (
                <tr key={email.id}>
                  <td>{email.purpose}</td>
                  <td>{email.to}</td>
                  <td>{email.subject}</td>
                  <td className={`lead-detail__delivery lead-detail__delivery--${email.status}`}>
                    {deliveryText(email)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No emails.</p>
        )}
      </section>

      <section aria-labelledby="lead-work-title" className="lead-detail__work">
        <h2 id="lead-work-title">Work on this lead</h2>
        <form method="post" action={action} className="lead-detail__form" onSubmit={postOnce}>
          <CsrfInput token={csrfToken} />
          <input type="hidden" name="intent" value="stage" />
          <SelectField
            id="lead-stage"
            name="stage"
            label="Status"
            defaultValue={lead.stage}
            error={errorFor(errors, 'stage')}
            options={leadStages.map((stage) => ({ value: stage, label: stageLabels[stage] }))}
          />
          <TextAreaField
            id="lead-lost-reason"
            name="lost_reason"
            label="Reason, if lost"
            rows={2}
            maxLength={500}
            defaultValue={lead.lostReason ?? ''}
            error={errorFor(errors, 'lost_reason')}
          />
          <button type="submit" className="button">
            Update status
          </button>
        </form>
        <form method="post" action={action} className="lead-detail__form" onSubmit={postOnce}>
          <CsrfInput token={csrfToken} />
          <input type="hidden" name="intent" value="assign" />
          <SelectField
            id="lead-assignee"
            name="assigned_staff_id"
            label="Assign to"
            defaultValue={lead.assignedStaffId?.toString() ?? 'none'}
            error={errorFor(errors, 'assigned_staff_id')}
            options={[
              { value: 'none', label: 'Nobody' },
              ...staff.map((member) => ({ value: String(member.id), label: member.name })),
            ]}
          />
          <button type="submit" className="button">
            Assign
          </button>
        </form>
        <form method="post" action={action} className="lead-detail__form" onSubmit={postOnce}>
          <CsrfInput token={csrfToken} />
          <input type="hidden" name="intent" value="note" />
          <TextAreaField
            id="lead-note"
            name="note"
            label="Internal note"
            hint="Only staff see notes."
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            error={errorFor(errors, 'note')}
          />
          <button type="submit" className="button">
            Add note
          </button>
        </form>
      </section>

      <section aria-labelledby="lead-notes-title">
        <h2 id="lead-notes-title">Notes</h2>
        {lead.notes.length > 0 ? (
          <ol className="lead-detail__notes">
            {lead.notes.map((note) => (
              <li key={note.id}>
                <p className="lead-detail__meta">
                  {staffName(names, note.authorStaffId)},{' '}
                  <time dateTime={note.createdAt}>{formatReceived(note.createdAt)}</time>
                </p>
                <p className="lead-detail__note-body">{note.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p>No notes yet.</p>
        )}
      </section>

      <section aria-labelledby="lead-history-title">
        <h2 id="lead-history-title">History</h2>
        <ol className="lead-detail__history">
          <li>
            <time dateTime={lead.receivedAt}>{formatReceived(lead.receivedAt)}</time>: received
          </li>
          {lead.history.map((event) => (
            <li key={event.id}>
              <time dateTime={event.createdAt}>{formatReceived(event.createdAt)}</time>:{' '}
              {staffName(names, event.actorStaffId)}{' '}
              {event.kind === 'stage'
                ? `changed the status from ${stageLabels[event.from as LeadStage] ?? event.from} to ${stageLabels[event.to as LeadStage] ?? event.to}${event.reason ? ` (${event.reason})` : ''}`
                : event.to === null
                  ? 'unassigned the lead'
                  : `assigned the lead to ${staffName(names, Number(event.to))}`}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
