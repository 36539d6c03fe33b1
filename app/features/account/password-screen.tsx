import { useEffect, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { ErrorSummary, HoneypotField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { useLocation } from 'react-router';
import { TOAST_LONG_MS, showToast } from '../../components/toast.tsx';
import { isHoneypotFilled } from '../spam/index.ts';
import { ACCOUNT_MESSAGES, AFTER_PASSWORD_CHANGE_PATH, SIGN_IN_WAIT_MS } from './account-messages.ts';
import {
  RESET_PASSWORD_RULE_MESSAGE,
  changePasswordSchema,
  forgottenPasswordSchema,
  passwordErrorLines,
  resetPasswordSchema,
} from './account-schemas.ts';
import {
  FORM_ERROR_TARGET,
  errorLines,
  failureMessageOf,
  fieldErrorsOf,
  sendAccountCall,
  useAccountData,
  useCsrfToken,
} from './account-client.ts';

type PasswordScreenProps = { isSignedIn: boolean; token: string | null; hasToken: boolean };

/**
 * /user/forgotten_password (spec point 2): the reset-password form when signed in, else the forgotten-password
 * form; with a token from the emailed link, the form that sets a new password. While the signed-in state is being
 * refreshed (just after signing in) it waits up to 4.5 s before choosing.
 */
export function PasswordScreen({ isSignedIn, token, hasToken }: PasswordScreenProps) {
  const isWaiting = useWaitForUser();
  if (token) return <NewPasswordForm mode="token" token={token} />;
  if (isSignedIn) return <NewPasswordForm mode="change" token={null} />;
  if (isWaiting) {
    return (
      <p className="lazy-status" role="status">
        Checking your account…
      </p>
    );
  }
  return <ForgottenPasswordForm isTokenRejected={hasToken} />;
}

function useWaitForUser(): boolean {
  const revalidator = useRevalidator();
  const [hasTimedOut, setTimedOut] = useState(false);
  const isLoading = revalidator.state === 'loading';
  useEffect(() => {
    if (!isLoading) return;
    const timer = window.setTimeout(() => setTimedOut(true), SIGN_IN_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [isLoading]);
  return isLoading && !hasTimedOut;
}

function ForgottenPasswordForm({ isTokenRejected }: { isTokenRejected: boolean }) {
  const csrfToken = useCsrfToken();
  const navigate = useNavigate();
  const [isSent, setSent] = useState(false);
  const form = useSchemaForm({
    id: 'forgotten-password-form',
    schema: forgottenPasswordSchema,
    async onValid({ fields }) {
      try {
        const answer = await sendAccountCall('/reset_passwords', { csrfToken, fields });
        // A server fault is never shown as a problem with the address the visitor typed.
        if (answer.status === 200) setSent(true);
        else if (answer.status === 422 && fieldErrorsOf(answer.body).length > 0)
          form.showErrors(fieldErrorsOf(answer.body));
        else showToast(failureMessageOf(answer), { kind: 'error', durationMs: TOAST_LONG_MS });
      } catch {
        showToast(ACCOUNT_MESSAGES.requestFailed, { kind: 'error', durationMs: TOAST_LONG_MS });
      }
    },
  });

  /** Spec point 5: a filled honeypot sends the visitor to / and nothing is submitted. */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (isHoneypotFilled(new FormData(event.currentTarget).get('body'))) {
      event.preventDefault();
      void navigate('/');
      return;
    }
    form.formProps.onSubmit(event);
  }

  return (
    <section className="account-screen" aria-labelledby="forgotten-title">
      <h3 id="forgotten-title" className="account-screen__title">
        Forgotten password
      </h3>
      {isSent || form.isDone ? (
        <p className="account-notice" role="status">
          {ACCOUNT_MESSAGES.forgottenPassword}
        </p>
      ) : (
        <>
          {isTokenRejected ? (
            <p className="account-notice account-notice--error" role="alert">
              This password reset link has expired or has already been used. Enter your email address to get a new one.
            </p>
          ) : (
            <p className="account-screen__intro">
              Enter the email address of your account and we will email you a link to choose a new password.
            </p>
          )}
          <ErrorSummary errors={form.errors} fieldIds={FORM_ERROR_TARGET} focusKey={form.focusKey} />
          <form
            className="account-form"
            method="post"
            action="/user/forgotten_password"
            {...form.formProps}
            onSubmit={onSubmit}
            aria-labelledby="forgotten-title"
          >
            <span id={FORM_ERROR_TARGET.form} tabIndex={-1} />
            <CsrfField />
            <HoneypotField />
            <TextField
              name="email"
              label="Email address"
              type="email"
              autoComplete="email"
              spellCheck={false}
              defaultValue={form.values.email}
              error={form.errorFor('email')}
            />
            <button type="submit" className="button button--primary account-form__submit" disabled={form.isPending}>
              {form.isPending ? 'Sending…' : 'Send reset link'}
            </button>
          </form>
        </>
      )}
      <p className="account-screen__links">
        <Link to="/user/sign-in" className="account-link">
          Sign in
        </Link>
        <Link to="/user/register" className="account-link">
          Register now
        </Link>
      </p>
    </section>
  );
}

/**
 * Reset password (spec point 5): the spec's rule and message; the server's 422 errors each prefixed 'Password '.
 * Signed in it asks for the current password too (ASVS 6.2.3); from an emailed link it sends the token instead.
 */
function NewPasswordForm({ mode, token }: { mode: 'change' | 'token'; token: string | null }) {
  const { user } = useAccountData();
  const csrfToken = useCsrfToken();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const location = useLocation();
  const form = useSchemaForm({
    id: 'new-password-form',
    schema: mode === 'change' ? changePasswordSchema : resetPasswordSchema,
    async onValid({ fields: submitted }) {
      const fields: Record<string, unknown> = { ...submitted };
      delete fields.authenticity_token;
      if (mode === 'change') fields.user_id = user.user_id ?? undefined;
      else fields.reset_password_token = token;
      try {
        const answer = await sendAccountCall('/user.ljson', { csrfToken, method: 'put', fields });
        if (answer.redirectedTo) {
          showToast(ACCOUNT_MESSAGES.passwordChanged, { durationMs: TOAST_LONG_MS });
          await revalidator.revalidate();
          await navigate(mode === 'change' ? AFTER_PASSWORD_CHANGE_PATH : answer.redirectedTo);
          return;
        }
        if (answer.status === 422) {
          form.showErrors(
            passwordErrorLines(errorLines(answer.body)).map((message) => ({ field: 'password', message })),
          );
          return;
        }
        showToast(ACCOUNT_MESSAGES.passwordChangeFailed, { kind: 'error', durationMs: TOAST_LONG_MS });
      } catch {
        showToast(ACCOUNT_MESSAGES.passwordChangeFailed, { kind: 'error', durationMs: TOAST_LONG_MS });
      }
    },
  });

  return (
    <section className="account-screen" aria-labelledby="reset-title">
      <h3 id="reset-title" className="account-screen__title">
        {mode === 'change' ? 'Change your password' : 'Choose a new password'}
      </h3>
      <ErrorSummary errors={form.errors} fieldIds={FORM_ERROR_TARGET} focusKey={form.focusKey} />
      {/* The page's own address: with an emailed link it keeps its ?token, which the server reads again. */}
      <form
        className="account-form"
        method="post"
        action={`${location.pathname}${location.search}`}
        {...form.formProps}
        aria-labelledby="reset-title"
      >
        <span id={FORM_ERROR_TARGET.form} tabIndex={-1} />
        <CsrfField />
        {token ? <input type="hidden" name="reset_password_token" value={token} /> : null}
        {mode === 'change' ? (
          <TextField
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={form.errorFor('current_password')}
          />
        ) : null}
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={RESET_PASSWORD_RULE_MESSAGE}
          error={form.errorFor('password')}
        />
        <TextField
          name="password_confirmation"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={form.errorFor('password_confirmation')}
        />
        <button type="submit" className="button button--primary account-form__submit" disabled={form.isPending}>
          {form.isPending ? 'Saving…' : 'Change password'}
        </button>
      </form>
      <p className="account-screen__links">
        <Link to="/user" className="account-link">
          Back to profile
        </Link>
      </p>
    </section>
  );
}
