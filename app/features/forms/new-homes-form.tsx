/**
 * The new-homes enquiry form (spec points 3, 4, 5): configured fields, development_of_interest (disabled,
 * prefilled) and development_id, the current home address by lookup or by hand, the terms box. On the shared form
 * hook: the enquiry's schema checks it here first; with a script it is sent as POST /form_submissions (the spec's
 * call) and a second submit while one is pending does nothing; without one it posts to the modal's own action,
 * which shows the errors (or the bot check's refusal) on the page.
 */
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { CheckboxField, ErrorSummary, HoneypotField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { showToast } from '../../components/toast.tsx';
import { AddressLookup } from '../address/index.ts';
import { type BotCheckConfig, FORM_HONEYPOT_FIELD, useBotCheck } from '../spam/index.ts';
import { useRootData } from '../site/index.ts';
import {
  answersPayload,
  FORM_ID_FIELD,
  LEAD_DO_NOT_CONTACT_FIELD,
  REDIRECT_FIELD,
  submissionFieldName,
  SUBMISSION_DO_NOT_CONTACT_FIELD,
  TERMS_FIELD,
  type CustomFormView,
  type FieldErrors,
  type FormElement,
} from './custom-form.ts';
import {
  DEVELOPMENT_ID_FIELD,
  DEVELOPMENT_OF_INTEREST_FIELD,
  isAddressElement,
  NEW_HOMES_EXTRA_NAMES,
  newHomesSchema,
  TERMS_ERROR_KEY,
  type NewHomesDevelopment,
} from './new-homes.ts';
import './custom-form.css';
import { ownEntry } from '../../lib/own-entry.ts';

const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
};

const REQUEST_FAILED_MESSAGE = 'Request failed. Please try again.';

type SubmitResponse = { ok: boolean; redirectTo?: string; message?: string; errors?: FieldErrors };

export function NewHomesForm({
  form,
  development,
  redirectTo,
  formAction,
  botCheckConfig,
}: {
  form: CustomFormView;
  development: NewHomesDevelopment;
  redirectTo: string;
  /** The modal's own address, where the form posts without JavaScript. */
  formAction: string;
  botCheckConfig: BotCheckConfig;
}) {
  const root = useRootData();
  const botCheck = useBotCheck(botCheckConfig);
  const answerable = form.formElements.filter((element) => !isAddressElement(element));
  const schemaForm = useSchemaForm({
    id: form.htmlFormId || 'new-homes-form',
    schema: newHomesSchema(form.formElements),
    toPayload: (formData) => answersPayload(formData.entries(), NEW_HOMES_EXTRA_NAMES),
    async onValid({ formElement }) {
      try {
        const proof = await botCheck.solve();
        const body = new URLSearchParams();
        for (const [name, value] of new FormData(formElement)) if (typeof value === 'string') body.append(name, value);
        for (const [name, value] of Object.entries(proof)) body.set(name, value);
        const response = await fetch('/form_submissions', {
          method: 'POST',
          body,
          headers: { Accept: 'application/json' },
        });
        const result = (await response.json().catch(() => ({ ok: false }))) as SubmitResponse;
        if (response.ok && result.ok) {
          // The property page shows the confirmation ('#flash/welcome-lead-sent').
          window.location.assign(result.redirectTo ?? redirectTo);
          return;
        }
        botCheck.reset();
        const found = Object.entries(result.errors ?? {}).flatMap(([field, message]) =>
          message ? [{ field, message }] : [],
        );
        if (found.length > 0) schemaForm.showErrors(found);
        else showToast(result.message ?? REQUEST_FAILED_MESSAGE, { kind: 'error' });
      } catch {
        botCheck.reset();
        showToast(REQUEST_FAILED_MESSAGE, { kind: 'error' });
      }
    },
  });
  const errorOf = (key: string) => schemaForm.errorFor(key) ?? null;

  const summary = [
    ...answerable
      .filter((element) => errorOf(element.fieldName))
      .map((element) => ({ field: submissionFieldName(element.fieldName), message: errorOf(element.fieldName)! })),
    ...(errorOf(TERMS_ERROR_KEY) ? [{ field: TERMS_FIELD, message: errorOf(TERMS_ERROR_KEY)! }] : []),
  ];
  // The whole enquiry refused (the bot check) or about no development: said above the fields.
  const refusal = errorOf('form') ?? errorOf(DEVELOPMENT_ID_FIELD);
  const values = schemaForm.values;

  return (
    <form
      className="custom-form new-homes-form"
      method="post"
      action={formAction}
      aria-busy={schemaForm.isPending || undefined}
      {...schemaForm.formProps}
    >
      <input type="hidden" name="authenticity_token" value={root?.csrfToken ?? ''} />
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      <HoneypotField name={FORM_HONEYPOT_FIELD} />
      <input type="hidden" name={SUBMISSION_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={LEAD_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={submissionFieldName('property_id')} value={development.propertyId} />

      {form.para ? <p className="new-homes-form__intro">{form.para}</p> : null}
      <ErrorSummary errors={summary} focusKey={schemaForm.focusKey} />
      {refusal ? (
        <p className="custom-form__message custom-form__message--error" role="alert">
          {refusal}
        </p>
      ) : null}

      <div className="custom-form__grid">
        {form.formElements.map((element) => (
          <NewHomesElement
            key={element.fieldName}
            element={element}
            development={development}
            error={errorOf(element.fieldName)}
            defaultValue={values[element.fieldName]}
          />
        ))}
      </div>

      <CheckboxField
        name={TERMS_FIELD}
        value="on"
        error={errorOf(TERMS_ERROR_KEY)}
        defaultChecked={values[TERMS_ERROR_KEY] === 'on'}
        label={
          <>
            I agree to the <a href="/terms-of-use">terms &amp; conditions</a> and{' '}
            <a href="/privacy-policy">privacy policy</a>
          </>
        }
      />
      {botCheck.element}
      <button type="submit" className="button button--primary" disabled={schemaForm.isPending}>
        {schemaForm.isPending ? 'Sending…' : form.submitButtonText}
      </button>
    </form>
  );
}

function NewHomesElement({
  element,
  development,
  error,
  defaultValue,
}: {
  element: FormElement;
  development: NewHomesDevelopment;
  error: string | null;
  /** The answer a post without JavaScript sent, shown again. */
  defaultValue?: string;
}) {
  const name = submissionFieldName(element.fieldName);
  const className = element.fieldPosition === 'half' ? 'custom-form__half' : 'custom-form__full';
  if (element.fieldName === DEVELOPMENT_ID_FIELD) {
    return <input type="hidden" name={name} value={development.developmentId} />;
  }
  if (element.fieldName === DEVELOPMENT_OF_INTEREST_FIELD) {
    return (
      <TextField
        className={className}
        name={name}
        label={element.friendlyName}
        defaultValue={development.developmentName}
        disabled
      />
    );
  }
  if (element.hidden) return <input type="hidden" name={name} value={element.value ?? ''} />;
  if (isAddressElement(element)) {
    return (
      <fieldset className={`${className} new-homes-form__address`}>
        <legend>{element.friendlyName} (optional)</legend>
        <AddressLookup
          inputId="field-new-homes-address"
          label="Find your address"
          fieldNames={{
            houseNumber: submissionFieldName('house_number'),
            houseName: submissionFieldName('house_name'),
            street: submissionFieldName('street'),
            town: submissionFieldName('town'),
            county: submissionFieldName('county'),
            postcode: submissionFieldName('postcode'),
          }}
        />
      </fieldset>
    );
  }
  const label = element.required ? element.friendlyName : `${element.friendlyName} (optional)`;
  if (element.inputType === 'textarea') {
    return (
      <TextAreaField
        className={className}
        name={name}
        label={label}
        error={error}
        defaultValue={defaultValue}
        maxLength={5000}
      />
    );
  }
  return (
    <TextField
      className={className}
      name={name}
      label={label}
      error={error}
      type={element.inputType === 'email' ? 'email' : element.inputType === 'tel' ? 'tel' : 'text'}
      inputMode={element.inputType === 'tel' ? 'tel' : undefined}
      autoComplete={ownEntry(AUTOCOMPLETE, element.fieldName)}
      disabled={element.disabled}
      defaultValue={defaultValue ?? element.value}
      maxLength={element.inputType === 'text' ? 200 : undefined}
    />
  );
}
