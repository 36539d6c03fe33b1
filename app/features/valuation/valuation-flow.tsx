/**
 * The valuation request (spec point 4). Multi-step: 1 details and address, 2 date and time, 3 confirm and submit,
 * 4 thank you; Back goes to the previous step and closes the modal on step 1; leaving step 1 looks up the nearest
 * branch and shows 'We are sorry' when there is none. Single-step (theme setting): one form, then thank you.
 * Earlier steps stay mounted (hidden) so Back shows what was typed (WCAG 3.3.7, no redundant entry).
 *
 * This module holds the state and the calls; each step's markup is its own file. Without JavaScript the same
 * forms post to the modal's route action (valuation-form-action.server.ts), which answers with the next step.
 */
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { ErrorSummary, type FieldError } from '../../components/form-fields.tsx';
import { useErrorTitle } from '../../components/form/form-parts.tsx';
import { errorList, resultValues, type FormResult } from '../../lib/http/form-submission.ts';
import { showToast } from '../../components/toast.tsx';
import type { AddressLookupMode } from '../address/index.ts';
import { type BotCheckConfig, HONEYPOT_FIELD, useBotCheck } from '../spam/index.ts';
import { bookingTimeOf, initialTimeSlots, timeSlotsReducer } from './time-slots.ts';
import type { ValuationAppointment } from './valuation-payload.ts';
import { AppointmentStep } from './valuation-appointment-step.tsx';
import {
  VALUATION_FAILED_MESSAGE,
  formValues,
  lookUpBranch,
  pushAnalyticsEvent,
  sendValuationRequest,
  type Branch,
} from './valuation-client.ts';
import { ConfirmFields } from './valuation-confirm-fields.tsx';
import { ConfirmStep } from './valuation-confirm-step.tsx';
import { ADDRESS_FIELD_NAMES, DetailsStep } from './valuation-details-step.tsx';
import { NO_BRANCH_TITLE, SorryStep, ThanksStep } from './valuation-end-steps.tsx';
import {
  fieldErrorsOf,
  isBookableDate,
  todayInUk,
  VALUATION_MESSAGES,
  valuationConfirmSchema,
  valuationDetailsSchema,
  type ValuationChannel,
  type ValuationDetails,
} from './valuation-schema.ts';
import './valuation.css';

export type ValuationStep = 'details' | 'sorry' | 'appointment' | 'confirm' | 'thanks';

/** Where a post made without JavaScript left the flow (from the route action). */
export type ValuationNoScriptState = {
  step: ValuationStep;
  /** Conform's result of the post: its errors and the answers, minus every secret. */
  result: FormResult | null;
  branch: Branch | null;
};

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
  /** The modal's own address, where the forms post without JavaScript. */
  formAction?: string;
  /** The answer to a post made without JavaScript. */
  noScriptState?: ValuationNoScriptState | null;
};

const ADDRESS_FIELDS: readonly string[] = Object.values(ADDRESS_FIELD_NAMES);
const FIELD_IDS = { address: 'field-address', booking_time: 'field-booking_time' };

const STEP_TITLES: Record<ValuationStep, string> = {
  details: 'Your details',
  sorry: NO_BRANCH_TITLE,
  appointment: 'Choose a date and time',
  confirm: 'Check and send',
  thanks: 'Thank you',
};
const STEP_NUMBERS: Partial<Record<ValuationStep, number>> = { details: 1, appointment: 2, confirm: 3 };

/** The schema's errors for step 1, with the lookup's own message standing for the address in lookup mode. */
function detailsErrors(values: Record<string, string>, addressMode: AddressLookupMode) {
  const result = valuationDetailsSchema.safeParse(values);
  if (result.success) return { details: result.data, errors: [] as FieldError[] };
  let found = fieldErrorsOf(result.error);
  if (addressMode === 'lookup' && found.some((error) => ADDRESS_FIELDS.includes(error.field))) {
    const firstAddressIndex = found.findIndex((error) => ADDRESS_FIELDS.includes(error.field));
    const others = found.filter((error) => !ADDRESS_FIELDS.includes(error.field));
    others.splice(firstAddressIndex, 0, { field: 'address', message: VALUATION_MESSAGES.address });
    found = others;
  }
  return { details: null, errors: found };
}

function confirmErrors(message: string, isTermsAccepted: boolean): FieldError[] {
  const confirm = valuationConfirmSchema.safeParse({ message, opt_in_terms: isTermsAccepted ? 'on' : undefined });
  return confirm.success ? [] : fieldErrorsOf(confirm.error);
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
  formAction = '/book-a-valuation',
  noScriptState = null,
}: ValuationFlowProps) {
  const initialValues = resultValues(noScriptState?.result);
  const [step, setStep] = useState<ValuationStep>(noScriptState?.step ?? 'details');
  const [details, setDetails] = useState<ValuationDetails | null>(() => {
    const parsed = valuationDetailsSchema.safeParse(initialValues);
    return parsed.success ? parsed.data : null;
  });
  const [honeypot, setHoneypot] = useState(initialValues[HONEYPOT_FIELD] ?? '');
  const [branch, setBranch] = useState<Branch | null>(noScriptState?.branch ?? null);
  const [errors, setErrors] = useState<FieldError[]>(() => errorList(noScriptState?.result?.error));
  const [addressMode, setAddressMode] = useState<AddressLookupMode>('lookup');
  const [date, setDate] = useState('');
  const [slots, dispatchSlots] = useReducer(timeSlotsReducer, undefined, initialTimeSlots);
  const [message, setMessage] = useState(initialValues.message ?? '');
  const [isTermsAccepted, setIsTermsAccepted] = useState(initialValues.opt_in_terms !== undefined);
  const [isBusy, setIsBusy] = useState(false);
  const isSending = useRef(false);
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

  useErrorTitle(errors.length > 0);

  function go(next: ValuationStep) {
    setErrors([]);
    setNotice('');
    setStep(next);
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
      const result = await sendValuationRequest({
        csrfToken,
        details: validDetails,
        honeypot: honeypotValue,
        message,
        branchId,
        appointment,
        botFields,
      });
      if (result.isSent) {
        pushAnalyticsEvent(validDetails.channel, isSingleStep);
        go('thanks');
        return;
      }
      // The slot went to someone else a moment ago: say so next to the summary as well as in the toast.
      setNotice(result.notice);
      throw new Error('valuation request refused');
    } catch (error) {
      console.warn(error);
      showToast(VALUATION_FAILED_MESSAGE, { kind: 'error' });
      botCheck.reset();
    } finally {
      setIsBusy(false);
    }
  }

  /** Runs one submission at a time: a second click while the first is on its way does nothing. */
  async function once(run: () => Promise<void>) {
    if (isSending.current) return;
    isSending.current = true;
    try {
      await run();
    } finally {
      isSending.current = false;
    }
  }

  async function onDetailsSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const values = formValues(event.currentTarget);
    const read = detailsErrors(values, addressMode);
    const honeypotValue = values[HONEYPOT_FIELD] ?? '';
    await once(async () => {
      if (isSingleStep) {
        const allErrors = [...read.errors, ...confirmErrors(message, isTermsAccepted)];
        setErrors(allErrors);
        if (!read.details || allErrors.length > 0) return;
        setDetails(read.details);
        setIsBusy(true);
        const found = await lookUpBranch(read.details.postcode);
        const branchFound = found === 'failed' ? null : found;
        setBranch(branchFound);
        await send(read.details, branchFound?.id ?? null, null, honeypotValue);
        return;
      }
      setErrors(read.errors);
      if (!read.details) return;
      setDetails(read.details);
      setHoneypot(honeypotValue);
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
    });
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
    const found = confirmErrors(message, isTermsAccepted);
    setErrors(found);
    if (found.length > 0) return;
    const appointment = date ? { date, bookingTime: bookingTimeOf(slots) } : null;
    await once(() => send(details, branch?.id ?? null, appointment, honeypot));
  }

  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  const stepNumber = STEP_NUMBERS[step];
  const confirmFields = (
    <ConfirmFields
      message={message}
      onMessageChange={setMessage}
      isTermsAccepted={isTermsAccepted}
      onTermsChange={setIsTermsAccepted}
      errorOf={errorOf}
      botCheckElement={botCheck.element}
    />
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

      <DetailsStep
        csrfToken={csrfToken}
        formAction={formAction}
        isHidden={step !== 'details'}
        ariaLabel={STEP_TITLES.details}
        isSingleStep={isSingleStep}
        defaultChannel={defaultChannel}
        values={initialValues}
        errorOf={errorOf}
        isBusy={isBusy}
        confirmFields={confirmFields}
        onSubmit={(event) => void onDetailsSubmit(event)}
        onClose={onClose}
        onAddressModeChange={setAddressMode}
      />

      {step === 'sorry' ? (
        <SorryStep agencyTelephone={agencyTelephone} onBack={() => go('details')} onClose={onClose} />
      ) : null}

      {step === 'appointment' ? (
        <AppointmentStep
          ariaLabel={STEP_TITLES.appointment}
          branch={branch}
          today={today}
          date={date}
          onDateChange={setDate}
          slots={slots}
          dispatchSlots={dispatchSlots}
          taken={taken}
          errorOf={errorOf}
          onSubmit={onAppointmentSubmit}
          onBack={() => go('details')}
          onAppointmentDay={onAppointmentDay}
        />
      ) : null}

      {step === 'confirm' && details ? (
        <ConfirmStep
          csrfToken={csrfToken}
          formAction={formAction}
          ariaLabel={STEP_TITLES.confirm}
          details={details}
          honeypot={honeypot}
          date={date}
          bookingTime={date ? bookingTimeOf(slots) : ''}
          branch={branch}
          notice={notice}
          confirmFields={confirmFields}
          isBusy={isBusy}
          onSubmit={(event) => void onConfirmSubmit(event)}
          onBack={() => go(date ? 'appointment' : 'details')}
        />
      ) : null}

      {step === 'thanks' ? (
        <ThanksStep
          branch={branch}
          isAppointmentBooked={!isSingleStep && date !== ''}
          headingRef={headingRef}
          onClose={onClose}
        />
      ) : null}
    </div>
  );
}
