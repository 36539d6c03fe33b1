/**
 * The valuation request (spec point 4). Multi-step: 1 details and address, 2 date and time, 3 confirm and submit,
 * 4 thank you; Back goes to the previous step and closes the modal on step 1; leaving step 1 looks up the nearest
 * branch and shows 'We are sorry' when there is none. Single-step (theme setting): one form, then thank you.
 * Earlier steps stay mounted (hidden) so Back shows what was typed (WCAG 3.3.7, no redundant entry).
 *
 * The state and the calls are in use-valuation-flow.ts; each step is its own form on the one form layer
 * (useSchemaForm, docs/decisions/012), checked by its schema from valuation-schema.ts. Without JavaScript the same
 * forms post to the modal's route action (valuation-form-action.server.ts), which answers with the next step.
 */
import { useRef } from 'react';
import type { BotCheckConfig } from '../spam/index.ts';
import { AppointmentStep } from './valuation-appointment-step.tsx';
import { ConfirmFields } from './valuation-confirm-fields.tsx';
import { ConfirmStep } from './valuation-confirm-step.tsx';
import { DetailsStep } from './valuation-details-step.tsx';
import { NO_BRANCH_TITLE, SorryStep, ThanksStep } from './valuation-end-steps.tsx';
import type { ValuationChannel } from './valuation-schema.ts';
import { useValuationFlow, type ValuationNoScriptState, type ValuationStep } from './use-valuation-flow.ts';
import './valuation.css';

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

const STEP_TITLES: Record<ValuationStep, string> = {
  details: 'Your details',
  sorry: NO_BRANCH_TITLE,
  appointment: 'Choose a date and time',
  confirm: 'Check and send',
  thanks: 'Thank you',
};
const STEP_NUMBERS: Partial<Record<ValuationStep, number>> = { details: 1, appointment: 2, confirm: 3 };

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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const flow = useValuationFlow({ isSingleStep, botCheckConfig, csrfToken, takenSlots, noScriptState, headingRef });
  const { step, go } = flow;
  const stepNumber = STEP_NUMBERS[step];
  /** The result of a post without JavaScript, for the form it answered. */
  const resultFor = (forms: readonly ValuationStep[]) =>
    noScriptState && forms.includes(noScriptState.step) ? noScriptState.result : null;
  const confirmFields = (errorOf: (field: string) => string | undefined) => (
    <ConfirmFields
      message={flow.message}
      onMessageChange={flow.setMessage}
      isTermsAccepted={flow.isTermsAccepted}
      onTermsChange={flow.setIsTermsAccepted}
      errorOf={errorOf}
      botCheckElement={flow.botCheckElement}
    />
  );

  return (
    <div className="valuation-flow" aria-busy={flow.isBusy}>
      {step !== 'thanks' ? (
        <div className="valuation-flow__heading">
          {stepNumber && !isSingleStep ? <p className="valuation-flow__progress">Step {stepNumber} of 3</p> : null}
          <h3 className="valuation-flow__title" ref={headingRef} tabIndex={-1}>
            {isSingleStep && step === 'details' ? 'Request a free valuation' : STEP_TITLES[step]}
          </h3>
        </div>
      ) : null}

      <DetailsStep
        csrfToken={csrfToken}
        formAction={formAction}
        isHidden={step !== 'details'}
        ariaLabel={STEP_TITLES.details}
        isSingleStep={isSingleStep}
        defaultChannel={defaultChannel}
        values={flow.initialValues}
        lastResult={resultFor(['details', 'sorry'])}
        isBusy={flow.isBusy}
        confirmFields={confirmFields}
        onValid={(details, honeypot) =>
          isSingleStep ? flow.sendSingleStep(details, honeypot) : flow.leaveDetails(details, honeypot)
        }
        onClose={onClose}
      />

      {step === 'sorry' ? (
        <SorryStep agencyTelephone={agencyTelephone} onBack={() => go('details')} onClose={onClose} />
      ) : null}

      {step === 'appointment' ? (
        <AppointmentStep
          ariaLabel={STEP_TITLES.appointment}
          branch={flow.branch}
          date={flow.date}
          onDateChange={flow.setDate}
          slots={flow.slots}
          bookingTime={flow.bookingTime}
          dispatchSlots={flow.dispatchSlots}
          taken={flow.taken}
          onNext={() => go('confirm')}
          onBack={() => go('details')}
          onAppointmentDay={onAppointmentDay}
        />
      ) : null}

      {step === 'confirm' && flow.details ? (
        <ConfirmStep
          csrfToken={csrfToken}
          formAction={formAction}
          ariaLabel={STEP_TITLES.confirm}
          details={flow.details}
          honeypot={flow.honeypot}
          date={flow.date}
          bookingTime={flow.date ? flow.bookingTime : ''}
          branch={flow.branch}
          notice={flow.notice}
          lastResult={resultFor(['confirm'])}
          confirmFields={confirmFields}
          isBusy={flow.isBusy}
          onSend={flow.sendConfirmed}
          onBack={() => go(flow.date ? 'appointment' : 'details')}
        />
      ) : null}

      {step === 'thanks' ? (
        <ThanksStep
          branch={flow.branch}
          isAppointmentBooked={!isSingleStep && flow.date !== ''}
          headingRef={headingRef}
          onClose={onClose}
        />
      ) : null}
    </div>
  );
}
