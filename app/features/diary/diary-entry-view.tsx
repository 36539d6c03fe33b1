/**
 * One diary entry (/admin/diary/:id): the request, the times the visitor chose, the appointment if one is booked,
 * and the forms its state allows — confirm a time (pre-filled from the visitor's first slot), or reschedule and
 * cancel (with a reason). Each is a real `<form method="post">` with the authenticity token and an `intent` field,
 * parsed on the server by diaryActionSchema; every one emails the visitor a calendar invitation.
 */
import { CsrfInput, usePostOnce } from '../../components/form/form-parts.tsx';
import { ErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import {
  allowedIntents,
  DEFAULT_DURATION,
  diaryQueryString,
  diaryStateLabels,
  DURATION_CHOICES,
  type AppointmentState,
  type DiaryState,
} from './diary-model.ts';
import { addDays, formatAppointmentTime, formatClockTime, type IsoDate } from './diary-time.ts';
import { KIND_LABELS, slotsText } from './diary-view.tsx';
import './diary.css';

export type DiaryEntryProps = {
  entry: {
    leadId: number;
    kind: 'viewing' | 'valuation';
    state: DiaryState;
    receivedAt: string;
    visitor: { name: string; email: string | null; phone: string; message: string };
    address: string;
    branch: { id: number; slug: string; name: string } | null;
    slots: { date: IsoDate; times: string[] } | null;
    appointment: {
      state: AppointmentState;
      startsAt: string;
      date: IsoDate;
      minutes: number;
      durationMinutes: number;
      cancelReason: string | null;
    } | null;
  };
  today: IsoDate;
  csrfToken: string;
  errors?: { field: string; message: string }[];
};

const DEFAULT_VIEWING_MINUTES = 10 * 60;

/** The time the confirm form starts from: the visitor's first chosen slot, else 10:00 on the next day. */
export function suggestedTime(
  slots: DiaryEntryProps['entry']['slots'],
  today: IsoDate,
): { date: IsoDate; time: string } {
  const first = slots?.times[0];
  const match = first ? /^(\d{1,2}):(\d{2})$/.exec(first.trim()) : null;
  if (slots && match) return { date: slots.date, time: `${match[1]!.padStart(2, '0')}:${match[2]}` };
  return { date: slots?.date ?? addDays(today, 1), time: formatClockTime(DEFAULT_VIEWING_MINUTES) };
}

function errorFor(errors: DiaryEntryProps['errors'], field: string): string | undefined {
  return errors?.find((error) => error.field === field)?.message;
}

const FIELD_IDS = {
  date: 'diary-entry-date',
  time: 'diary-entry-time',
  duration: 'diary-entry-duration',
  reason: 'diary-entry-reason',
};

function TimeFields({
  date,
  time,
  duration,
  errors,
}: {
  date: IsoDate;
  time: string;
  duration: number;
  errors: DiaryEntryProps['errors'];
}) {
  return (
    <>
      <TextField
        id={FIELD_IDS.date}
        name="date"
        type="date"
        label="Date"
        required
        defaultValue={date}
        error={errorFor(errors, 'date')}
      />
      <TextField
        id={FIELD_IDS.time}
        name="time"
        type="time"
        label="Time (UK)"
        required
        defaultValue={time}
        error={errorFor(errors, 'time')}
      />
      <SelectField
        id={FIELD_IDS.duration}
        name="duration"
        label="Length"
        defaultValue={String(duration)}
        error={errorFor(errors, 'duration')}
        options={DURATION_CHOICES.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
      />
    </>
  );
}

export function DiaryEntryView({ entry, today, csrfToken, errors = [] }: DiaryEntryProps) {
  const action = `/admin/diary/${entry.leadId}`;
  const intents = allowedIntents(entry.state);
  const appointment = entry.appointment;
  const suggestion = suggestedTime(entry.slots, today);
  const postOnce = usePostOnce();
  const diaryDate = appointment?.date ?? suggestion.date;
  const backLink = `/admin/diary${diaryQueryString({ view: 'day', date: diaryDate, branch: entry.branch?.slug ?? null })}`;
  const who = entry.visitor.name || entry.visitor.email || `Lead ${entry.leadId}`;
  return (
    <article className="diary diary-entry" aria-labelledby="diary-entry-title">
      <p>
        <a href={backLink}>Back to the diary</a>
      </p>
      <h1 id="diary-entry-title">
        {KIND_LABELS[entry.kind]}: {who}
      </h1>
      <ErrorSummary errors={errors} fieldIds={FIELD_IDS} />
      <dl className="diary-entry__summary">
        <dt>State</dt>
        <dd className={`diary__entry--${entry.state}`}>{diaryStateLabels[entry.state]}</dd>
        {appointment ? (
          <>
            <dt>{appointment.state === 'cancelled' ? 'Was booked for' : 'Booked for'}</dt>
            <dd>
              <time dateTime={appointment.startsAt}>{formatAppointmentTime(new Date(appointment.startsAt))}</time> (UK
              time), {appointment.durationMinutes} minutes
            </dd>
          </>
        ) : null}
        {appointment?.cancelReason ? (
          <>
            <dt>Reason for cancelling</dt>
            <dd>{appointment.cancelReason}</dd>
          </>
        ) : null}
        <dt>Times they chose</dt>
        <dd>{slotsText(entry.slots, entry.visitor.message)}</dd>
        <dt>Property</dt>
        <dd>{entry.address || 'Not given'}</dd>
        <dt>Branch</dt>
        <dd>{entry.branch?.name ?? 'Agency-wide'}</dd>
        <dt>Email</dt>
        <dd>{entry.visitor.email ?? 'Not given'}</dd>
        {entry.visitor.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{entry.visitor.phone}</dd>
          </>
        ) : null}
        <dt>Lead</dt>
        <dd>
          <a href={`/admin/leads/${entry.leadId}`}>Open the lead</a>
        </dd>
      </dl>
      <section aria-labelledby="diary-entry-work-title" className="diary-entry__work">
        <h2 id="diary-entry-work-title">{intents.includes('confirm') ? 'Confirm a time' : 'Change the appointment'}</h2>
        {entry.visitor.email ? (
          <p className="diary-entry__hint">The visitor is emailed at once, with a calendar invitation.</p>
        ) : (
          <p className="diary-entry__hint">There is no email address for this visitor: nothing is emailed.</p>
        )}
        {intents.includes('confirm') ? (
          <form
            method="post"
            action={action}
            className="diary-entry__form"
            onSubmit={postOnce}
            aria-label="Confirm a time"
          >
            <CsrfInput token={csrfToken} />
            <input type="hidden" name="intent" value="confirm" />
            <TimeFields date={suggestion.date} time={suggestion.time} duration={DEFAULT_DURATION} errors={errors} />
            <button type="submit" className="button">
              Confirm and email the visitor
            </button>
          </form>
        ) : null}
        {intents.includes('reschedule') && appointment ? (
          <form method="post" action={action} className="diary-entry__form" onSubmit={postOnce} aria-label="Reschedule">
            <CsrfInput token={csrfToken} />
            <input type="hidden" name="intent" value="reschedule" />
            <TimeFields
              date={appointment.date}
              time={formatClockTime(appointment.minutes)}
              duration={appointment.durationMinutes}
              errors={errors}
            />
            <button type="submit" className="button">
              Reschedule and email the visitor
            </button>
          </form>
        ) : null}
        {intents.includes('cancel') ? (
          <form
            method="post"
            action={action}
            className="diary-entry__form"
            onSubmit={postOnce}
            aria-label="Cancel the appointment"
          >
            <CsrfInput token={csrfToken} />
            <input type="hidden" name="intent" value="cancel" />
            <TextAreaField
              id={FIELD_IDS.reason}
              name="reason"
              label="Reason for cancelling"
              hint="The visitor reads this in the email."
              rows={2}
              maxLength={500}
              required
              error={errorFor(errors, 'reason')}
            />
            <button type="submit" className="button">
              Cancel and email the visitor
            </button>
          </form>
        ) : null}
      </section>
    </article>
  );
}

/** The lead page's line about the lead's appointment, linking to its diary entry. */
export function LeadAppointmentPanel({
  appointment,
}: {
  appointment: { leadId: number; state: DiaryState; startsAt: string | null };
}) {
  return (
    <section aria-labelledby="lead-appointment-title" className="diary-lead-panel">
      <h2 id="lead-appointment-title">Appointment</h2>
      <p>
        {diaryStateLabels[appointment.state]}
        {appointment.startsAt ? (
          <>
            {appointment.state === 'cancelled' ? ' (was ' : ': '}
            <time dateTime={appointment.startsAt}>{formatAppointmentTime(new Date(appointment.startsAt))}</time>
            {appointment.state === 'cancelled' ? ')' : ''}
          </>
        ) : (
          ': no time booked yet'
        )}
        . <a href={`/admin/diary/${appointment.leadId}`}>Open it in the diary</a>
      </p>
    </section>
  );
}
