/** One field of a custom form definition, as the matching shared form field. */
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { submissionFieldName, type FormElement } from './custom-form.ts';
import { FileField } from './file-field.tsx';
import { allowedKindsOf } from './file-types.ts';
import { ownEntry } from '../../lib/own-entry.ts';

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

export function CustomFormElement({
  field,
  error,
  defaultValue,
  onFileError,
}: {
  field: FormElement;
  error: string | null;
  /** The answer a post without JavaScript sent, shown again. */
  defaultValue?: string;
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
            kinds={allowedKindsOf(field.fileTypes)}
            helpText={field.helpText}
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
          defaultValue={defaultValue ?? field.value}
          disabled={field.disabled}
          maxLength={5000}
          hint={field.helpText || undefined}
          placeholder={field.placeholder || undefined}
        />
      );
    case 'select':
      return (
        <SelectField
          className={className}
          name={name}
          label={label}
          error={error}
          defaultValue={defaultValue ?? field.value ?? ''}
          disabled={field.disabled}
          hint={field.helpText || undefined}
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
          defaultChecked={defaultValue === '1'}
          disabled={field.disabled}
          hint={field.helpText || undefined}
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
          autoComplete={ownEntry(AUTOCOMPLETE, field.fieldName)}
          inputMode={field.inputType === 'tel' ? 'tel' : undefined}
          defaultValue={defaultValue ?? field.value}
          disabled={field.disabled}
          maxLength={5000}
          hint={field.helpText || undefined}
          placeholder={field.placeholder || undefined}
        />
      );
  }
}
