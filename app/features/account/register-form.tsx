import { Link, useNavigate } from 'react-router';
import { CheckboxField, ErrorSummary, HoneypotField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TOAST_LONG_MS, showToast } from '../../components/toast.tsx';
import { BOT_CHECK_FAILED_MESSAGE, isHoneypotFilled, useBotCheck } from '../spam/index.ts';
import { ACCOUNT_MESSAGES, AFTER_REGISTRATION_PATH, MARKETING_WORDING } from './account-messages.ts';
import { registrationSchema } from './account-schemas.ts';
import {
  FORM_ERROR_TARGET,
  errorLines,
  fieldErrorsOf,
  sendAccountCall,
  useAccountData,
  useCsrfToken,
} from './account-client.ts';

/** Registration (spec point 5): shown at /user to visitors and at /user/register. */
export function RegisterForm() {
  const { botCheck: botCheckConfig } = useAccountData();
  const botCheck = useBotCheck(botCheckConfig);
  const csrfToken = useCsrfToken();
  const navigate = useNavigate();
  const form = useSchemaForm({
    id: 'register-form',
    schema: registrationSchema,
    async onValid({ fields }) {
      try {
        let proof: Record<string, string>;
        try {
          proof = await botCheck.solve();
        } catch {
          form.showErrors([{ field: 'form', message: BOT_CHECK_FAILED_MESSAGE }]);
          return;
        }
        const answer = await sendAccountCall('/user.ljson', {
          csrfToken,
          fields: { client: 'web', ...fields, ...proof },
        });
        if (answer.status === 200) {
          // Nobody is signed in yet: the sign-in page says to confirm the address first (the same for everyone).
          showToast(ACCOUNT_MESSAGES.registered);
          await navigate(AFTER_REGISTRATION_PATH);
          return;
        }
        botCheck.reset();
        const lines = errorLines(answer.body);
        const byField = fieldErrorsOf(answer.body);
        if (byField.length > 0) form.showErrors(byField);
        else if (lines.length > 0) form.showErrors(lines.map((message) => ({ field: 'form', message })));
        else if (typeof answer.body.error === 'string')
          form.showErrors([{ field: 'form', message: answer.body.error }]);
        else form.showErrors([{ field: 'form', message: ACCOUNT_MESSAGES.registrationFailed }]);
        if (lines.length === 0 || lines.includes(ACCOUNT_MESSAGES.registrationFailed)) {
          showToast(ACCOUNT_MESSAGES.registrationFailed, { kind: 'error', durationMs: TOAST_LONG_MS });
        }
      } catch {
        botCheck.reset();
        showToast(ACCOUNT_MESSAGES.registrationFailed, { kind: 'error', durationMs: TOAST_LONG_MS });
      }
    },
  });

  /** Spec point 5: a filled honeypot sends the visitor to / and nothing is submitted (before any check). */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (isHoneypotFilled(new FormData(event.currentTarget).get('body'))) {
      event.preventDefault();
      void navigate('/');
      return;
    }
    form.formProps.onSubmit(event);
  }

  return (
    <section className="account-screen" aria-labelledby="register-title">
      <h3 id="register-title" className="account-screen__title">
        Register
      </h3>
      <p className="account-screen__intro">
        Create an account to keep your saved properties and searches on every device and get email alerts. Already
        registered? <Link to="/user/sign-in">Sign in</Link>
      </p>
      <ErrorSummary errors={form.errors} fieldIds={FORM_ERROR_TARGET} focusKey={form.focusKey} />
      <form
        className="account-form"
        method="post"
        action="/user/register"
        {...form.formProps}
        onSubmit={onSubmit}
        aria-describedby="register-title"
      >
        <span id={FORM_ERROR_TARGET.form} tabIndex={-1} />
        <CsrfField />
        <HoneypotField />
        <TextField
          name="title"
          label="Title (optional)"
          autoComplete="honorific-prefix"
          defaultValue={form.values.title}
          error={form.errorFor('title')}
        />
        <TextField
          name="first_name"
          label="First name"
          autoComplete="given-name"
          defaultValue={form.values.first_name}
          error={form.errorFor('first_name')}
        />
        <TextField
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          defaultValue={form.values.last_name}
          error={form.errorFor('last_name')}
        />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          defaultValue={form.values.email}
          error={form.errorFor('email')}
        />
        <TextField
          name="tel_home"
          label="Telephone (optional)"
          type="tel"
          autoComplete="tel"
          hint="A UK number starting +44 or 0"
          defaultValue={form.values.tel_home}
          error={form.errorFor('tel_home')}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters. A few unrelated words make a strong password."
          error={form.errorFor('password')}
        />
        <TextField
          name="password_confirmation"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={form.errorFor('password_confirmation')}
        />
        <CheckboxField
          name="opt_in_terms"
          label={
            <>
              I agree to the <a href="/terms-of-use">terms of use</a> and <a href="/privacy-policy">privacy policy</a>
            </>
          }
          defaultChecked={form.values.opt_in_terms !== undefined}
          error={form.errorFor('opt_in_terms')}
        />
        <CheckboxField
          name="opt_in_marketing"
          label={MARKETING_WORDING}
          defaultChecked={form.values.opt_in_marketing !== undefined}
        />
        {botCheck.element}
        <button type="submit" className="button button--primary account-form__submit" disabled={form.isPending}>
          {form.isPending ? 'Registering…' : 'Register'}
        </button>
      </form>
      <p className="account-screen__links">
        <Link to="/user/sign-in" className="account-link">
          Sign in
        </Link>
        <Link to="/user/forgotten_password" className="account-link">
          Forgotten password
        </Link>
      </p>
    </section>
  );
}
