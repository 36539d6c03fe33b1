/**
 * The back office's loaders and actions, for its thin routes (app/routes/admin/). Every form is a real post that
 * works without JavaScript: the page again with Conform's result (422, or 429 with the rate-limit message), or a
 * 303 with the session cookie.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import type { FieldError, FormReply } from '../../lib/http/form-submission.ts';
import { parseFields, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { isRateLimited, limit } from '../../lib/rate-limit.server.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import {
  changeStaffPassword,
  checkStaffCode,
  checkStaffPassword,
  completeStaffSetup,
  changeStaffAccess,
  deactivateStaff,
  getSetupScreen,
  getStaffAccess,
  inviteStaffByEmail,
  isResetLinkLive,
  listBranchChoices,
  listStaffAccounts,
  requestStaffPasswordReset,
  resetStaffAuthenticator,
  resetStaffPassword,
  signOutStaff,
  signOutStaffEverywhere,
  type RequestMeta,
} from './staff-accounts.server.ts';
import type { StaffPrincipal } from './staff-roles.ts';
import {
  STAFF_MESSAGES,
  staffAccessSchema,
  staffChangePasswordSchema,
  staffEnrolSchema,
  staffCodeSchema,
  staffForgotPasswordSchema,
  staffInviteSchema,
  staffResetPasswordSchema,
  staffSetupSchema,
  staffSignInSchema,
} from './staff-schemas.ts';
import {
  clearStaffSessionCookie,
  deviceCookie,
  endStaffSession,
  getPendingSignIn,
  getStaffPrincipal,
  readDeviceToken,
  readStaffSessionToken,
  requireStaff,
  staffSessionCookie,
} from './staff-sessions.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

function metaOf(request: Request, context: AppLoadContext): RequestMeta {
  return { ip: context.clientIp, userAgent: request.headers.get('user-agent'), origin: context.origin };
}

/** Only back-office paths are returned to after signing in. */
function backOfficePath(value: unknown): string {
  const path = safeRedirectPath(value, '/admin');
  return /^\/admin(?:[/?]|$)/.test(path) ? path : '/admin';
}

function seeOtherWithCookies(location: string, cookies: string[]): Response {
  const response = seeOther(location);
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** A rate limit inside a form's work is shown on the form (429), not as a separate error page. */
async function showingRateLimits<T>(run: () => Promise<T>, onLimited: (error: HttpError) => T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isRateLimited(error)) return onLimited(error);
    throw error;
  }
}

async function readPost(request: Request) {
  assertMethod(request, ['POST']);
  return readFields(request);
}

// ---------------------------------------------------------------------------------------------------------------
// The layout

/** The signed-in staff member for the shell's navigation, or null; the pages check access themselves. */
export async function loadShellPrincipal(request: Request): Promise<StaffPrincipal | null> {
  return getStaffPrincipal(getDb(), readStaffSessionToken(request));
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in

type SignInStage = 'password' | 'code';

export async function signInLoader(request: Request) {
  const url = new URL(request.url);
  const next = backOfficePath(url.searchParams.get('next'));
  const token = readStaffSessionToken(request);
  if (await getStaffPrincipal(getDb(), token)) throw redirect(next, { headers: NO_STORE });
  const pending = await getPendingSignIn(getDb(), token);
  const stage: SignInStage = pending ? 'code' : 'password';
  const notice = url.searchParams.has('reset')
    ? 'Your password has been changed. Sign in with your new password.'
    : url.searchParams.has('signed-out')
      ? 'You have been signed out.'
      : null;
  return data({ stage, next, notice }, { headers: NO_STORE });
}

export async function signInAction(request: Request, context: AppLoadContext) {
  const fields = await readPost(request);
  const next = backOfficePath(new URL(request.url).searchParams.get('next'));
  const db = getDb();
  const meta = metaOf(request, context);
  const signInUrl = next === '/admin' ? '/admin/sign-in' : `/admin/sign-in?next=${encodeURIComponent(next)}`;
  if (fields.intent === 'restart') {
    await endStaffSession(db, readStaffSessionToken(request));
    return seeOtherWithCookies(signInUrl, [clearStaffSessionCookie()]);
  }
  if (fields.intent === 'code') {
    const submission = parseFields(fields, staffCodeSchema);
    if (submission.status !== 'success') return replyInvalid(submission);
    const code = submission.value.otp_token;
    return showingRateLimits(
      async () => {
        const outcome = await checkStaffCode(db, readStaffSessionToken(request), code, meta, readDeviceToken(request));
        if (outcome.status === 'signed-in') {
          return seeOtherWithCookies(next, [
            staffSessionCookie(outcome.sessionToken),
            deviceCookie(outcome.deviceToken),
          ]);
        }
        if (outcome.status === 'expired') {
          const reply = replyInvalid(submission, [{ field: 'form', message: STAFF_MESSAGES.signInExpired }]);
          return data(reply.data, {
            status: 422,
            headers: [
              ['Cache-Control', 'no-store'],
              ['Set-Cookie', clearStaffSessionCookie()],
            ],
          });
        }
        return replyInvalid(submission, [{ field: 'form', message: STAFF_MESSAGES.codeFailed }]);
      },
      (error) => replyInvalid(submission, [{ field: 'form', message: error.message }], 429),
    );
  }
  const submission = parseFields(fields, staffSignInSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const answers = submission.value;
  return showingRateLimits(
    async () => {
      const outcome = await checkStaffPassword(db, answers, meta);
      if (outcome.status === 'refused') {
        return replyInvalid(submission, [{ field: 'form', message: STAFF_MESSAGES.signInFailed }]);
      }
      return seeOtherWithCookies(signInUrl, [staffSessionCookie(outcome.pendingToken)]);
    },
    (error) => replyInvalid(submission, [{ field: 'form', message: error.message }], 429),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up link

export async function setupLoader(request: Request, context: AppLoadContext, token: string, agencyName: string) {
  void context;
  const screen = await getSetupScreen(getDb(), token, agencyName);
  return data({ screen }, { status: screen ? 200 : 404, headers: NO_STORE });
}

export async function setupAction(request: Request, context: AppLoadContext, token: string) {
  const fields = await readPost(request);
  // The form says which it is; the server still decides by the link's kind (an enrol link never sets a password).
  const submission =
    fields.mode === 'enrol' ? parseFields(fields, staffEnrolSchema) : parseFields(fields, staffSetupSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await completeStaffSetup(
    getDb(),
    token,
    { password: submission.value.password, code: submission.value.otp_token },
    metaOf(request, context),
    readDeviceToken(request),
  );
  if (outcome.status === 'invalid-link') {
    return replyInvalid(submission, [{ field: 'form', message: STAFF_MESSAGES.linkInvalid }], 410);
  }
  if (outcome.status === 'wrong-password') {
    return replyInvalid(submission, [{ field: 'password', message: STAFF_MESSAGES.currentPasswordWrong }]);
  }
  if (outcome.status === 'wrong-code') {
    return replyInvalid(submission, [{ field: 'otp_token', message: STAFF_MESSAGES.setupCodeFailed }]);
  }
  // The codes are shown once, on this answer: they are stored only as hashes.
  return data(
    { formResult: null, recoveryCodes: outcome.recoveryCodes },
    {
      headers: [
        ['Cache-Control', 'no-store'],
        ['Set-Cookie', staffSessionCookie(outcome.sessionToken)],
        ['Set-Cookie', deviceCookie(outcome.deviceToken)],
      ],
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Sign out

export async function signOutAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request);
  const fields = await readFields(request);
  const db = getDb();
  if (fields.scope === 'everywhere') await signOutStaffEverywhere(db, principal, metaOf(request, context));
  else await signOutStaff(db, principal, readStaffSessionToken(request), metaOf(request, context));
  return seeOtherWithCookies('/admin/sign-in?signed-out=1', [clearStaffSessionCookie()]);
}

// ---------------------------------------------------------------------------------------------------------------
// Forgotten password and reset link

export async function forgotPasswordAction(request: Request, context: AppLoadContext) {
  const fields = await readPost(request);
  const submission = parseFields(fields, staffForgotPasswordSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const email = submission.value.email;
  return showingRateLimits(
    async () => {
      await limit(getDb(), 'staffPasswordReset', context.clientIp);
      const meta = metaOf(request, context);
      // The answer does not wait for the look-up or the email: a known address answers as fast as an unknown one.
      setImmediate(() => {
        requestStaffPasswordReset(getDb(), email, meta).catch((error: unknown) =>
          context.logger.error({ err: error }, 'staff password reset email failed'),
        );
      });
      return data({ formResult: null, isDone: true } as FormReply, { headers: NO_STORE });
    },
    (error) => replyInvalid(submission, [{ field: 'form', message: error.message }], 429),
  );
}

export async function resetLoader(token: string) {
  const isLive = await isResetLinkLive(getDb(), token);
  return data({ isLive }, { status: isLive ? 200 : 404, headers: NO_STORE });
}

export async function resetAction(request: Request, context: AppLoadContext, token: string) {
  const fields = await readPost(request);
  const submission = parseFields(fields, staffResetPasswordSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  return showingRateLimits(
    async () => {
      await limit(getDb(), 'staffPasswordReset', context.clientIp);
      const isReset = await resetStaffPassword(getDb(), token, submission.value.password, metaOf(request, context));
      if (!isReset) return replyInvalid(submission, [{ field: 'form', message: STAFF_MESSAGES.resetLinkInvalid }]);
      return seeOtherWithCookies('/admin/sign-in?reset=1', [clearStaffSessionCookie()]);
    },
    (error) => replyInvalid(submission, [{ field: 'form', message: error.message }], 429),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Your account

export async function accountLoader(request: Request) {
  const principal = await requireStaff(request);
  return data(
    { principal, isChanged: new URL(request.url).searchParams.get('changed') === '1' },
    { headers: NO_STORE },
  );
}

export async function accountAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request);
  const fields = await readFields(request);
  const submission = parseFields(fields, staffChangePasswordSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  return showingRateLimits(
    async () => {
      const outcome = await changeStaffPassword(
        getDb(),
        principal,
        readStaffSessionToken(request),
        { currentPassword: submission.value.current_password, password: submission.value.password },
        metaOf(request, context),
      );
      if (outcome.status === 'wrong-current') {
        return replyInvalid(submission, [{ field: 'current_password', message: STAFF_MESSAGES.currentPasswordWrong }]);
      }
      return seeOtherWithCookies('/admin/account?changed=1', [staffSessionCookie(outcome.sessionToken)]);
    },
    (error) => replyInvalid(submission, [{ field: 'form', message: error.message }], 429),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Staff (owners)

/** The notices the staff list's actions send back to it (`?notice=`); anything else shows none. */
const STAFF_LIST_NOTICES = ['deactivated', 'self', 'changed', 'unchanged', 'enrol-sent', 'not-set-up'] as const;
export type StaffListNotice = (typeof STAFF_LIST_NOTICES)[number];

export async function staffListLoader(request: Request) {
  const principal = await requireStaff(request, { roles: ['owner'] });
  const db = getDb();
  const url = new URL(request.url);
  const editId = url.searchParams.get('edit') ?? '';
  const [staff, branchChoices, editing] = await Promise.all([
    listStaffAccounts(db),
    listBranchChoices(db),
    /^[1-9]\d{0,8}$/.test(editId) ? getStaffAccess(db, Number(editId)) : null,
  ]);
  return data(
    {
      principal,
      staff,
      branchChoices,
      editing,
      invited: url.searchParams.get('invited'),
      notice: STAFF_LIST_NOTICES.find((known) => known === url.searchParams.get('notice')) ?? null,
    },
    { headers: NO_STORE },
  );
}

function staffIdOf(value: unknown): number {
  const staffId = Number(value);
  if (!Number.isSafeInteger(staffId) || staffId <= 0) throw new HttpError(404, 'No such staff member.');
  return staffId;
}

export async function staffListAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, { roles: ['owner'] });
  const fields = await readFields(request);
  const db = getDb();
  const meta = metaOf(request, context);
  if (fields.intent === 'deactivate') {
    const staffId = Number(fields.staff_id);
    if (!Number.isSafeInteger(staffId) || staffId <= 0) throw new HttpError(404, 'No such staff member.');
    const outcome = await deactivateStaff(db, principal, staffId, meta);
    if (outcome === 'not-found') throw new HttpError(404, 'No such staff member.');
    return seeOther(`/admin/staff?notice=${outcome === 'self' ? 'self' : 'deactivated'}`);
  }
  if (fields.intent === 'reset-authenticator') {
    const outcome = await resetStaffAuthenticator(db, principal, staffIdOf(fields.staff_id), meta);
    if (outcome === 'not-found') throw new HttpError(404, 'No such staff member.');
    return seeOther(`/admin/staff?notice=${outcome === 'sent' ? 'enrol-sent' : outcome}`);
  }
  if (fields.intent === 'change-access') {
    const staffId = staffIdOf(fields.staff_id);
    const submission = parseFields(fields, staffAccessSchema);
    if (submission.status !== 'success') return replyInvalid(submission);
    const { role, branch } = submission.value;
    const outcome = await changeStaffAccess(db, principal, staffId, { role, branchIds: branch.map(Number) }, meta);
    if (outcome === 'not-found') throw new HttpError(404, 'No such staff member.');
    if (outcome === 'last-owner') {
      return replyInvalid(submission, [{ field: 'role', message: STAFF_MESSAGES.lastOwner }], 409);
    }
    if (outcome === 'unknown-branch') {
      return replyInvalid(submission, [{ field: 'branch', message: STAFF_MESSAGES.unknownBranch }]);
    }
    return seeOther(`/admin/staff?notice=${outcome}`);
  }
  const submission = parseFields(fields, staffInviteSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const { email, name, role, branch } = submission.value;
  const outcome = await inviteStaffByEmail(db, { email, name, role, branchIds: branch.map(Number) }, principal, meta);
  const errors: FieldError[] = [];
  if (outcome.status === 'email-taken') errors.push({ field: 'email', message: STAFF_MESSAGES.emailTaken });
  if (outcome.status === 'unknown-branch') errors.push({ field: 'branch', message: STAFF_MESSAGES.unknownBranch });
  if (errors.length > 0) return replyInvalid(submission, errors);
  return seeOther(`/admin/staff?invited=${encodeURIComponent(email)}`);
}
