/** Step 1 (and the whole single-step form): channel, name, contact details and the property's address. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorSummary, HoneypotField, TextField } from '../../components/form-fields.tsx';
import { CsrfInput } from '../../components/form/form-parts.tsx';
import { useSchemaFormWithResult } from '../../components/form/use-schema-form.ts';
import type { FormResult } from '../../lib/http/form-submission.ts';
import { AddressLookup, type AddressLookupMode } from '../address/index.ts';
import { HONEYPOT_FIELD } from '../spam/index.ts';
import { BusyStatus } from './valuation-end-steps.tsx';
import {
  filterPhoneInput,
  valuationDetailsFormSchema,
  valuationSingleStepSchema,
  type ValuationChannel,
  type ValuationDetails,
} from './valuation-schema.ts';

const ADDRESS_FIELD_NAMES = {
  houseNumber: 'house_number',
  houseName: 'house_name',
  street: 'street',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
} as const;

/** The summary's links: the lookup's message points at its search box. */
const FIELD_IDS = { address: 'field-address' };

export function DetailsStep({
  csrfToken,
  formAction,
  isHidden,
  ariaLabel,
  isSingleStep,
  defaultChannel,
  values,
  lastResult,
  isBusy,
  confirmFields,
  onValid,
  onClose,
}: {
  csrfToken: string;
  /** Where the form posts without JavaScript: the modal's own address (its route action). */
  formAction: string;
  isHidden: boolean;
  ariaLabel: string;
  isSingleStep: boolean;
  defaultChannel: ValuationChannel;
  /** What a post without JavaScript sent, put back in the fields. */
  values: Record<string, string>;
  /** The errors of a post without JavaScript that came back to this form. */
  lastResult: FormResult | null;
  isBusy: boolean;
  /** Message and terms, shown here in single-step mode. */
  confirmFields: (errorOf: (field: string) => string | undefined) => ReactNode;
  /** The answers the schema accepted, and the honeypot as typed. */
  onValid: (details: ValuationDetails, honeypot: string) => Promise<void>;
  onClose: () => void;
}) {
  const [addressMode, setAddressMode] = useState<AddressLookupMode>('lookup');
  const form = useSchemaFormWithResult({
    id: 'valuation-details',
    schema: isSingleStep ? valuationSingleStepSchema(addressMode) : valuationDetailsFormSchema(addressMode),
    lastResult,
    onValid: ({ value, fields }) => onValid(value, fields[HONEYPOT_FIELD] ?? ''),
  });
  const errorOf = form.errorFor;
  const channel = values.channel ?? defaultChannel;
  const text = (name: string, label: string, autoComplete: string, maxLength: number, extra = {}) => (
    <TextField
      name={name}
      label={label}
      autoComplete={autoComplete}
      maxLength={maxLength}
      defaultValue={values[name]}
      error={errorOf(name)}
      {...extra}
    />
  );
  return (
    <>
      {isHidden ? null : <ErrorSummary errors={form.errors} fieldIds={FIELD_IDS} focusKey={form.focusKey} />}
      <form
        className="valuation-form"
        method="post"
        action={formAction}
        {...form.formProps}
        hidden={isHidden}
        aria-label={ariaLabel}
      >
        <CsrfInput token={csrfToken} />
        <input type="hidden" name="valuation_step" value={isSingleStep ? 'single' : 'details'} />
        <fieldset className="valuation-channel">
          <legend className="valuation-channel__legend">Would you like a valuation for selling or letting?</legend>
          <div className="valuation-channel__options">
            <label className="valuation-channel__option">
              <input type="radio" name="channel" value="selling" defaultChecked={channel === 'selling'} />
              Selling
            </label>
            <label className="valuation-channel__option">
              <input type="radio" name="channel" value="letting" defaultChecked={channel === 'letting'} />
              Letting
            </label>
          </div>
          {errorOf('channel') ? <p className="form-field__error">{errorOf('channel')}</p> : null}
        </fieldset>
        <div className="valuation-form__grid">
          {text('first_name', 'First name', 'given-name', 50)}
          {text('last_name', 'Last name', 'family-name', 50)}
          {text('email', 'Email', 'email', 254, { type: 'email' })}
          {text('tel_home', 'Phone number', 'tel', 30, {
            type: 'tel',
            inputMode: 'tel',
            onInput: (event: FormEvent<HTMLInputElement>) => {
              const input = event.currentTarget;
              const filtered = filterPhoneInput(input.value);
              if (filtered !== input.value) input.value = filtered;
            },
          })}
        </div>
        <AddressLookup
          fieldNames={ADDRESS_FIELD_NAMES}
          errors={{
            address: errorOf('address'),
            houseNumber: errorOf('house_number'),
            houseName: errorOf('house_name'),
            street: errorOf('street'),
            town: errorOf('town'),
            county: errorOf('county'),
            postcode: errorOf('postcode'),
          }}
          defaultValues={{
            houseNumber: values.house_number ?? '',
            houseName: values.house_name ?? '',
            street: values.street ?? '',
            town: values.town ?? '',
            county: values.county ?? '',
            postcode: values.postcode ?? '',
          }}
          label="Property address"
          onModeChange={setAddressMode}
        />
        <HoneypotField name={HONEYPOT_FIELD} />
        {isSingleStep ? confirmFields(errorOf) : null}
        <div className="valuation-actions">
          <button type="button" className="button" onClick={onClose} disabled={isBusy}>
            Back
          </button>
          <button type="submit" className="button button--primary" disabled={isBusy}>
            {isSingleStep ? 'Request valuation' : 'Next'}
          </button>
        </div>
        {isBusy ? <BusyStatus text={isSingleStep ? 'Sending your request…' : 'Finding your local branch…'} /> : null}
      </form>
    </>
  );
}
