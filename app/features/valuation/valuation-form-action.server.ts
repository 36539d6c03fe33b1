/**
 * The valuation forms posted without JavaScript (docs/decisions/012). With a script the flow sends the spec's JSON
 * POST /leads; without one the same forms post to the modal's own address and this answers with the next step:
 * step 1 comes back with its errors, or goes on to 'Check and send' (or 'We are sorry' when no branch covers the
 * postcode); 'Check and send' (or the single-step form) is validated again and handed to the very function that
 * answers POST /leads, so both paths store the same request. Picking a time slot needs the script, so a request
 * sent without it carries no appointment: the branch arranges the time, as for the single-step form.
 */
import type { AppLoadContext } from 'react-router';
import { data } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { errorList, replyTo, type FieldError, type FormSubmission } from '../../lib/http/form-submission.ts';
import { parseFields } from '../../lib/http/form-submission.server.ts';
import { assertMethod } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { ALTCHA_FIELD, HONEYPOT_FIELD, RECAPTCHA_FIELD } from '../spam/index.ts';
import { findNearestBranch } from './branch-lookup.server.ts';
import type { ValuationNoScriptState, ValuationStep } from './use-valuation-flow.ts';
import { handleValuationLead } from './valuation-lead.server.ts';
import { buildValuationPayload, valuationSourceOf } from './valuation-payload.ts';
import { valuationConfirmSchema, valuationDetailsSchema } from './valuation-schema.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** The next step, with Conform's result of the post (its errors and the answers minus every secret). */
function answer(
  step: ValuationStep,
  submission: FormSubmission | null,
  options: { errors?: FieldError[]; branch?: ValuationNoScriptState['branch']; status?: number } = {},
) {
  const result = submission ? replyTo(submission, options.errors) : null;
  const hasErrors = Object.keys(result?.error ?? {}).length > 0;
  const valuationForm: ValuationNoScriptState = { step, result, branch: options.branch ?? null };
  return data({ valuationForm }, { status: options.status ?? (hasErrors ? 422 : 200), headers: NO_STORE });
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export async function valuationFormAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const fields = await readFields(request);
  const step = textOf(fields.valuation_step);
  const details = parseFields(fields, valuationDetailsSchema);

  if (step === 'details') {
    if (details.status !== 'success') return answer('details', details);
    const branch = await findNearestBranch(getDb(), details.value.postcode);
    if (!branch) return answer('sorry', details);
    return answer('confirm', details, { branch: { id: branch.id, name: branch.name } });
  }

  const formStep: ValuationStep = step === 'confirm' ? 'confirm' : 'details';
  const message = textOf(fields.message);
  const confirm = parseFields(fields, valuationConfirmSchema);
  const confirmErrors = confirm.status === 'success' ? [] : errorList(confirm.error);
  if (details.status !== 'success' || confirmErrors.length > 0) {
    // Details that went wrong on 'Check and send' were changed by hand: show them where they can be edited.
    return answer(details.status === 'success' ? formStep : 'details', details, { errors: confirmErrors });
  }
  const botFields: Record<string, string> = {};
  for (const name of [ALTCHA_FIELD, RECAPTCHA_FIELD])
    if (typeof fields[name] === 'string') botFields[name] = fields[name];
  const payload = buildValuationPayload({
    csrfToken: textOf(fields.authenticity_token),
    details: details.value,
    honeypot: textOf(fields[HONEYPOT_FIELD]),
    message,
    branchId: null,
    appointment: null,
    botFields,
    source: valuationSourceOf(new URL(request.url).search),
  });
  const response = await handleValuationLead({ db: getDb(), body: payload, context });
  if (response.status === 200) return answer('thanks', null);
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  const reason = typeof body.error === 'string' ? body.error : 'Valuation request failed. Please try again.';
  return answer(formStep, details, { errors: [{ field: 'form', message: reason }], status: response.status });
}
