/**
 * The new-homes enquiry form (spec points 3, 4, 5): configured fields, development_of_interest (disabled,
 * prefilled) and development_id, the current home address by lookup or by hand, the terms box. An ordinary form
 * post to /form_submissions, checked here first and blocked while a submission is pending.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckboxField, ErrorSummary, HoneypotField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { showToast } from '../../components/toast.tsx';
import { AddressLookup } from '../address/index.ts';
import { type BotCheckConfig, FORM_HONEYPOT_FIELD, useBotCheck } from '../spam/index.ts';
import { useRootData } from '../site/index.ts';
import {
  FORM_ID_FIELD,
  LEAD_DO_NOT_CONTACT_FIELD,
  REDIRECT_FIELD,
  submissionFieldName,
  SUBMISSION_DO_NOT_CONTACT_FIELD,
  TERMS_FIELD,
  validateAnswers,
  type CustomFormView,
  type FieldErrors,
  type FormElement,
} from './custom-form.ts';
import {
  DEVELOPMENT_ID_FIELD,
  DEVELOPMENT_OF_INTEREST_FIELD,
  isAddressElement,
  newHomesRequiredMessage,
  TERMS_ERROR_KEY,
  TERMS_MESSAGE,
  type NewHomesDevelopment,
} from './new-homes.ts';
import './custom-form.css';

const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
};

const REQUEST_FAILED_MESSAGE = 'Request failed. Please try again.';

export function NewHomesForm({
  form,
  development,
  redirectTo,
  botCheckConfig,
}: {
  form: CustomFormView;
  development: NewHomesDevelopment;
  redirectTo: string;
  botCheckConfig: BotCheckConfig;
}) {
  const root = useRootData();
  const formRef = useRef<HTMLFormElement>(null);
  const isPendingRef = useRef(false);
  const [isPending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [botFields, setBotFields] = useState<Record<string, string> | null>(null);
  const botCheck = useBotCheck(botCheckConfig);
  const answerable = form.formElements.filter((element) => !isAddressElement(element));

  useEffect(() => {
    // The bot check's answer is in the hidden inputs now: send the form as an ordinary post.
    if (botFields) formRef.current?.submit();
  }, [botFields]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPendingRef.current) return;
    const data = new FormData(event.currentTarget);
    const answers: Record<string, string> = {};
    for (const element of answerable) {
      const value = data.get(submissionFieldName(element.fieldName));
      if (typeof value === 'string') answers[element.fieldName] = value;
    }
    const found = validateAnswers(answerable, answers, 'missing', newHomesRequiredMessage);
    if (data.get(TERMS_FIELD) !== 'on') found[TERMS_ERROR_KEY] = TERMS_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    isPendingRef.current = true;
    setPending(true);
    try {
      setBotFields(await botCheck.solve());
    } catch {
      isPendingRef.current = false;
      setPending(false);
      botCheck.reset();
      showToast(REQUEST_FAILED_MESSAGE, { kind: 'error' });
    }
  }

  const summary = [
    ...answerable
      .filter((element) => errors[element.fieldName])
      .map((element) => ({ field: submissionFieldName(element.fieldName), message: errors[element.fieldName]! })),
    ...(errors[TERMS_ERROR_KEY] ? [{ field: TERMS_FIELD, message: TERMS_MESSAGE }] : []),
  ];

  return (
    <form
      ref={formRef}
      id={form.htmlFormId}
      className="custom-form new-homes-form"
      method="post"
      action="/form_submissions"
      noValidate
      aria-busy={isPending || undefined}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="authenticity_token" value={root?.csrfToken ?? ''} />
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      <HoneypotField name={FORM_HONEYPOT_FIELD} />
      <input type="hidden" name={SUBMISSION_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={LEAD_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={submissionFieldName('property_id')} value={development.propertyId} />
      {Object.entries(botFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      {form.para ? <p className="new-homes-form__intro">{form.para}</p> : null}
      <ErrorSummary errors={summary} />

      <div className="custom-form__grid">
        {form.formElements.map((element) => (
          <NewHomesElement
            key={element.fieldName}
            element={element}
            development={development}
            error={errors[element.fieldName] ?? null}
          />
        ))}
      </div>

      <CheckboxField
        name={TERMS_FIELD}
        value="on"
        error={errors[TERMS_ERROR_KEY] ?? null}
        label={
          <>
            I agree to the <a href="/terms-of-use">terms &amp; conditions</a> and{' '}
            <a href="/privacy-policy">privacy policy</a>
          </>
        }
      />
      {botCheck.element}
      <button type="submit" className="button button--primary" disabled={isPending}>
        {isPending ? 'Sending…' : form.submitButtonText}
      </button>
    </form>
  );
}

function NewHomesElement({
  element,
  development,
  error,
}: {
  element: FormElement;
  development: NewHomesDevelopment;
  error: string | null;
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
    return <TextAreaField className={className} name={name} label={label} error={error} maxLength={5000} />;
  }
  return (
    <TextField
      className={className}
      name={name}
      label={label}
      error={error}
      type={element.inputType === 'email' ? 'email' : element.inputType === 'tel' ? 'tel' : 'text'}
      inputMode={element.inputType === 'tel' ? 'tel' : undefined}
      autoComplete={AUTOCOMPLETE[element.fieldName]}
      disabled={element.disabled}
      defaultValue={element.value}
      maxLength={element.inputType === 'text' ? 200 : undefined}
    />
  );
}
