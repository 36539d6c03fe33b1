/**
 * Renders a custom form definition (spec points 3, 4, 5, 7). Without JavaScript it is an ordinary multipart post
 * to POST /form_submissions, which sends a form with mistakes back to this page with Conform's result; with it,
 * the same schema checks the answers here first and the form is sent with fetch (use-custom-form.ts).
 * Hidden control fields come first so the server reads the authenticity token before the file.
 */
import { useLocation } from 'react-router';
import { useRootData } from '../site/index.ts';
import { ErrorSummary, HoneypotField } from '../../components/form-fields.tsx';
import type { FormResult } from '../../lib/http/form-submission.ts';
import { type BotCheckConfig, FORM_HONEYPOT_FIELD } from '../spam/index.ts';
import {
  FORM_ID_FIELD,
  LEAD_DO_NOT_CONTACT_FIELD,
  REDIRECT_FIELD,
  SENT_MESSAGE,
  SUBMISSION_DO_NOT_CONTACT_FIELD,
  TERMS_FIELD,
  type CustomFormView,
} from './custom-form.ts';
import { CustomFormElement } from './custom-form-element.tsx';
import { useCustomForm } from './use-custom-form.ts';
import './custom-form.css';

export function CustomFormFields({
  form,
  botCheckConfig,
  lastResult = null,
  isPreview = false,
}: {
  form: CustomFormView;
  botCheckConfig: BotCheckConfig;
  /** What a post without JavaScript left to show: its errors and answers. */
  lastResult?: FormResult | null;
  /** The back office's preview: drawn as visitors see it, but it cannot be sent (its button is disabled). */
  isPreview?: boolean;
}) {
  const root = useRootData();
  const location = useLocation();
  const { schemaForm, botCheck, summary, errorOf, refusal, isSent, setFileError, generation } = useCustomForm(
    form,
    botCheckConfig,
    lastResult,
  );
  const values = schemaForm.values;

  return (
    <form
      key={generation}
      className="custom-form"
      method="post"
      action="/form_submissions"
      encType="multipart/form-data"
      aria-busy={schemaForm.isPending || undefined}
      {...schemaForm.formProps}
    >
      <input type="hidden" name="authenticity_token" value={root?.csrfToken ?? ''} />
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      <input type="hidden" name={REDIRECT_FIELD} value={location.pathname + location.search} />
      <HoneypotField name={FORM_HONEYPOT_FIELD} />
      <input type="hidden" name={SUBMISSION_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={LEAD_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={TERMS_FIELD} value="on" />

      <ErrorSummary errors={summary} focusKey={schemaForm.focusKey} />
      {refusal ? (
        <p className="custom-form__message custom-form__message--error" role="alert">
          {refusal}
        </p>
      ) : null}
      {isSent ? (
        <p className="custom-form__message custom-form__message--success" role="status">
          {form.thankYouText || SENT_MESSAGE}
        </p>
      ) : null}

      <div className="custom-form__grid">
        {form.formElements.map((field) => (
          <CustomFormElement
            key={field.fieldName}
            field={field}
            error={errorOf(field.fieldName)}
            defaultValue={values[field.fieldName]}
            onFileError={setFileError}
          />
        ))}
      </div>

      <p className="custom-form__terms">
        By sending this form you agree to our <a href="/terms-of-use">terms of use</a> and{' '}
        <a href="/privacy-policy">privacy policy</a>.
      </p>
      {botCheck.element}
      <button type="submit" className="button button--primary" disabled={schemaForm.isPending || isPreview}>
        {schemaForm.isPending ? 'Sending…' : form.submitButtonText}
      </button>
    </form>
  );
}
