import { Link, useNavigate } from 'react-router';
import { ErrorSummary, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { showToast } from '../../components/toast.tsx';
import { BOT_CHECK_FAILED_MESSAGE, useBotCheck } from '../spam/index.ts';
import { ACCOUNT_MESSAGES, REGISTRATION_EMAIL_SENT_MESSAGE } from './account-messages.ts';
import { signInSchema } from './account-schemas.ts';
import { FORM_ERROR_TARGET, sendAccountCall, useAccountData, useAuthChanged, useCsrfToken } from './account-client.ts';

/** Sign-in (spec point 5): email and password; 200 is success, anything else the sign-in failed toast. */
export function SignInForm({
  isAfterReset,
  isAfterRegistration,
}: {
  isAfterReset: boolean;
  isAfterRegistration: boolean;
}) {
  const { botCheck: botCheckConfig } = useAccountData();
  const botCheck = useBotCheck(botCheckConfig);
  const csrfToken = useCsrfToken();
  const authChanged = useAuthChanged();
  const navigate = useNavigate();
  const form = useSchemaForm({
    id: 'sign-in-form',
    schema: signInSchema,
    async onValid({ fields }) {
      try {
        let proof: Record<string, string>;
        try {
          proof = await botCheck.solve();
        } catch {
          form.showErrors([{ field: 'form', message: BOT_CHECK_FAILED_MESSAGE }]);
          return;
        }
        const answer = await sendAccountCall('/session', { csrfToken, fields: { ...fields, ...proof } });
        if (answer.status === 200) {
          const user = answer.body.user as { user_id?: number; first_name?: string } | undefined;
          showToast(user?.first_name ? `Welcome back, ${user.first_name}` : 'You are signed in');
          await authChanged(user?.user_id ?? null);
          await navigate('/user');
          return;
        }
        botCheck.reset();
        const message =
          answer.status === 429 && typeof answer.body.error === 'string'
            ? answer.body.error
            : ACCOUNT_MESSAGES.signInFailed;
        form.showErrors([{ field: 'form', message }]);
        showToast(message, { kind: 'error' });
      } catch {
        botCheck.reset();
        showToast(ACCOUNT_MESSAGES.signInFailed, { kind: 'error' });
      }
    },
  });

  return (
    <section className="account-screen" aria-labelledby="sign-in-title">
      <h3 id="sign-in-title" className="account-screen__title">
        Sign in
      </h3>
      {isAfterReset ? (
        <p className="account-notice" role="status">
          Your password has been changed. Sign in with your new password.
        </p>
      ) : null}
      {isAfterRegistration ? (
        <p className="account-notice" role="status">
          {REGISTRATION_EMAIL_SENT_MESSAGE}
        </p>
      ) : null}
      <ErrorSummary errors={form.errors} fieldIds={FORM_ERROR_TARGET} focusKey={form.focusKey} />
      <form
        className="account-form"
        method="post"
        action="/user/sign-in"
        {...form.formProps}
        aria-labelledby="sign-in-title"
      >
        <span id={FORM_ERROR_TARGET.form} tabIndex={-1} />
        <CsrfField />
        <TextField
          name="username"
          label="Email address"
          type="email"
          autoComplete="username"
          spellCheck={false}
          defaultValue={form.values.username}
          error={form.errorFor('username')}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={form.errorFor('password')}
        />
        {botCheck.element}
        <button type="submit" className="button button--primary account-form__submit" disabled={form.isPending}>
          {form.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="account-screen__links">
        <Link to="/user/forgotten_password" className="account-link">
          Forgotten password
        </Link>
        <Link to="/user/register" className="account-link">
          Register now
        </Link>
      </p>
    </section>
  );
}
