/** A calculator's number box, with its prefix or suffix, hint and error. */
import { MORTGAGE_INPUT_MAX_LENGTH } from './mortgage.ts';

type FieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  prefix?: string;
  suffix?: string;
  hint?: string;
  inputMode: 'numeric' | 'decimal';
};

export function NumberField({ id, label, value, onChange, error, prefix, suffix, hint, inputMode }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`calc-field${error ? ' calc-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="calc-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="calc-field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="calc-field__control">
        {prefix ? (
          <span className="calc-field__affix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          maxLength={MORTGAGE_INPUT_MAX_LENGTH}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {suffix ? (
          <span className="calc-field__affix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
    </div>
  );
}
