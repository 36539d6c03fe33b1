/**
 * The account calls of spec point 7, one function each. Routes read the body and hand the flat fields here; each
 * function answers a status and a JSON body (or a redirect), so the rules are tested without HTTP.
 */
import type { Logger } from 'pino';
import type { Database } from '../../lib/db.server.ts';
import { limit } from '../../lib/rate-limit.server.ts';
import type { VisitorSession } from '../../lib/session.server.ts';
import { BOT_CHECK_FAILED_MESSAGE, HONEYPOT_FIELD, isHoneypotFilled } from '../spam/index.ts';
import { ACCOUNT_MESSAGES, AFTER_PASSWORD_CHANGE_PATH } from './account-messages.ts';
import {
  FIELD_MESSAGES,
  PASSWORD_ERROR_FRAGMENTS,
  RESET_PASSWORD_RULE_MESSAGE,
  fieldErrors,
  forgottenPasswordSchema,
  isTicked,
  marketingPreferencesSchema,
  profileSchema,
  registrationSchema,
  resetPasswordSchema,
  signInSchema,
} from './account-schemas.ts';
import { passesAccountBotCheck } from './account-bot-check.server.ts';
import {
  authenticateUser,
  changePassword,
  getUserView,
  isRateLimitExhausted,
  normaliseEmail,
  registerUser,
  requestPasswordReset,
  resetPasswordWithToken,
  updateMarketingPreferences,
  updateProfile,
} from './accounts.server.ts';
import { hashPassword, newPasswordProblems } from './passwords.server.ts';
import type { RequestFields } from './request-fields.ts';

export type AccountCallContext = {
  session: VisitorSession;
  clientIp: string;
  origin: string;
  logger?: Logger;
};

export type CallResult = { status: number; body: Record<string, unknown> } | { status: 302; location: string };

const json = (status: number, body: Record<string, unknown>): CallResult => ({ status, body });

/** Where the marketing wording lives: stored with an opt-in as the URL agreed to. */
export const MARKETING_WORDING_URL = '/privacy-policy#marketing';
const SIGN_IN_PATH = '/user/sign-in';

/**
 * POST /user.ljson: registration. Errors come back as a list of lines. A valid registration is answered the same
 * whether or not the address already has an account (quality bars 2.7.3): the spec's success message, nobody
 * signed in, and the account's work — creating it and emailing a confirmation link, or telling the address's
 * owner — runs after the answer, as for a forgotten password, so it takes no longer either way
 * (docs/decisions/009-accounts.md).
 */
export async function registerCall(
  db: Database,
  fields: RequestFields,
  context: AccountCallContext,
): Promise<{ result: CallResult; work: Promise<void> }> {
  const done = Promise.resolve();
  await limit(db, 'register', context.clientIp);
  if (isHoneypotFilled(fields[HONEYPOT_FIELD])) {
    return { result: json(422, { errors: [ACCOUNT_MESSAGES.registrationFailed], field_errors: [] }), work: done };
  }
  if (!(await passesAccountBotCheck(fields, context.clientIp))) {
    return { result: json(422, { errors: [BOT_CHECK_FAILED_MESSAGE], field_errors: [] }), work: done };
  }
  const parsed = registrationSchema.safeParse(fields);
  if (!parsed.success) {
    const problems = fieldErrors(parsed.error);
    return {
      result: json(422, { errors: problems.map((problem) => problem.message), field_errors: problems }),
      work: done,
    };
  }
  const passwordProblems = newPasswordProblems(parsed.data.password, {
    useResetRule: false,
    userInputs: [parsed.data.email, parsed.data.first_name, parsed.data.last_name],
  });
  if (passwordProblems.length > 0) {
    const lines = passwordProblems.map((fragment) => `Password ${fragment}`);
    return {
      result: json(422, { errors: lines, field_errors: lines.map((message) => ({ field: 'password', message })) }),
      work: done,
    };
  }
  const passwordHash = await hashPassword(parsed.data.password);
  const registration = parsed.data;
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() =>
      registerUser(db, registration, passwordHash, { origin: context.origin, marketingUrl: MARKETING_WORDING_URL }),
    )
    .then((outcome) => context.logger?.info({ userId: outcome.userId, outcome: outcome.kind }, 'registration'))
    .catch((error: unknown) => context.logger?.error({ err: error }, 'registration failed after its answer'));
  return { result: json(200, { message: ACCOUNT_MESSAGES.registered }), work };
}

/** POST /session: sign-in. Unknown email and wrong password answer alike (body, status and time). */
export async function signInCall(
  db: Database,
  fields: RequestFields,
  context: AccountCallContext,
): Promise<CallResult> {
  await limit(db, 'signIn', context.clientIp);
  if (!(await passesAccountBotCheck(fields, context.clientIp))) {
    return json(422, { error: BOT_CHECK_FAILED_MESSAGE });
  }
  const parsed = signInSchema.safeParse({ username: fields.username ?? fields.email, password: fields.password });
  if (!parsed.success) {
    const problems = fieldErrors(parsed.error);
    return json(422, { error: ACCOUNT_MESSAGES.signInFailed, field_errors: problems });
  }
  const accountKey = normaliseEmail(parsed.data.username);
  if (await isRateLimitExhausted(db, 'signInAccount', accountKey)) {
    context.logger?.warn({ ip: context.clientIp }, 'sign-in blocked: too many failures for one account');
    await limit(db, 'signInAccount', accountKey);
  }
  const userId = await authenticateUser(db, parsed.data.username, parsed.data.password);
  if (userId === null) {
    // Counts the failure. An exhausted account was refused above, so only a burst racing past it gets a 429 here.
    await limit(db, 'signInAccount', accountKey);
    context.logger?.info({ ip: context.clientIp }, 'sign-in failed');
    return json(401, { error: ACCOUNT_MESSAGES.signInFailed });
  }
  await context.session.signIn(userId);
  context.logger?.info({ userId }, 'signed in');
  return json(200, { message: 'Signed in', user: await getUserView(db, userId) });
}

/** POST /session with _method=delete: sign-out ends the session server-side. */
export async function signOutCall(context: AccountCallContext): Promise<CallResult> {
  const userId = await context.session.getUserId();
  await context.session.signOut();
  if (userId !== null) context.logger?.info({ userId }, 'signed out');
  return json(200, { message: ACCOUNT_MESSAGES.signedOut });
}

/**
 * POST /reset_passwords: always the same answer. The lookup and email run after the answer is sent, so a known
 * email takes no longer than an unknown one.
 */
export async function forgottenPasswordCall(
  db: Database,
  fields: RequestFields,
  context: AccountCallContext,
): Promise<{ result: CallResult; work: Promise<void> }> {
  await limit(db, 'passwordReset', context.clientIp);
  const done = Promise.resolve();
  if (isHoneypotFilled(fields[HONEYPOT_FIELD])) {
    return { result: json(200, { message: ACCOUNT_MESSAGES.forgottenPassword }), work: done };
  }
  const parsed = forgottenPasswordSchema.safeParse(fields);
  if (!parsed.success) {
    return {
      result: json(422, { errors: [FIELD_MESSAGES.email], field_errors: fieldErrors(parsed.error) }),
      work: done,
    };
  }
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => requestPasswordReset(db, parsed.data.email, context.origin))
    .catch((error: unknown) => context.logger?.error({ err: error }, 'password reset request failed'));
  return { result: json(200, { message: ACCOUNT_MESSAGES.forgottenPassword }), work };
}

function passwordFragmentsOf(issues: { field: string; message: string }[]): string[] {
  return issues.map((issue) => {
    if (issue.field === 'password_confirmation') return PASSWORD_ERROR_FRAGMENTS.confirmation;
    if (issue.message === RESET_PASSWORD_RULE_MESSAGE) return PASSWORD_ERROR_FRAGMENTS.rule;
    if (issue.message === FIELD_MESSAGES.passwordTooLong) return PASSWORD_ERROR_FRAGMENTS.tooLong;
    return PASSWORD_ERROR_FRAGMENTS.rule;
  });
}

/**
 * POST /user.ljson with _method=put. With a password it changes it (signed in: the current password too) or uses
 * an emailed reset token; the answer is a 302 whose Location the client follows. Otherwise a profile update.
 */
export async function updateUserCall(
  db: Database,
  fields: RequestFields,
  context: AccountCallContext,
): Promise<CallResult> {
  const userId = await context.session.getUserId();
  const isPasswordChange = 'password' in fields || 'reset_password_token' in fields;
  if (isPasswordChange) {
    const parsed = resetPasswordSchema.safeParse(fields);
    if (!parsed.success) return json(422, { errors: passwordFragmentsOf(fieldErrors(parsed.error)) });
    const problems = newPasswordProblems(parsed.data.password, { useResetRule: true });
    if (problems.length > 0) return json(422, { errors: problems });
    const token = parsed.data.reset_password_token;
    if (token) {
      await limit(db, 'passwordReset', context.clientIp);
      const resetUserId = await resetPasswordWithToken(db, token, parsed.data.password);
      if (resetUserId === null) return json(422, { errors: [PASSWORD_ERROR_FRAGMENTS.token] });
      // Every session of the user ended; this visitor signs in with the new password.
      if (userId !== null) await context.session.signOut();
      context.logger?.info({ userId: resetUserId }, 'password reset with emailed token');
      return { status: 302, location: `${SIGN_IN_PATH}?reset=1` };
    }
    if (userId === null || (parsed.data.user_id !== undefined && parsed.data.user_id !== userId)) {
      return json(401, { error: ACCOUNT_MESSAGES.passwordChangeFailed });
    }
    const isChanged = await changePassword(
      db,
      userId,
      parsed.data.current_password ?? '',
      parsed.data.password,
      context.session.id,
    );
    if (!isChanged) return json(422, { errors: [PASSWORD_ERROR_FRAGMENTS.current] });
    // A fresh session id after re-authentication (ASVS 7.2.4).
    await context.session.signIn(userId);
    context.logger?.info({ userId }, 'password changed');
    return { status: 302, location: AFTER_PASSWORD_CHANGE_PATH };
  }
  if (userId === null) return json(401, { error: 'Please sign in to update your details.' });
  const parsed = profileSchema.safeParse(fields);
  if (!parsed.success) {
    const problems = fieldErrors(parsed.error);
    return json(422, { errors: problems.map((problem) => problem.message), field_errors: problems });
  }
  const outcome = await updateProfile(db, userId, parsed.data, { origin: context.origin });
  if (!outcome.ok) {
    return json(422, { errors: outcome.errors.map((problem) => problem.message), field_errors: outcome.errors });
  }
  return json(200, {
    message: ACCOUNT_MESSAGES.profileUpdated,
    user: await getUserView(db, userId),
    ...(outcome.emailChangeSentTo ? { email_change_sent_to: outcome.emailChangeSentTo } : {}),
  });
}

/**
 * POST /marketing_preferences/{id} and /custom_marketing_preferences/{user_id} with _method=put. Only the
 * signed-in user's own preferences can change (object-level authorisation).
 */
export async function marketingPreferencesCall(
  db: Database,
  fields: RequestFields,
  context: AccountCallContext,
  target: { preferenceId: number | null; userId: number | null; isCustom: boolean },
): Promise<CallResult> {
  const userId = await context.session.getUserId();
  if (userId === null) return json(401, { error: ACCOUNT_MESSAGES.preferencesSignInRequired });
  const parsed = marketingPreferencesSchema.safeParse(fields);
  if (!parsed.success) return json(422, { error: ACCOUNT_MESSAGES.preferencesFailed });
  if (parsed.data.user_id !== userId || (target.userId !== null && target.userId !== userId)) {
    return json(403, { error: ACCOUNT_MESSAGES.preferencesFailed });
  }
  const isOptedIn =
    target.isCustom && fields.is_opted_in_to_marketing !== undefined
      ? isTicked(fields.is_opted_in_to_marketing)
      : parsed.data.opt_in_marketing_at === 'optin';
  const url = isOptedIn ? parsed.data.opt_in_marketing_url || MARKETING_WORDING_URL : null;
  const id = await updateMarketingPreferences(db, userId, target.preferenceId, { isOptedIn, url });
  if (id === null) return json(404, { error: ACCOUNT_MESSAGES.preferencesFailed });
  return json(200, { message: ACCOUNT_MESSAGES.preferencesUpdated, user: await getUserView(db, userId) });
}
