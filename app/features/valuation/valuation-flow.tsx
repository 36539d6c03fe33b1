/**
 * The valuation request (spec point 4). Multi-step: 1 details and address, 2 date and time, 3 confirm and submit,
 * 4 thank you; Back goes to the previous step and closes the modal on step 1; leaving step 1 looks up the nearest
 * branch and shows 'We are sorry' when there is none. Single-step (theme setting): one form, then thank you.
 * Earlier steps stay mounted (hidden) so Back shows what was typed (WCAG 3.3.7, no redundant entry).
 */
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import {
  CheckboxField,
  ErrorSummary,
  HoneypotField,
  TextAreaField,
  TextField,
  type FieldError,
} from '../../components/form-fields.tsx';
import { showToast } from '../../components/toast.tsx';
import { AddressLookup, type AddressLookupMode } from '../address/index.ts';
import { type BotCheckConfig, HONEYPOT_FIELD, useBotCheck } from '../spam/index.ts';
import { ALL_AM_LABEL, ALL_PM_LABEL, bookingTimeOf, initialTimeSlots, timeSlotsReducer } from './time-slots.ts';
import { buildValuationPayload, type ValuationAppointment } from './valuation-payload.ts';
import {
  addDays,
  BOOKING_WINDOW_DAYS,
  fieldErrorsOf,
  filterPhoneInput,
  isBookableDate,
  streetAddressOf,
  todayInUk,
  VALUATION_MESSAGES,
  valuationConfirmSchema,
  valuationDetailsSchema,
  type ValuationChannel,
  type ValuationDetails,
} from './valuation-schema.ts';
import './valuation.css';

export const VALUATION_FAILED_MESSAGE = 'Valuation request failed. Please try again.';
export const NO_BRANCH_TITLE = 'We are sorry';
export const NO_BRANCH_MESSAGE = "We don't have agents near your property";

type Step = 'details' | 'sorry' | 'appointment' | 'confirm' | 'thanks';
type Branch = { id: number; name: string };

export type ValuationFlowProps = {
  isSingleStep: boolean;
  defaultChannel: ValuationChannel;
  botCheckConfig: BotCheckConfig;
  csrfToken: string;
  /** Closes the modal (Back on step 1, the Close button after thank you). */
  onClose: () => void;
  /** The agency's number, offered when no branch covers the postcode. */
  agencyTelephone?: string;
  /** Slots of a branch's day already booked, as last reported (shown as taken when they match the choice). */
  takenSlots?: { branchId: number; date: string; slots: string[] } | null;
  /** Asks for the taken slots of a branch's day, when the visitor picks a date. */
  onAppointmentDay?: (branchId: number, date: string) => void;
};

const ADDRESS_FIELD_NAMES = {
  houseNumber: 'house_number',
  houseName: 'house_name',
  street: 'street',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
} as const;
const ADDRESS_FIELDS: readonly string[] = Object.values(ADDRESS_FIELD_NAMES);
const FIELD_IDS = { address: 'field-address', booking_time: 'field-booking_time' };

const STEP_TITLES: Record<Step, string> = {
  details: 'Your details',
  sorry: NO_BRANCH_TITLE,
  appointment: 'Choose a date and time',
  confirm: 'Check and send',
  thanks: 'Thank you',
};
const STEP_NUMBERS: Partial<Record<Step, number>> = { details: 1, appointment: 2, confirm: 3 };

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

function pushAnalyticsEvent(channel: ValuationChannel, isSingleStep: boolean): void {
  const dataLayer = (window as unknown as { dataLayer?: { push: (event: object) => void } }).dataLayer;
  dataLayer?.push({
    event: 'valuation_request',
    valuationChannel: channel,
    valuationForm: isSingleStep ? 'single-step' : 'multi-step',
  });
}

async function lookUpBranch(postcode: string): Promise<Branch | null | 'failed'> {
  try {
    const response = await fetch(`/postcode_branch_lookup?postcode=${encodeURIComponent(postcode)}`, {
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) return null;
    if (!response.ok) return 'failed';
    const body = (await response.json()) as { branch?: Branch | null };
    return body.branch ?? null;
  } catch {
    return 'failed';
  }
}

export function ValuationFlow({
  isSingleStep,
  defaultChannel,
  botCheckConfig,
  csrfToken,
  onClose,
  agencyTelephone,
  takenSlots,
  onAppointmentDay,
}: ValuationFlowProps) {
  const [step, setStep] = useState<Step>('details');
  const [details, setDetails] = useState<ValuationDetails | null>(null);
  const [honeypot, setHoneypot] = useState('');
  const [branch, setBranch] = useState<Branch | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [addressMode, setAddressMode] = useState<AddressLookupMode>('lookup');
  const [date, setDate] = useState('');
  const [slots, dispatchSlots] = useReducer(timeSlotsReducer, undefined, initialTimeSlots);
  const [message, setMessage] = useState('');
  const [isTermsAccepted, setIsTermsAccepted] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const botCheck = useBotCheck(botCheckConfig);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);
  const today = todayInUk();
  const taken = new Set(
    takenSlots && branch && takenSlots.branchId === branch.id && takenSlots.date === date ? takenSlots.slots : [],
  );

  // Each new step is announced by moving focus to its heading (not on first open: the dialog focuses itself).
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // GOV.UK pattern: the page title starts with 'Error: ' while errors are shown.
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (!hasErrors) return;
    const original = document.title;
    if (!original.startsWith('Error: ')) document.title = `Error: ${original}`;
    return () => {
      document.title = original;
    };
  }, [hasErrors]);

  function go(next: Step) {
    setErrors([]);
    setNotice('');
    setStep(next);
  }

  /** Step 1 (and the single form's top half): the schema's errors, with the lookup's own message in lookup mode. */
  function readDetails(form: HTMLFormElement): {
    details: ValuationDetails | null;
    errors: FieldError[];
    honeypot: string;
  } {
    const values = formValues(form);
    const result = valuationDetailsSchema.safeParse(values);
    const honeypotValue = values[HONEYPOT_FIELD] ?? '';
    if (result.success) return { details: result.data, errors: [], honeypot: honeypotValue };
    let found = fieldErrorsOf(result.error);
    if (addressMode === 'lookup' && found.some((error) => ADDRESS_FIELDS.includes(error.field))) {
      const firstAddressIndex = found.findIndex((error) => ADDRESS_FIELDS.includes(error.field));
      const others = found.filter((error) => !ADDRESS_FIELDS.includes(error.field));
      others.splice(firstAddressIndex, 0, { field: 'address', message: VALUATION_MESSAGES.address });
      found = others;
    }
    return { details: null, errors: found, honeypot: honeypotValue };
  }

  async function send(
    validDetails: ValuationDetails,
    branchId: number | null,
    appointment: ValuationAppointment | null,
    honeypotValue: string,
  ) {
    setIsBusy(true);
    setNotice('');
    try {
      const botFields = await botCheck.solve();
      const payload = buildValuationPayload({
        csrfToken,
        details: validDetails,
        honeypot: honeypotValue,
        message,
        branchId,
        appointment,
        botFields,
      });
      const response = await fetch('/leads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken },
        credentials: 'same-origin',
        body: JSON.stringify(payload),
      });
      if (response.status === 200) {
        pushAnalyticsEvent(validDetails.channel, isSingleStep);
        go('thanks');
        return;
      }
      if (response.status === 409) {
        // The slot went to someone else a moment ago: say so next to the summary as well as in the toast.
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        setNotice(body.error ?? '');
      }
      throw new Error(`valuation request answered ${response.status}`);
    } catch (error) {
      console.warn(error);
      showToast(VALUATION_FAILED_MESSAGE, { kind: 'error' });
      botCheck.reset();
    } finally {
      setIsBusy(false);
    }
  }

  async function onDetailsSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const read = readDetails(event.currentTarget);
    if (isSingleStep) {
      const confirm = valuationConfirmSchema.safeParse({ message, opt_in_terms: isTermsAccepted ? 'on' : undefined });
      const allErrors = [...read.errors, ...(confirm.success ? [] : fieldErrorsOf(confirm.error))];
      setErrors(allErrors);
      if (!read.details || allErrors.length > 0) return;
      setDetails(read.details);
      setIsBusy(true);
      const found = await lookUpBranch(read.details.postcode);
      const branchFound = found === 'failed' ? null : found;
      setBranch(branchFound);
      await send(read.details, branchFound?.id ?? null, null, read.honeypot);
      return;
    }
    setErrors(read.errors);
    if (!read.details) return;
    setDetails(read.details);
    setHoneypot(read.honeypot);
    setIsBusy(true);
    const found = await lookUpBranch(read.details.postcode);
    setIsBusy(false);
    if (found === null) {
      setBranch(null);
      go('sorry');
      return;
    }
    // A failed lookup does not stop the visitor: the server routes by postcode itself.
    setBranch(found === 'failed' ? null : found);
    go('appointment');
  }

  function onAppointmentSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!date || !isBookableDate(date)) found.push({ field: 'booking_date', message: VALUATION_MESSAGES.date });
    if (!bookingTimeOf(slots)) found.push({ field: 'booking_time', message: VALUATION_MESSAGES.timeSlot });
    setErrors(found);
    if (found.length === 0) go('confirm');
  }

  async function onConfirmSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || !details) return;
    const confirm = valuationConfirmSchema.safeParse({ message, opt_in_terms: isTermsAccepted ? 'on' : undefined });
    const found = confirm.success ? [] : fieldErrorsOf(confirm.error);
    setErrors(found);
    if (found.length > 0) return;
    await send(details, branch?.id ?? null, { date, bookingTime: bookingTimeOf(slots) }, honeypot);
  }

  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  const addressErrors = {
    address: errorOf('address'),
    houseNumber: errorOf('house_number'),
    houseName: errorOf('house_name'),
    street: errorOf('street'),
    town: errorOf('town'),
    county: errorOf('county'),
    postcode: errorOf('postcode'),
  };
  const stepNumber = STEP_NUMBERS[step];
  const confirmFields = (
    <>
      <TextAreaField
        name="message"
        label="Message (optional)"
        rows={8}
        value={message}
        maxLength={5000}
        onChange={(event) => setMessage(event.target.value)}
        error={errorOf('message')}
      />
      <CheckboxField
        name="opt_in_terms"
        label={
          <>
            I agree to the{' '}
            <a href="/terms-of-use" target="_blank" rel="noopener">
              terms &amp; conditions (opens in a new tab)
            </a>
          </>
        }
        checked={isTermsAccepted}
        onChange={(event) => setIsTermsAccepted(event.target.checked)}
        error={errorOf('opt_in_terms')}
      />
      {botCheck.element}
    </>
  );

  return (
    <div className="valuation-flow" aria-busy={isBusy}>
      {step !== 'thanks' ? (
        <div className="valuation-flow__heading">
          {stepNumber && !isSingleStep ? <p className="valuation-flow__progress">Step {stepNumber} of 3</p> : null}
          <h3 className="valuation-flow__title" ref={headingRef} tabIndex={-1}>
            {isSingleStep && step === 'details' ? 'Request a free valuation' : STEP_TITLES[step]}
          </h3>
        </div>
      ) : null}

      <ErrorSummary errors={errors} fieldIds={FIELD_IDS} />

      <form
        className="valuation-form"
        method="post"
        noValidate
        onSubmit={onDetailsSubmit}
        hidden={step !== 'details'}
        aria-label={STEP_TITLES.details}
      >
        <fieldset className="valuation-channel">
          <legend className="valuation-channel__legend">Would you like a valuation for selling or letting?</legend>
          <div className="valuation-channel__options">
            <label className="valuation-channel__option">
              <input type="radio" name="channel" value="selling" defaultChecked={defaultChannel === 'selling'} />
              Selling
            </label>
            <label className="valuation-channel__option">
              <input type="radio" name="channel" value="letting" defaultChecked={defaultChannel === 'letting'} />
              Letting
            </label>
          </div>
          {errorOf('channel') ? <p className="form-field__error">{errorOf('channel')}</p> : null}
        </fieldset>
        <div className="valuation-form__grid">
          <TextField
            name="first_name"
            label="First name"
            autoComplete="given-name"
            maxLength={50}
            error={errorOf('first_name')}
          />
          <TextField
            name="last_name"
            label="Last name"
            autoComplete="family-name"
            maxLength={50}
            error={errorOf('last_name')}
          />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            error={errorOf('email')}
          />
          <TextField
            name="tel_home"
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            error={errorOf('tel_home')}
            onInput={(event) => {
              const input = event.currentTarget;
              const filtered = filterPhoneInput(input.value);
              if (filtered !== input.value) input.value = filtered;
            }}
          />
        </div>
        <AddressLookup
          fieldNames={ADDRESS_FIELD_NAMES}
          errors={addressErrors}
          label="Property address"
          onModeChange={setAddressMode}
        />
        <HoneypotField name={HONEYPOT_FIELD} />
        {isSingleStep ? confirmFields : null}
        <div className="valuation-actions">
          <button type="button" className="button" onClick={onClose} disabled={isBusy}>
            Back
          </button>
          <button type="submit" className="button button--primary" disabled={isBusy}>
            {isSingleStep ? 'Request valuation' : 'Next'}
          </button>
        </div>
        {isBusy ? <BusyStatus text={isSingleStep ? 'Sending your request…' : 'Finding your local branch…'} /> : null}
      </form>

      {step === 'sorry' ? (
        <div className="valuation-sorry">
          <p className="valuation-sorry__message">{NO_BRANCH_MESSAGE}</p>
          <p>
            Please check the postcode, or call us
            {agencyTelephone ? (
              <>
                {' '}
                on <a href={`tel:${agencyTelephone.replace(/[^\d+]/g, '')}`}>{agencyTelephone}</a>
              </>
            ) : null}{' '}
            and we will do our best to help.
          </p>
          <div className="valuation-actions">
            <button type="button" className="button" onClick={() => go('details')}>
              Back
            </button>
            <button type="button" className="button button--primary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : null}

      {step === 'appointment' ? (
        <form
          className="valuation-form"
          method="post"
          noValidate
          onSubmit={onAppointmentSubmit}
          aria-label={STEP_TITLES.appointment}
        >
          {branch ? (
            <p className="valuation-branch">
              Your local branch: <strong>{branch.name}</strong>
            </p>
          ) : null}
          <TextField
            name="booking_date"
            label="Preferred date"
            type="date"
            min={today}
            max={addDays(today, BOOKING_WINDOW_DAYS)}
            value={date}
            hint="Choose a day from today onwards."
            onChange={(event) => {
              setDate(event.target.value);
              dispatchSlots({ type: 'change-date' });
              if (branch && isBookableDate(event.target.value)) onAppointmentDay?.(branch.id, event.target.value);
            }}
            error={errorOf('booking_date')}
            className="valuation-date"
          />
          <fieldset
            className={`valuation-slots${errorOf('booking_time') ? ' valuation-slots--error' : ''}`}
            aria-describedby={errorOf('booking_time') ? 'field-booking_time-error' : undefined}
          >
            <legend className="valuation-slots__legend">Preferred time</legend>
            <div className="valuation-slots__groups">
              <button
                type="button"
                id="field-booking_time"
                className="valuation-slot valuation-slot--group"
                aria-pressed={slots.isAllAm}
                onClick={() => dispatchSlots({ type: 'toggle-all-am' })}
              >
                {ALL_AM_LABEL}
              </button>
              <button
                type="button"
                className="valuation-slot valuation-slot--group"
                aria-pressed={slots.isAllPm}
                onClick={() => dispatchSlots({ type: 'toggle-all-pm' })}
              >
                {ALL_PM_LABEL}
              </button>
            </div>
            <div className="valuation-slots__grid">
              {slots.slots.map((slot) => {
                const isTaken = taken.has(slot.time);
                return (
                  <button
                    key={slot.id}
                    type="button"
                    className={`valuation-slot${isTaken ? ' valuation-slot--taken' : ''}`}
                    aria-pressed={slot.selected}
                    data-time-of-day={slot.timeOfDay}
                    disabled={isTaken && !slot.selected}
                    onClick={() => dispatchSlots({ type: 'toggle-slot', id: slot.id })}
                  >
                    <span className="valuation-slot__time">{slot.time}</span>
                    {isTaken ? <span className="valuation-slot__note"> booked</span> : null}
                  </button>
                );
              })}
            </div>
            {errorOf('booking_time') ? (
              <p className="form-field__error" id="field-booking_time-error">
                <span className="visually-hidden">Error: </span>
                {errorOf('booking_time')}
              </p>
            ) : null}
          </fieldset>
          <div className="valuation-actions">
            <button type="button" className="button" onClick={() => go('details')}>
              Back
            </button>
            <button type="submit" className="button button--primary">
              Next
            </button>
          </div>
        </form>
      ) : null}

      {step === 'confirm' && details ? (
        <form
          className="valuation-form"
          method="post"
          noValidate
          onSubmit={onConfirmSubmit}
          aria-label={STEP_TITLES.confirm}
        >
          <dl className="valuation-summary">
            <div>
              <dt>Valuation for</dt>
              <dd>{details.channel === 'letting' ? 'Letting' : 'Selling'}</dd>
            </div>
            <div>
              <dt>Name</dt>
              <dd>
                {details.first_name} {details.last_name}
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{details.email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{details.tel_home}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>
                {[streetAddressOf(details), details.town, details.county, details.postcode].filter(Boolean).join(', ')}
              </dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{date ? longDate(date) : ''}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{bookingTimeOf(slots)}</dd>
            </div>
            {branch ? (
              <div>
                <dt>Branch</dt>
                <dd>{branch.name}</dd>
              </div>
            ) : null}
          </dl>
          {notice ? <p className="valuation-notice">{notice}</p> : null}
          {confirmFields}
          <div className="valuation-actions">
            <button type="button" className="button" onClick={() => go('appointment')} disabled={isBusy}>
              Back
            </button>
            <button type="submit" className="button button--primary" disabled={isBusy}>
              Request valuation
            </button>
          </div>
          {isBusy ? <BusyStatus text="Sending your request…" /> : null}
        </form>
      ) : null}

      {step === 'thanks' ? (
        <div className="valuation-thanks">
          <h3 className="valuation-flow__title" ref={headingRef} tabIndex={-1}>
            Thank you
          </h3>
          <p>
            We have received your valuation request. {branch ? `Our ${branch.name} branch` : 'Our team'} will be in
            touch soon
            {isSingleStep ? ' to arrange a time.' : ' to confirm your appointment.'}
          </p>
          <div className="valuation-actions valuation-actions--end">
            <button type="button" className="button button--primary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function BusyStatus({ text }: { text: string }) {
  return (
    <p className="valuation-busy" role="status">
      <span className="valuation-busy__spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
