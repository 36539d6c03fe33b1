import { Link, useNavigate, useRevalidator } from 'react-router';
import { ErrorSummary, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { showToast } from '../../components/toast.tsx';
import { ACCOUNT_LONG_TOAST_MS, ACCOUNT_MESSAGES, emailChangeSentMessage } from './account-messages.ts';
import { PROFILE_TEXT_FIELDS, profileSchema } from './account-schemas.ts';
import { FORM_ERROR_TARGET, fieldErrorsOf, sendAccountCall, useAccountData, useCsrfToken } from './account-client.ts';

/** Edit details (spec point 5): only the changed fields are sent, with _method=put, to /user.ljson. */
export function EditDetailsForm() {
  const { user } = useAccountData();
  const csrfToken = useCsrfToken();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const form = useSchemaForm({
    id: 'edit-details-form',
    schema: profileSchema,
    async onValid({ fields }) {
      const changed: Record<string, string> = {};
      for (const name of PROFILE_TEXT_FIELDS) {
        const value = fields[name];
        if (value !== undefined && value.trim() !== (user[name] ?? '')) changed[name] = value;
      }
      if (changed.email && fields.current_password) changed.current_password = fields.current_password;
      if (Object.keys(changed).length === 0) {
        await navigate('/user');
        return;
      }
      try {
        const answer = await sendAccountCall('/user.ljson', { csrfToken, method: 'put', fields: changed });
        if (answer.status === 200) {
          showToast(ACCOUNT_MESSAGES.profileUpdated);
          const sentTo = answer.body.email_change_sent_to;
          if (typeof sentTo === 'string')
            showToast(emailChangeSentMessage(sentTo), { durationMs: ACCOUNT_LONG_TOAST_MS });
          await revalidator.revalidate();
          await navigate('/user');
          return;
        }
        const problems = fieldErrorsOf(answer.body);
        form.showErrors(
          problems.length > 0
            ? problems
            : [{ field: 'form', message: 'Your details could not be saved. Please try again.' }],
        );
      } catch {
        showToast('Your details could not be saved. Please try again.', { kind: 'error' });
      }
    },
  });

  const text = (name: (typeof PROFILE_TEXT_FIELDS)[number], label: string, autoComplete: string, extra = {}) => (
    <TextField
      name={name}
      label={label}
      autoComplete={autoComplete}
      defaultValue={form.values[name] ?? user[name]}
      error={form.errorFor(name)}
      {...extra}
    />
  );

  return (
    <section className="account-screen" aria-labelledby="edit-title">
      <h3 id="edit-title" className="account-screen__title">
        Edit your details
      </h3>
      <ErrorSummary errors={form.errors} fieldIds={FORM_ERROR_TARGET} focusKey={form.focusKey} />
      <form className="account-form" method="post" action="/user/edit" {...form.formProps} aria-labelledby="edit-title">
        <span id={FORM_ERROR_TARGET.form} tabIndex={-1} />
        <CsrfField />
        {text('title', 'Title (optional)', 'honorific-prefix')}
        {text('first_name', 'First name', 'given-name')}
        {text('last_name', 'Last name', 'family-name')}
        {text('email', 'Email address', 'email', { type: 'email', spellCheck: false })}
        <TextField
          name="current_password"
          label="Current password (only to change your email)"
          type="password"
          autoComplete="current-password"
          error={form.errorFor('current_password')}
        />
        {text('tel_home', 'Home telephone (optional)', 'tel', { type: 'tel' })}
        {text('tel_mobile', 'Mobile telephone (optional)', 'tel', { type: 'tel' })}
        <fieldset className="account-form__group">
          <legend>Address (optional)</legend>
          {text('house_name', 'House name', 'address-line1')}
          {text('house_number', 'House number', 'off')}
          {text('street_address', 'Street', 'address-line2')}
          {text('address_2', 'Address line 2', 'address-line3')}
          {text('locality', 'Locality', 'address-level3')}
          {text('town', 'Town', 'address-level2')}
          {text('county', 'County', 'address-level1')}
          {text('postcode', 'Postcode', 'postal-code')}
        </fieldset>
        <button type="submit" className="button button--primary account-form__submit" disabled={form.isPending}>
          {form.isPending ? 'Saving…' : 'Save details'}
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
