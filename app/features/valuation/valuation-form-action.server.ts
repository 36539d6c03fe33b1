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
import { echoableValues, type FieldError } from '../../lib/http/form-reply.ts';
import { assertMethod } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { ALTCHA_FIELD, HONEYPOT_FIELD, RECAPTCHA_FIELD } from '../spam/index.ts';
import { findNearestBranch } from './branch-lookup.server.ts';
import type { ValuationNoScriptState, ValuationStep } from './valuation-flow.tsx';
import { handleValuationLead } from './valuation-lead.server.ts';
import { buildValuationPayload } from './valuation-payload.ts';
import { fieldErrorsOf, valuationConfirmSchema, valuationDetailsSchema } from './valuation-schema.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

function answer(
  step: ValuationStep,
  fields: Record<string, unknown>,
  options: { errors?: FieldError[]; branch?: ValuationNoScriptState['branch']; status?: number } = {},
) {
  const valuationForm: ValuationNoScriptState = {
    step,
    errors: options.errors ?? [],
    values: echoableValues(fields),
    branch: options.branch ?? null,
  };
  return data({ valuationForm }, { status: options.status ?? (options.errors?.length ? 422 : 200), headers: NO_STORE });
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export async function valuationFormAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const fields = await readFields(request);
  const step = textOf(fields.valuation_step);
  const details = valuationDetailsSchema.safeParse(fields);
  const detailsErrors = details.success ? [] : fieldErrorsOf(details.error);

  if (step === 'details') {
    if (!details.success) return answer('details', fields, { errors: detailsErrors });
    const branch = await findNearestBranch(getDb(), details.data.postcode);
    if (!branch) return answer('sorry', fields);
    return answer('confirm', fields, { branch: { id: branch.id, name: branch.name } });
  }

  const formStep: ValuationStep = step === 'confirm' ? 'confirm' : 'details';
  const message = textOf(fields.message);
  const confirm = valuationConfirmSchema.safeParse({ message, opt_in_terms: fields.opt_in_terms });
  const errors = [...detailsErrors, ...(confirm.success ? [] : fieldErrorsOf(confirm.error))];
  if (!details.success || errors.length > 0) {
    // Details that went wrong on 'Check and send' were changed by hand: show them where they can be edited.
    return answer(details.success ? formStep : 'details', fields, { errors });
  }
  const botFields: Record<string, string> = {};
  for (const name of [ALTCHA_FIELD, RECAPTCHA_FIELD])
    if (typeof fields[name] === 'string') botFields[name] = fields[name];
  const payload = buildValuationPayload({
    csrfToken: textOf(fields.authenticity_token),
    details: details.data,
    honeypot: textOf(fields[HONEYPOT_FIELD]),
    message,
    branchId: null,
    appointment: null,
    botFields,
  });
  const response = await handleValuationLead({ db: getDb(), body: payload, context });
  if (response.status === 200) return answer('thanks', {});
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  const reason = typeof body.error === 'string' ? body.error : 'Valuation request failed. Please try again.';
  return answer(formStep, fields, { errors: [{ field: 'form', message: reason }], status: response.status });
}
