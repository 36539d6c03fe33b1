/**
 * The valuation flow's state and calls (spec points 4 and 7): which step shows, what the earlier steps decided (the
 * details, the branch, the appointment), the message and terms (shared by the confirm step and the single-step
 * form, and kept when the visitor goes Back), and the two calls — the branch lookup on leaving step 1 and the JSON
 * POST /leads. Each step's form checks its own answers with its schema (useSchemaForm) and hands them here.
 */
import { useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { resultValues, type FormResult } from '../../lib/http/form-submission.ts';
import { showToast } from '../../components/toast.tsx';
import { type BotCheckConfig, HONEYPOT_FIELD, useBotCheck } from '../spam/index.ts';
import { bookingTimeOf, initialTimeSlots, timeSlotsReducer } from './time-slots.ts';
import { valuationSourceOf, type ValuationAppointment } from './valuation-payload.ts';
import {
  VALUATION_FAILED_MESSAGE,
  lookUpBranch,
  pushAnalyticsEvent,
  sendValuationRequest,
  type Branch,
} from './valuation-client.ts';
import { valuationDetailsSchema, type ValuationDetails } from './valuation-schema.ts';

export type ValuationStep = 'details' | 'sorry' | 'appointment' | 'confirm' | 'thanks';

/** Where a post made without JavaScript left the flow (from the route action). */
export type ValuationNoScriptState = {
  step: ValuationStep;
  /** Conform's result of the post: its errors and the answers, minus every secret. */
  result: FormResult | null;
  branch: Branch | null;
};

type Options = {
  isSingleStep: boolean;
  botCheckConfig: BotCheckConfig;
  csrfToken: string;
  takenSlots?: { branchId: number; date: string; slots: string[] } | null;
  noScriptState: ValuationNoScriptState | null;
  /** The heading that takes focus when a new step shows. */
  headingRef: RefObject<HTMLHeadingElement | null>;
};

export function useValuationFlow({
  isSingleStep,
  botCheckConfig,
  csrfToken,
  takenSlots,
  noScriptState,
  headingRef,
}: Options) {
  const initialValues = resultValues(noScriptState?.result);
  const [step, setStep] = useState<ValuationStep>(noScriptState?.step ?? 'details');
  const [details, setDetails] = useState<ValuationDetails | null>(() => {
    const parsed = valuationDetailsSchema.safeParse(initialValues);
    return parsed.success ? parsed.data : null;
  });
  const [honeypot, setHoneypot] = useState(initialValues[HONEYPOT_FIELD] ?? '');
  const [branch, setBranch] = useState<Branch | null>(noScriptState?.branch ?? null);
  const [date, setDate] = useState('');
  const [slots, dispatchSlots] = useReducer(timeSlotsReducer, undefined, initialTimeSlots);
  const [message, setMessage] = useState(initialValues.message ?? '');
  const [isTermsAccepted, setIsTermsAccepted] = useState(initialValues.opt_in_terms !== undefined);
  const [isBusy, setIsBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const botCheck = useBotCheck(botCheckConfig);
  const isFirstRender = useRef(true);
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
  }, [step, headingRef]);

  function go(next: ValuationStep) {
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
        source: valuationSourceOf(window.location.search),
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

  /** Step 1 accepted: look up the nearest branch and go on to the appointment, or to 'We are sorry'. */
  async function leaveDetails(validDetails: ValuationDetails, honeypotValue: string) {
    setDetails(validDetails);
    setHoneypot(honeypotValue);
    setIsBusy(true);
    const found = await lookUpBranch(validDetails.postcode);
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

  /** The single-step form accepted: the request goes at once, to the nearest branch when one is found. */
  async function sendSingleStep(validDetails: ValuationDetails, honeypotValue: string) {
    setDetails(validDetails);
    setIsBusy(true);
    const found = await lookUpBranch(validDetails.postcode);
    const branchFound = found === 'failed' ? null : found;
    setBranch(branchFound);
    await send(validDetails, branchFound?.id ?? null, null, honeypotValue);
  }

  /** 'Check and send' accepted. */
  async function sendConfirmed() {
    if (!details) return;
    const appointment = date ? { date, bookingTime: bookingTimeOf(slots) } : null;
    await send(details, branch?.id ?? null, appointment, honeypot);
  }

  return {
    step,
    go,
    details,
    honeypot,
    branch,
    date,
    setDate,
    slots,
    dispatchSlots,
    bookingTime: bookingTimeOf(slots),
    taken,
    message,
    setMessage,
    isTermsAccepted,
    setIsTermsAccepted,
    isBusy,
    notice,
    botCheckElement: botCheck.element,
    /** What a post without JavaScript sent, put back in step 1's fields. */
    initialValues,
    leaveDetails,
    sendSingleStep,
    sendConfirmed,
  };
}
