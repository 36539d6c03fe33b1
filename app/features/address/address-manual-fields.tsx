/** The six typed address fields, named by the form that holds them (manual entry, and the no-JavaScript form). */
import { TextField } from '../../components/form-fields.tsx';
import type { AddressFields } from './address-lookup.ts';

export type AddressFieldKey = keyof AddressFields;
export type AddressFieldNames = Record<AddressFieldKey, string>;

const MANUAL_FIELDS: { key: AddressFieldKey; label: string; autoComplete?: string }[] = [
  { key: 'houseNumber', label: 'House number' },
  { key: 'houseName', label: 'House name' },
  { key: 'street', label: 'Street', autoComplete: 'address-line1' },
  { key: 'town', label: 'Town', autoComplete: 'address-level2' },
  { key: 'county', label: 'County', autoComplete: 'address-level1' },
  { key: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

export function ManualAddressFields({
  fieldNames,
  errors,
  values,
  onChange,
}: {
  fieldNames: AddressFieldNames;
  errors: Partial<Record<AddressFieldKey, string>>;
  values: AddressFields;
  /** Controlled when given; otherwise the values are only the starting ones (the no-JavaScript form). */
  onChange?: (key: AddressFieldKey, value: string) => void;
}) {
  return (
    <fieldset className="address-lookup__manual">
      <legend className="address-lookup__legend">Address</legend>
      <div className="address-lookup__grid">
        {MANUAL_FIELDS.map(({ key, label, autoComplete }) => (
          <TextField
            key={key}
            name={fieldNames[key]}
            label={label}
            autoComplete={autoComplete ?? 'off'}
            {...(onChange
              ? { value: values[key], onChange: (event) => onChange(key, event.target.value) }
              : { defaultValue: values[key] })}
            error={errors[key]}
            className={`address-lookup__field address-lookup__field--${key}`}
          />
        ))}
      </div>
    </fieldset>
  );
}
