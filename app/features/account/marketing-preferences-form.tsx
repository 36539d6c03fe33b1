import { Link, useRevalidator } from 'react-router';
import { ErrorSummary } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { showToast } from '../../components/toast.tsx';
import { ACCOUNT_MESSAGES, MARKETING_WORDING } from './account-messages.ts';
import { marketingChoiceSchema } from './account-schemas.ts';
import { sendAccountCall, useAccountData, useCsrfToken } from './account-client.ts';

/** The page holding the marketing wording, stored as the URL agreed to (spec point 7 opt_in_marketing_url). */
const MARKETING_WORDING_URL = '/privacy-policy#marketing';

/** Marketing preferences (spec point 7): optin or optout with PUT /marketing_preferences/{id}. */
export function MarketingPreferencesForm() {
  const { user } = useAccountData();
  const csrfToken = useCsrfToken();
  const revalidator = useRevalidator();
  const form = useSchemaForm({
    id: 'marketing-preferences-form',
    schema: marketingChoiceSchema,
    async onValid({ value }) {
      const choice = value.opt_in_marketing_at;
      try {
        const path =
          user.marketing_preference_id !== null
            ? `/marketing_preferences/${user.marketing_preference_id}`
            : `/custom_marketing_preferences/${user.user_id}`;
        const answer = await sendAccountCall(path, {
          csrfToken,
          method: 'put',
          fields: {
            user_id: user.user_id,
            opt_in_marketing_at: choice,
            opt_in_marketing_url: MARKETING_WORDING_URL,
            ...(user.marketing_preference_id === null ? { is_opted_in_to_marketing: choice === 'optin' } : {}),
          },
        });
        if (answer.status === 200) {
          showToast(ACCOUNT_MESSAGES.preferencesUpdated);
          await revalidator.revalidate();
        } else if (answer.status === 401) {
          showToast(ACCOUNT_MESSAGES.preferencesSignInRequired, { kind: 'error' });
        } else {
          showToast(ACCOUNT_MESSAGES.preferencesFailed, { kind: 'error' });
        }
      } catch {
        showToast(ACCOUNT_MESSAGES.preferencesFailed, { kind: 'error' });
      }
    },
  });

  const isOptedIn = user.is_opted_in_to_marketing;
  return (
    <section className="account-screen" aria-labelledby="marketing-title">
      <h3 id="marketing-title" className="account-screen__title">
        Marketing preferences
      </h3>
      <ErrorSummary
        errors={form.errors}
        fieldIds={{ opt_in_marketing_at: 'opt-in-marketing-yes' }}
        focusKey={form.focusKey}
      />
      {form.isDone ? (
        <p className="account-notice" role="status">
          {ACCOUNT_MESSAGES.preferencesUpdated}
        </p>
      ) : null}
      <form
        className="account-form"
        method="post"
        action="/user/marketing-preferences"
        {...form.formProps}
        key={String(isOptedIn)}
      >
        <CsrfField />
        <fieldset className="account-form__group">
          <legend>{MARKETING_WORDING}</legend>
          <div className="account-radio">
            <input
              type="radio"
              id="opt-in-marketing-yes"
              name="opt_in_marketing_at"
              value="optin"
              defaultChecked={isOptedIn}
            />
            <label htmlFor="opt-in-marketing-yes">Yes, send me emails</label>
          </div>
          <div className="account-radio">
            <input
              type="radio"
              id="opt-in-marketing-no"
              name="opt_in_marketing_at"
              value="optout"
              defaultChecked={!isOptedIn}
            />
            <label htmlFor="opt-in-marketing-no">No, do not send me emails</label>
          </div>
        </fieldset>
        {user.marketing_preferences.opt_in_marketing_at ? (
          <p className="account-screen__intro">
            Last changed on {user.marketing_preferences.opt_in_marketing_at.slice(0, 10).split('-').reverse().join('/')}
            .
          </p>
        ) : null}
        <button type="submit" className="button button--primary account-form__submit" disabled={form.isPending}>
          {form.isPending ? 'Saving…' : 'Save preferences'}
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
