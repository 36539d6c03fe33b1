/**
 * Form fields shared by the lead, valuation, form and account screens.
 * Spec point 9: at 768 px and wider labels sit above inputs; narrower screens show the label as the placeholder and
 * keep the label for screen readers (form-fields.css). Errors are text next to the field (with a hidden 'Error:'
 * prefix), linked with aria-describedby, and listed in an <ErrorSummary> (GOV.UK pattern) that takes focus.
 */
import {
  useEffect,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './form-fields.css';

export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '')}`;
}

type Common = {
  name: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
};

function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldMessages({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
    </>
  );
}

export type TextFieldProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className'>;

export function TextField({ name, label, error, hint, id, className, placeholder, ...rest }: TextFieldProps) {
  const inputId = id ?? fieldId(name);
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="form-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className="form-field__input"
        placeholder={placeholder ?? (typeof label === 'string' ? label : undefined)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
      <FieldMessages id={inputId} error={error} hint={hint} />
    </div>
  );
}

export type TextAreaFieldProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'className'>;

/** Message textareas have 8 rows (spec point 9). */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  id,
  className,
  rows = 8,
  placeholder,
  ...rest
}: TextAreaFieldProps) {
  const inputId = id ?? fieldId(name);
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="form-field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        name={name}
        rows={rows}
        className="form-field__input"
        placeholder={placeholder ?? (typeof label === 'string' ? label : undefined)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
      <FieldMessages id={inputId} error={error} hint={hint} />
    </div>
  );
}

export type CheckboxFieldProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className' | 'type'>;

export function CheckboxField({ name, label, error, hint, id, className, ...rest }: CheckboxFieldProps) {
  const inputId = id ?? fieldId(name);
  return (
    <div
      className={`form-field form-field--checkbox${error ? ' form-field--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <input
        id={inputId}
        name={name}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
      <label htmlFor={inputId}>{label}</label>
      <FieldMessages id={inputId} error={error} hint={hint} />
    </div>
  );
}

export type SelectFieldProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'className'> & {
    options: readonly { value: string; label: string }[];
  };

export function SelectField({ name, label, error, hint, id, className, options, ...rest }: SelectFieldProps) {
  const inputId = id ?? fieldId(name);
  return (
    <div
      className={`form-field form-field--select${error ? ' form-field--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <label className="form-field__label form-field__label--always" htmlFor={inputId}>
        {label}
      </label>
      <select
        id={inputId}
        name={name}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={inputId} error={error} hint={hint} />
    </div>
  );
}

/** Honeypot: hidden from people and assistive technology, left empty by them; bots fill it. */
export function HoneypotField({ name = 'body' }: { name?: string }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={`hp-${name.replace(/\W+/g, '-')}`}>Leave this field empty</label>
      <input
        id={`hp-${name.replace(/\W+/g, '-')}`}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

export type FieldError = { field: string; message: string };

/** 'There is a problem' with one link per error; focus moves to it when errors appear (GOV.UK error summary). */
export function ErrorSummary({
  errors,
  fieldIds,
  focusKey,
}: {
  errors: readonly FieldError[];
  fieldIds?: Record<string, string>;
  /** When given, focus moves only when it changes (on submit), so errors updated while typing keep the caret. */
  focusKey?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((error) => `${error.field}:${error.message}`).join('|');
  const hasErrors = signature !== '';
  const trigger = focusKey ?? signature;
  const focusedFor = useRef<number | string | null>(null);
  useEffect(() => {
    // Once per trigger: errors that appear after a submit (a server's answer) take focus, live edits do not.
    if (!hasErrors || focusedFor.current === trigger) return;
    focusedFor.current = trigger;
    ref.current?.focus();
  }, [trigger, hasErrors]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h3 className="error-summary__title" id="error-summary-title">
        There is a problem
      </h3>
      <ul className="error-summary__list">
        {errors.map((error) => {
          const target = fieldIds?.[error.field] ?? fieldId(error.field);
          return (
            <li key={`${error.field}-${error.message}`}>
              <a
                href={`#${target}`}
                onClick={(event) => {
                  const element = document.getElementById(target);
                  if (element) {
                    event.preventDefault();
                    element.focus();
                  }
                }}
              >
                {error.message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
