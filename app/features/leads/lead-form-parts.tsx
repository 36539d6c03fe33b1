/**
 * The pieces the viewing, staff and department forms share (spec point 3 'Lead form'): the visitor's fields with
 * their Rails-style names, the error summary, the CSRF token and the panels shown while sending and after. The
 * forms' hook and the analytics event are in use-lead-form.ts.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CheckboxField, ErrorSummary, HoneypotField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import {
  filterPhoneInput,
  LEAD_FIELD_ORDER,
  leadFieldName,
  type FieldErrors,
  type LeadFieldKey,
} from './lead-schemas.ts';
import { summaryErrors, type LeadVariant } from './use-lead-form.ts';
import './leads.css';

/** The masked authenticity token of this page (root loader data). */
export { useCsrfToken } from '../site/index.ts';

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
