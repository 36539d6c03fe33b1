/**
 * Renders a custom form definition and sends it to POST /form_submissions (spec points 3, 4, 5, 7).
 * Without JavaScript it is an ordinary multipart form post; with it, the same fields are checked here first, the
 * bot check runs, and the form is sent with fetch so errors show next to the fields without losing the answers.
 * Hidden control fields come first so the server reads the authenticity token before the file.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { useRootData } from '../site/index.ts';
import {
  CheckboxField,
  ErrorSummary,
  HoneypotField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form-fields.tsx';
import { showToast } from '../../components/toast.tsx';
import { type BotCheckConfig, FORM_HONEYPOT_FIELD, useBotCheck } from '../spam/index.ts';
import {
  FILE_TOO_LARGE_MESSAGE,
  fileElementOf,
  FORM_FAILED_MESSAGE,
  FORM_ID_FIELD,
  LEAD_DO_NOT_CONTACT_FIELD,
  MAX_UPLOAD_BYTES,
  REDIRECT_FIELD,
  submissionFieldName,
  SUBMISSION_DO_NOT_CONTACT_FIELD,
  SUCCESS_FLASH_KEY,
  TERMS_FIELD,
  validateAnswers,
  type CustomFormView,
  type FieldErrors,
  type FormElement,
} from './custom-form.ts';
import { FileField } from './file-field.tsx';
import './custom-form.css';

const AUTOCOMPLETE: Record<string, string> = {
  name: 'name',
  full_name: 'name',
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
  telephone: 'tel',
  tel_home: 'tel',
  tel_mobile: 'tel',
  postcode: 'postal-code',
};

const INPUT_TYPES: Partial<Record<FormElement['inputType'], string>> = { email: 'email', tel: 'tel', text: 'text' };

type SubmitResponse = { ok: boolean; redirectTo?: string; message?: string; errors?: FieldErrors };

export function CustomFormFields({ form, botCheckConfig }: { form: CustomFormView; botCheckConfig: BotCheckConfig }) {
  const root = useRootData();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The summary lists what a submission found; a file refused on selection only shows next to the field.
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [isSent, setSent] = useState(false);
  const botCheck = useBotCheck(botCheckConfig);
  const fileElement = fileElementOf(form.formElements);
  const titleRef = useRef<string | null>(null);

  const hasErrors = Object.keys(submitErrors).length > 0;
  useEffect(() => {
    // GOV.UK pattern: the page title says there is an error while errors show.
    titleRef.current ??= document.title.replace(/^Error: /, '');
    document.title = hasErrors ? `Error: ${titleRef.current}` : titleRef.current;
  }, [hasErrors]);

  function readAnswers(element: HTMLFormElement): Record<string, string> {
    const data = new FormData(element);
    const answers: Record<string, string> = {};
    for (const field of form.formElements) {
      const value = data.get(submissionFieldName(field.fieldName));
      if (typeof value === 'string') answers[field.fieldName] = value;
    }
    return answers;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const element = event.currentTarget;
    const fileInput = fileElement
      ? (element.elements.namedItem(submissionFieldName(fileElement.fieldName)) as HTMLInputElement | null)
      : null;
    const file = fileInput?.files?.[0] ?? null;
    const fileState = file
      ? file.size > MAX_UPLOAD_BYTES
        ? { error: FILE_TOO_LARGE_MESSAGE }
        : ('present' as const)
      : ('missing' as const);
    const found = validateAnswers(form.formElements, readAnswers(element), fileState);
    setErrors(found);
    setSubmitErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;

    setPending(true);
    try {
      const extra = await botCheck.solve();
      const body = new FormData();
      const original = new FormData(element);
      // The token and the other control fields go first: the server reads them before any file.
      for (const name of ['authenticity_token', FORM_ID_FIELD, REDIRECT_FIELD, FORM_HONEYPOT_FIELD]) {
        body.append(name, String(original.get(name) ?? ''));
      }
      for (const [name, value] of Object.entries(extra)) body.append(name, value);
      for (const [name, value] of original) {
        if (!body.has(name)) body.append(name, value);
      }
      const response = await fetchWithCsrf('/form_submissions', String(body.get('authenticity_token')), (token) => {
        body.set('authenticity_token', token);
        return { method: 'POST', body, headers: { Accept: 'application/json' } };
      });
      const result = (await response.json().catch(() => ({ ok: false }))) as SubmitResponse;
      if (response.ok && result.ok) {
        setSent(true);
        element.reset();
        const target = result.redirectTo ?? `${location.pathname}#flash/${SUCCESS_FLASH_KEY}`;
        const [path] = target.split('#');
        if (path === window.location.pathname + window.location.search) {
          window.location.hash = target.slice(target.indexOf('#') + 1);
        } else {
          window.location.assign(target);
        }
        return;
      }
      botCheck.reset();
      const fieldErrors = result.errors ?? {};
      const hasFieldErrors = form.formElements.some((field) => fieldErrors[field.fieldName]);
      setErrors(fieldErrors);
      setSubmitErrors(fieldErrors);
      const message = hasFieldErrors ? FORM_FAILED_MESSAGE : (result.message ?? FORM_FAILED_MESSAGE);
      setFormError(hasFieldErrors ? null : message);
      showToast(message, { kind: 'error' });
    } catch {
      botCheck.reset();
      setFormError(FORM_FAILED_MESSAGE);
      showToast(FORM_FAILED_MESSAGE, { kind: 'error' });
    } finally {
      setPending(false);
    }
  }

  const summary = form.formElements
    .filter((field) => submitErrors[field.fieldName])
    .map((field) => ({
      field: submissionFieldName(field.fieldName),
      message: `${field.friendlyName}: ${submitErrors[field.fieldName]}`,
    }));

  return (
    <form
      ref={formRef}
      id={form.htmlFormId}
      className="custom-form"
      method="post"
      action="/form_submissions"
      encType="multipart/form-data"
      noValidate
      aria-busy={isPending || undefined}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="authenticity_token" value={root?.csrfToken ?? ''} />
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      <input type="hidden" name={REDIRECT_FIELD} value={location.pathname + location.search} />
      <HoneypotField name={FORM_HONEYPOT_FIELD} />
      <input type="hidden" name={SUBMISSION_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={LEAD_DO_NOT_CONTACT_FIELD} value="1" />
      <input type="hidden" name={TERMS_FIELD} value="on" />

      <ErrorSummary errors={summary} />
      {formError ? (
        <p className="custom-form__message custom-form__message--error" role="alert">
          {formError}
        </p>
      ) : null}
      {isSent ? (
        <p className="custom-form__message custom-form__message--success" role="status">
          Thank you, your form has been sent.
        </p>
      ) : null}

      <div className="custom-form__grid">
        {form.formElements.map((field) => (
          <CustomFormElement
            key={field.fieldName}
            field={field}
            error={errors[field.fieldName] ?? null}
            onFileError={(error) =>
              setErrors((current) => {
                const next = { ...current };
                if (error) next[field.fieldName] = error;
                else delete next[field.fieldName];
                return next;
              })
            }
          />
        ))}
      </div>

      <p className="custom-form__terms">
        By sending this form you agree to our <a href="/terms-of-use">terms of use</a> and{' '}
        <a href="/privacy-policy">privacy policy</a>.
      </p>
      {botCheck.element}
      <button type="submit" className="button button--primary" disabled={isPending}>
        {isPending ? 'Sending…' : form.submitButtonText}
      </button>
    </form>
  );
}

function CustomFormElement({
  field,
  error,
  onFileError,
}: {
  field: FormElement;
  error: string | null;
  onFileError: (error: string | null) => void;
}) {
  const name = submissionFieldName(field.fieldName);
  if (field.hidden) return <input type="hidden" name={name} value={field.value ?? ''} />;
  const label = field.required || field.disabled ? field.friendlyName : `${field.friendlyName} (optional)`;
  const className = field.fieldPosition === 'half' ? 'custom-form__half' : 'custom-form__full';
  switch (field.inputType) {
    case 'file':
      return (
        <div className={className}>
          <FileField
            name={name}
            label={field.friendlyName}
            required={field.required}
            error={error}
            onErrorChange={onFileError}
          />
        </div>
      );
    case 'textarea':
      return (
        <TextAreaField
          className={className}
          name={name}
          label={label}
          error={error}
          defaultValue={field.value}
          disabled={field.disabled}
          maxLength={5000}
        />
      );
    case 'select':
      return (
        <SelectField
          className={className}
          name={name}
          label={label}
          error={error}
          defaultValue={field.value ?? ''}
          disabled={field.disabled}
          options={[
            { value: '', label: 'Please choose' },
            ...(field.options ?? []).map((option) => ({ value: option, label: option })),
          ]}
        />
      );
    case 'checkbox':
      return (
        <CheckboxField
          className={className}
          name={name}
          label={label}
          error={error}
          value="1"
          disabled={field.disabled}
        />
      );
    default:
      return (
        <TextField
          className={className}
          name={name}
          label={label}
          error={error}
          type={INPUT_TYPES[field.inputType] ?? 'text'}
          autoComplete={AUTOCOMPLETE[field.fieldName]}
          inputMode={field.inputType === 'tel' ? 'tel' : undefined}
          defaultValue={field.value}
          disabled={field.disabled}
          maxLength={5000}
        />
      );
  }
}
