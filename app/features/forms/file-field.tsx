/**
 * The custom form's file input (spec points 4 and 5): shows the chosen file's name with a tick, or an error.
 * A file over 10 MB is refused at once with "File size can't be over 10mb" and the selection is cleared.
 */
import { useState, type ChangeEvent } from 'react';
import { fieldId } from '../../components/form-fields.tsx';
import { clientFileError } from './custom-form.ts';
import { describeKinds, fileInputAccept, UPLOAD_KINDS, type UploadKind } from './file-types.ts';

export type FileFieldProps = {
  name: string;
  label: string;
  required: boolean;
  error: string | null;
  onErrorChange: (error: string | null) => void;
  /** The kinds this form's file field takes (all by default). */
  kinds?: readonly UploadKind[];
  helpText?: string;
};

export function FileField({
  name,
  label,
  required,
  error,
  onErrorChange,
  kinds = UPLOAD_KINDS,
  helpText,
}: FileFieldProps) {
  const [fileName, setFileName] = useState<string | null>(null);
  const id = fieldId(name);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const problem = clientFileError(file);
    if (problem) {
      input.value = '';
      setFileName(null);
      onErrorChange(problem);
      return;
    }
    setFileName(file?.name ?? null);
    onErrorChange(null);
  }

  return (
    <div className={`form-field custom-form__file${error ? ' form-field--error' : ''}`}>
      <label className="form-field__label form-field__label--always" htmlFor={id}>
        {label}
        {required ? null : <span className="custom-form__optional"> (optional)</span>}
      </label>
      <p className="form-field__hint" id={`${id}-hint`}>
        {helpText ? `${helpText} ` : null}
        {describeKinds(kinds)}, up to 10mb.
      </p>
      <input
        id={id}
        name={name}
        type="file"
        accept={fileInputAccept(kinds)}
        className="custom-form__file-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null, fileName ? `${id}-chosen` : null]
          .filter(Boolean)
          .join(' ')}
        onChange={onChange}
      />
      {fileName && !error ? (
        <p className="custom-form__file-chosen" id={`${id}-chosen`}>
          <span aria-hidden="true" className="custom-form__tick">
            ✓
          </span>{' '}
          <span className="visually-hidden">Selected file: </span>
          {fileName}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
