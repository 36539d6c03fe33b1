/**
 * The account forms posted without JavaScript (docs/decisions/012). Each one is the same <form> whose script path
 * sends the spec's JSON call; without a script it posts here, to its own /user/... page. The field rules are the
 * shared schema's and the work is the JSON call's own function (account-calls.server.ts), so both paths answer
 * alike: the page again with the errors (422), or a redirect once it succeeded.
 */
import type { AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { assertMethod } from '../../lib/http/http-error.ts';
import type { FieldError } from '../../lib/http/form-submission.ts';
import { parseFields, replyDone, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { HttpError } from '../../lib/http/http-error.ts';
import { BOT_CHECK_FAILED_MESSAGE, HONEYPOT_FIELD, isHoneypotFilled } from '../spam/index.ts';
import {
  forgottenPasswordCall,
  marketingPreferencesCall,
  registerCall,
  signInCall,
  updateUserCall,
  MARKETING_WORDING_URL,
  type CallResult,
} from './account-calls.server.ts';
import { ACCOUNT_MESSAGES, AFTER_REGISTRATION_PATH } from './account-messages.ts';
import {
  FIELD_MESSAGES,
  PROFILE_TEXT_FIELDS,
  changePasswordSchema,
  forgottenPasswordSchema,
  marketingChoiceSchema,
  passwordErrorLines,
  profileSchema,
  registrationSchema,
  resetPasswordSchema,
  signInSchema,
} from './account-schemas.ts';
import { getUserView } from './accounts.server.ts';
import { readRequestFields, type RequestFields } from './request-fields.ts';

type Context = AppLoadContext;

/** The answer's message lines as form-level errors (or one fallback line). */
function lineErrors(result: CallResult, fallback: string): FieldError[] {
  if ('location' in result) return [];
  const byField = result.body.field_errors;
  if (Array.isArray(byField) && byField.length > 0) return byField as FieldError[];
  const lines = result.body.errors;
  if (Array.isArray(lines) && lines.length > 0) {
    return lines
      .filter((line): line is string => typeof line === 'string')
      .map((message) => ({ field: 'form', message }));
  }
  if (typeof result.body.error === 'string') return [{ field: 'form', message: result.body.error }];
  return [{ field: 'form', message: fallback }];
}

/** Runs a JSON call's function as a form post: a 429 or other HttpError raised inside is shown, not thrown. */
async function asFormCall(run: () => Promise<CallResult>): Promise<CallResult> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof HttpError) return { status: thrown.status, body: { error: thrown.message } };
    const init = (thrown as { init?: { status?: number } | null; data?: { error?: unknown } } | null) ?? null;
    if (init?.init?.status === 429 && typeof init.data?.error === 'string') {
      return { status: 429, body: { error: init.data.error } };
    }
    throw thrown;
  }
}

async function readPost(request: Request): Promise<RequestFields> {
  assertMethod(request, ['POST']);
  return readRequestFields(request);
}

export async function signInFormAction(request: Request, context: Context) {
  const fields = await readPost(request);
  const submission = parseFields(fields, signInSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const result = await asFormCall(() => signInCall(getDb(), fields, context));
  if (result.status === 200) return seeOther('/user');
  const message =
    result.status === 429 && !('location' in result) && typeof result.body.error === 'string'
      ? result.body.error
      : result.status === 422 && !('location' in result) && result.body.error === BOT_CHECK_FAILED_MESSAGE
        ? BOT_CHECK_FAILED_MESSAGE
        : ACCOUNT_MESSAGES.signInFailed;
  return replyInvalid(submission, [{ field: 'form', message }], result.status);
}

export async function registerFormAction(request: Request, context: Context) {
  const fields = await readPost(request);
  // Spec point 5: a filled honeypot sends the visitor to / and nothing is submitted.
  if (isHoneypotFilled(fields[HONEYPOT_FIELD])) return seeOther('/');
  const submission = parseFields(fields, registrationSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const result = await asFormCall(
    async () => (await registerCall(getDb(), { client: 'web', ...fields }, context)).result,
  );
  if (result.status === 200) return seeOther(AFTER_REGISTRATION_PATH);
  return replyInvalid(submission, lineErrors(result, ACCOUNT_MESSAGES.registrationFailed), result.status);
}

export async function forgottenPasswordFormAction(request: Request, context: Context) {
  const fields = await readPost(request);
  if (isHoneypotFilled(fields[HONEYPOT_FIELD])) return seeOther('/');
  const submission = parseFields(fields, forgottenPasswordSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const result = await asFormCall(async () => (await forgottenPasswordCall(getDb(), fields, context)).result);
  if (result.status === 200) return replyDone();
  return replyInvalid(submission, lineErrors(result, FIELD_MESSAGES.email), result.status);
}

/** Change password (signed in) or choose a new one with the emailed token. */
export async function newPasswordFormAction(request: Request, context: Context) {
  const fields = await readPost(request);
  const userId = await context.session.getUserId();
  const token = typeof fields.reset_password_token === 'string' ? fields.reset_password_token : '';
  const submission = parseFields(fields, token ? resetPasswordSchema : changePasswordSchema);
  if (!token && userId === null) {
    return replyInvalid(submission, [{ field: 'form', message: ACCOUNT_MESSAGES.passwordChangeFailed }]);
  }
  if (submission.status !== 'success') return replyInvalid(submission);
  if (!token) fields.user_id = String(userId);
  const result = await asFormCall(() => updateUserCall(getDb(), fields, context));
  if ('location' in result) return seeOther(result.location);
  if (result.status === 422) {
    const fragments = Array.isArray(result.body.errors) ? (result.body.errors as string[]) : [];
    return replyInvalid(
      submission,
      passwordErrorLines(fragments).map((message) => ({ field: 'password', message })),
    );
  }
  return replyInvalid(submission, [{ field: 'form', message: ACCOUNT_MESSAGES.passwordChangeFailed }], result.status);
}

/** Edit details: the whole form is checked as in the browser; only the fields that changed are sent. */
export async function editDetailsFormAction(request: Request, context: Context) {
  const fields = await readPost(request);
  const userId = await context.session.getUserId();
  if (userId === null) return seeOther('/user');
  const submission = parseFields(fields, profileSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const user = await getUserView(getDb(), userId);
  const changed: Record<string, string> = {};
  for (const name of PROFILE_TEXT_FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim() !== (user[name] ?? '')) changed[name] = value;
  }
  if (changed.email && typeof fields.current_password === 'string' && fields.current_password) {
    changed.current_password = fields.current_password;
  }
  if (Object.keys(changed).length === 0) return seeOther('/user');
  const result = await asFormCall(() => updateUserCall(getDb(), changed, context));
  if (result.status === 200) return seeOther('/user');
  return replyInvalid(
    submission,
    lineErrors(result, 'Your details could not be saved. Please try again.'),
    result.status,
  );
}

export async function marketingPreferencesFormAction(request: Request, context: Context) {
  const fields = await readPost(request);
  const submission = parseFields(fields, marketingChoiceSchema);
  const userId = await context.session.getUserId();
  if (userId === null) {
    return replyInvalid(submission, [{ field: 'form', message: ACCOUNT_MESSAGES.preferencesSignInRequired }], 401);
  }
  if (submission.status !== 'success') return replyInvalid(submission);
  const user = await getUserView(getDb(), userId);
  const choice = submission.value.opt_in_marketing_at;
  const isCustom = user.marketing_preference_id === null;
  const result = await asFormCall(() =>
    marketingPreferencesCall(
      getDb(),
      {
        user_id: String(userId),
        opt_in_marketing_at: choice,
        opt_in_marketing_url: MARKETING_WORDING_URL,
        ...(isCustom ? { is_opted_in_to_marketing: choice === 'optin' ? 'true' : 'false' } : {}),
      },
      context,
      { preferenceId: user.marketing_preference_id, userId: isCustom ? userId : null, isCustom },
    ),
  );
  if (result.status === 200) return replyDone();
  return replyInvalid(submission, lineErrors(result, ACCOUNT_MESSAGES.preferencesFailed), result.status);
}
