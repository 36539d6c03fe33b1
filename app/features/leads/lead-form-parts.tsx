/**
 * The pieces the viewing, staff and department forms share (spec point 3 'Lead form'): the visitor's fields with
 * their Rails-style names, the error summary, the CSRF token, and the analytics event pushed after a submission.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CheckboxField, ErrorSummary, HoneypotField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { formPayload, type FormResult } from '../../lib/http/form-submission.ts';
import {
  filterPhoneInput,
  LEAD_FIELD_ORDER,
  leadFieldName,
  type FieldErrors,
  type LeadFieldKey,
} from './lead-schemas.ts';
import './leads.css';

/** The masked authenticity token of this page (root loader data). */
export { useCsrfToken } from '../site/index.ts';

export type LeadVariant = 'viewing' | 'contact';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The form-submission analytics event (spec point 4), only when the site's analytics has set up a data layer. */
export function pushFormSubmissionEvent(formName: string, details: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !Array.isArray(window.dataLayer)) return;
  window.dataLayer.push({ event: 'form_submission', formName, ...details });
}

function entriesOf(formData: FormData): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === 'string') entries[key] = value;
  }
  return entries;
}

/** What a post without JavaScript left in the session (errors by schema key), as Conform's last result. */
function sessionResult(errors: FieldErrors | undefined): FormResult | null {
  const error: Record<string, string[]> = {};
  for (const [key, message] of Object.entries(errors ?? {})) if (message) error[key === 'form' ? '' : key] = [message];
  return Object.keys(error).length > 0 ? { status: 'error', initialValue: {}, error } : null;
}

/**
 * The lead forms on the shared form hook. Their Rails-style names (`lead_client[first_name]`) are read into the
 * schema's keys the way the server reads them, so errors are keyed like the server's 422 answer (`first_name`).
 */
export function useLeadForm<Schema extends z.ZodType>(options: {
  id: string;
  schema: Schema;
  /** The schema's input from the form's entries, as the server builds it. */
  toInput: (entries: Record<string, string>) => Record<string, unknown>;
  /** Errors kept in the session by a post without JavaScript. */
  initialErrors?: FieldErrors;
  onValid: (entries: Record<string, string>) => Promise<void>;
}) {
  const [lastResult] = useState(() => sessionResult(options.initialErrors));
  const form = useSchemaForm({
    id: options.id,
    schema: options.schema,
    toPayload: (formData) => formPayload(options.toInput(entriesOf(formData))),
    lastResult,
    onValid: ({ fields }) => options.onValid(fields),
  });
  const errors: FieldErrors = {};
  for (const { field, message } of form.errors) errors[field] ??= message;
  return {
    ...form,
    errors,
    /** The server's 422 answer (messages by schema key) shown through the form. */
    showFieldErrors(found: FieldErrors) {
      form.showErrors(Object.entries(found).flatMap(([field, message]) => (message ? [{ field, message }] : [])));
    },
  };
}

/** Errors for the summary, in the order of the form, linked to their fields. */
export function summaryErrors(
  errors: FieldErrors,
  order: readonly string[],
  nameOf: (key: string) => string,
): { field: string; message: string }[] {
  return order.flatMap((key) => {
    const message = errors[key];
    return message ? [{ field: nameOf(key), message }] : [];
  });
}

export function LeadErrorSummary({
  errors,
  variant,
  focusKey,
}: {
  errors: FieldErrors;
  variant: LeadVariant;
  focusKey?: number;
}) {
  const list = summaryErrors(errors, LEAD_FIELD_ORDER, (key) => leadFieldName(key as LeadFieldKey, variant));
  return (
    <>
      <ErrorSummary errors={list} focusKey={focusKey} />
      {errors.form ? (
        <p className="lead-form__problem" role="alert">
          {errors.form}
        </p>
      ) : null}
    </>
  );
}

type LeadFieldsProps = {
  variant: LeadVariant;
  errors: FieldErrors;
  /** Answers kept from a post without JavaScript, keyed by field name. */
  values?: Record<string, string>;
  isMessageRequired: boolean;
  messageLabel?: string;
};

/** Name, contact details, optional address, message and terms, with the honeypot (spec point 3). */
export function LeadFields({ variant, errors, values = {}, isMessageRequired, messageLabel }: LeadFieldsProps) {
  const name = (key: LeadFieldKey) => leadFieldName(key, variant);
  const value = (key: LeadFieldKey) => values[name(key)];
  const hasAddress = ['house_name', 'house_number', 'street_address', 'town', 'county', 'postcode'].some((key) =>
    Boolean(value(key as LeadFieldKey)),
  );
  return (
    <>
      <div className="lead-form__row">
        <TextField
          name={name('first_name')}
          label="First name"
          autoComplete="given-name"
          error={errors.first_name}
          defaultValue={value('first_name')}
          maxLength={200}
        />
        <TextField
          name={name('last_name')}
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name}
          defaultValue={value('last_name')}
          maxLength={200}
        />
      </div>
      <div className="lead-form__row">
        <TextField
          name={name('email')}
          label="Email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email}
          defaultValue={value('email')}
          maxLength={254}
        />
        <TextField
          name={name('tel_home')}
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.tel_home}
          defaultValue={value('tel_home')}
          maxLength={40}
          onInput={(event) => {
            const input = event.currentTarget;
            const filtered = filterPhoneInput(input.value);
            if (filtered !== input.value) input.value = filtered;
          }}
        />
      </div>
      <details className="lead-form__address" open={hasAddress || undefined}>
        <summary>Your address (optional)</summary>
        <div className="lead-form__row">
          <TextField name={name('house_name')} label="House name" defaultValue={value('house_name')} maxLength={200} />
          <TextField
            name={name('house_number')}
            label="House number"
            defaultValue={value('house_number')}
            maxLength={200}
          />
        </div>
        <TextField
          name={name('street_address')}
          label="Street"
          autoComplete="address-line1"
          defaultValue={value('street_address')}
          maxLength={200}
        />
        <div className="lead-form__row">
          <TextField
            name={name('town')}
            label="Town"
            autoComplete="address-level2"
            defaultValue={value('town')}
            maxLength={200}
          />
          <TextField
            name={name('county')}
            label="County"
            autoComplete="address-level1"
            defaultValue={value('county')}
            maxLength={200}
          />
        </div>
        <TextField
          name={name('postcode')}
          label="Postcode"
          autoComplete="postal-code"
          className="lead-form__postcode"
          defaultValue={value('postcode')}
          maxLength={200}
        />
      </details>
      <TextAreaField
        name={name('message')}
        label={messageLabel ?? (isMessageRequired ? 'Message' : 'Message (optional)')}
        error={errors.message}
        defaultValue={values['lead[message]']}
        rows={8}
        maxLength={5000}
      />
      <CheckboxField
        name={name('opt_in_terms')}
        value="on"
        label={
          <>
            I agree to the{' '}
            <a href="/terms-of-use" target="_blank" rel="noopener">
              terms &amp; conditions
            </a>{' '}
            and{' '}
            <a href="/privacy-policy" target="_blank" rel="noopener">
              privacy policy
            </a>
          </>
        }
        error={errors.opt_in_terms}
        defaultChecked={values.opt_in_terms === 'on'}
      />
      <HoneypotField name="lead_client[body]" />
      <input type="hidden" name="lead_client[do_not_contact]" value="1" />
    </>
  );
}

/** Shown over the form while it is being sent (spec point 4: the form hides and a loading overlay shows). */
export function SendingOverlay({ text = 'Sending your enquiry…' }: { text?: string }) {
  return (
    <div className="lead-form__sending" role="status">
      <span className="lead-form__spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** The checkmark thank-you panel shown after a lead is accepted. */
export function ThankYou({
  title,
  message,
  closeLabel = 'Close',
  closeTo,
}: {
  title: string;
  message: string;
  closeLabel?: string;
  closeTo?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: keep focus inside the dialog, on the news.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="lead-thanks" role="status">
      <svg className="lead-thanks__icon" aria-hidden="true" width="48" height="48" viewBox="0 0 48 48">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <h3 className="lead-thanks__title" tabIndex={-1} ref={headingRef}>
        {title}
      </h3>
      <p>{message}</p>
      {closeTo ? (
        <Link to={closeTo} replace preventScrollReset className="button">
          {closeLabel}
        </Link>
      ) : null}
    </div>
  );
}

/** The bot check runs in the browser: say so to visitors without JavaScript rather than fail silently. */
export function BotCheckNoScript({ isOn }: { isOn: boolean }) {
  if (!isOn) return null;
  return (
    <noscript>
      <p className="lead-form__problem">
        This form runs a quick spam check in your browser. Please turn on JavaScript to send it, or call us instead.
      </p>
    </noscript>
  );
}
